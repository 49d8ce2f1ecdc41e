import { type AppState, type AppStore, snapshotOf } from './store.ts';

/** sessionStorage key of the saved state. */
export const STORAGE_KEY = 'patient-h5:app-state';

/** Reads the state saved when the page was last hidden, and removes the saved copy (000 §3). */
export function takeSavedState(storage: Storage = sessionStorage): Partial<AppState> | undefined {
  const saved = storage.getItem(STORAGE_KEY);
  if (saved === null) return undefined;
  storage.removeItem(STORAGE_KEY);
  try {
    const parsed: unknown = JSON.parse(saved);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<AppState>) : undefined;
  } catch {
    return undefined;
  }
}

/** Saves the whole state to sessionStorage whenever the page is hidden. Returns a stop function. */
export function saveWhenHidden(
  store: AppStore,
  win: Window = window,
  storage: Storage = sessionStorage,
): () => void {
  const save = () => {
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(snapshotOf(store.getState())));
    } catch {
      // Storage full or disabled (private mode): the state is simply not carried over.
    }
  };
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') save();
  };
  win.document.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', save);
  return () => {
    win.document.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pagehide', save);
  };
}

/** localStorage key prefix of the settings kept on the device across visits (elder mode, prompts answered). */
export const DEVICE_SETTING_PREFIX = 'patient-h5:';

/** A setting kept on this device (localStorage), or null when unset or storage is unavailable. */
export function readDeviceSetting(
  name: string,
  storage: Storage | undefined = globalThis.localStorage,
): string | null {
  try {
    return storage?.getItem(DEVICE_SETTING_PREFIX + name) ?? null;
  } catch {
    return null;
  }
}

/** Keeps a setting on this device (null removes it); storage full or disabled leaves it unsaved. */
export function writeDeviceSetting(
  name: string,
  value: string | null,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    if (value === null) storage?.removeItem(DEVICE_SETTING_PREFIX + name);
    else storage?.setItem(DEVICE_SETTING_PREFIX + name, value);
  } catch {
    // Private mode or storage full: the setting lasts for this page only.
  }
}
