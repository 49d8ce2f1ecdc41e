/** Theme names: styles.css has a block for each; a hospital's config picks one (HospitalConfig.theme). */
export const THEMES = ['green', 'blue', 'red', 'orange', 'purple'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'green';

/** Normalises a theme name (case and spaces ignored; unknown → green). */
export function resolveTheme(value: string | null | undefined): ThemeName {
  const name = value?.trim().toLowerCase();
  return (THEMES as readonly string[]).includes(name ?? '') ? (name as ThemeName) : DEFAULT_THEME;
}

/**
 * Sets the theme as `data-theme` on the page root. The colours live in theme.css as CSS variables on
 * `html[data-theme=…]`, so react-vant's toasts and dialogs, rendered outside any React provider, follow it.
 */
export function applyTheme(
  value: string | null | undefined,
  root: HTMLElement = document.documentElement,
): ThemeName {
  const theme = resolveTheme(value);
  root.dataset.theme = theme;
  return theme;
}

/**
 * Elder mode (适老化): 18 px text, 30 px headings and 60 px tap targets, switched by one attribute on the page
 * root (the variables of styles.css). Toasts stay until the next tap in it (feedback.ts).
 */
export function setElderMode(on: boolean, root: HTMLElement = document.documentElement): void {
  if (on) root.dataset.elder = 'true';
  else delete root.dataset.elder;
}

/** Whether elder mode is on. */
export function isElderMode(root: HTMLElement = document.documentElement): boolean {
  return root.dataset.elder === 'true';
}
