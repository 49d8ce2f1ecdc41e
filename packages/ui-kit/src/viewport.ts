/** Widest layout width: on tablets and desktops the app keeps a phone-sized column. */
export const MAX_LAYOUT_WIDTH = 540;

/** Root font size for a screen width: width / 3.75 (so 1rem = 100 design px on a 375 px screen). */
export function rootFontSizeFor(width: number): number {
  return Math.min(Math.max(width, 320), MAX_LAYOUT_WIDTH) / 3.75;
}

/** Keeps the root font size at screen width / 3.75, also after rotation and resizing. Returns a stop function. */
export function applyRootFontSize(win: Window = window): () => void {
  const update = () => {
    win.document.documentElement.style.fontSize = `${rootFontSizeFor(win.document.documentElement.clientWidth || win.innerWidth)}px`;
  };
  update();
  win.addEventListener('resize', update);
  win.addEventListener('orientationchange', update);
  return () => {
    win.removeEventListener('resize', update);
    win.removeEventListener('orientationchange', update);
  };
}
