import { DEVICE_SETTING_PREFIX, readDeviceSetting, writeDeviceSetting } from '@patient/app-state';
import { applyTheme, THEMES, type ThemeName } from '@patient/ui-kit';

/**
 * The theme of 000 §3/§9: the service's THEME_CONFIG (system parameter map) is the hospital's theme. The build's
 * theme (HospitalConfig.theme, in index.html) is the first paint and the fallback; a THEME_CONFIG that names
 * another known theme is applied at once and kept on this device, per hospital id, so that the next visit
 * paints it from the first frame (themeBootScript, before any module runs; rememberedTheme at mount).
 */

/** Device setting (app-state's `patient-h5:` prefix) holding the theme last given by the service for a hospital. */
export const themeSettingOf = (hospitalId: string) => `theme:${hospitalId}`;

/** The theme a value names exactly ('blue'; case and spaces ignored), or null: unknown values are ignored. */
export function knownTheme(value: unknown): ThemeName | null {
  if (typeof value !== 'string') return null;
  const name = value.trim().toLowerCase();
  return (THEMES as readonly string[]).includes(name) ? (name as ThemeName) : null;
}

/** localStorage, or undefined where reading it throws (storage disabled). */
function deviceStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The theme to paint: the one remembered for this hospital if it is a known theme, else the build's. */
export function rememberedTheme(
  hospitalId: string | null,
  buildTheme: ThemeName,
  storage: Storage | undefined = deviceStorage(),
): ThemeName {
  if (!hospitalId) return buildTheme;
  return knownTheme(readDeviceSetting(themeSettingOf(hospitalId), storage)) ?? buildTheme;
}

/**
 * Applies the service's THEME_CONFIG: a known theme other than the current one switches `data-theme` at once
 * (no rebuild), and a known theme is remembered for the hospital. An unknown or missing value changes nothing.
 * Returns the theme applied, or null when the value was ignored.
 */
export function applyServiceTheme(
  hospitalId: string,
  value: unknown,
  storage: Storage | undefined = deviceStorage(),
  root: HTMLElement = document.documentElement,
): ThemeName | null {
  const theme = knownTheme(value);
  if (!theme) return null;
  if (root.dataset.theme !== theme) applyTheme(theme, root);
  writeDeviceSetting(themeSettingOf(hospitalId), theme, storage);
  return theme;
}

/**
 * The inline script, first in index.html's head (configs/vite.app.ts `prerenderedHomepage`), that paints the
 * theme remembered for the hospital from the first frame: the hospital id as hospitalIdFrom finds it (`state`
 * parameter, else the configured id), the remembered value only if it is a known theme; anything else (none,
 * corrupt, storage disabled) leaves the build's `data-theme`.
 */
export function themeBootScript(config: { id: string | null }): string {
  return (
    `(function(){try{var m=/[?&]state=([A-Za-z0-9_-]{1,64})(?:[&#]|$)/.exec(location.search),` +
    `h=m?m[1]:${JSON.stringify(config.id)};if(!h)return;` +
    `var t=localStorage.getItem(${JSON.stringify(`${DEVICE_SETTING_PREFIX}theme:`)}+h);` +
    `t=t&&t.replace(/^\\s+|\\s+$/g,'').toLowerCase();` +
    `if(${JSON.stringify(THEMES)}.indexOf(t)>=0)document.documentElement.setAttribute('data-theme',t)` +
    '}catch(x){}})()'
  );
}
