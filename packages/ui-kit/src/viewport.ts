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

/** `-webkit-text-size-adjust` as a factor (120% → 1.2); 1 for none, auto or 100%. */
function textSizeAdjustOf(el: HTMLElement, win: Window): number {
  const value =
    el.style.getPropertyValue('-webkit-text-size-adjust') ||
    win.getComputedStyle(el).getPropertyValue('-webkit-text-size-adjust');
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(value.trim());
  return percent ? Number(percent[1]) / 100 : 1;
}

/**
 * How much the host enlarges text (a messaging app's or the system's text size setting); 1 when it does not.
 * WeChat on iOS sets `-webkit-text-size-adjust` (e.g. 120%) on the page; an Android WebView with a larger text
 * zoom (WeChat's font size, the system's) renders the root font size larger than applyRootFontSize set it.
 */
export function hostTextScale(win: Window = window): number {
  const { documentElement: root, body } = win.document;
  const set = Number.parseFloat(root.style.fontSize);
  const computed = Number.parseFloat(win.getComputedStyle(root).fontSize);
  const zoom = set > 0 && computed > 0 ? computed / set : 1;
  return Math.max(1, zoom, textSizeAdjustOf(root, win), body ? textSizeAdjustOf(body, win) : 1);
}
