import { useStore } from 'zustand';
import { saveWhenHidden, takeSavedState } from './persistence.ts';
import { type AppActions, type AppState, createAppStore } from './store.ts';

export {
  DEVICE_SETTING_PREFIX,
  readDeviceSetting,
  STORAGE_KEY,
  saveWhenHidden,
  takeSavedState,
  writeDeviceSetting,
} from './persistence.ts';
export {
  type AppActions,
  type AppState,
  type AppStore,
  createAppStore,
  initialAppState,
  type SelectedHealthCard,
} from './store.ts';

/** The app's one store, restored from the copy saved when the page was last hidden. */
export const appStore = createAppStore(typeof window === 'undefined' ? {} : takeSavedState());

let saving = false;
/** Starts saving the store when the page is hidden (app-shell calls it at start-up; later calls do nothing). */
export function persistAppState(): void {
  if (saving) return;
  saving = true;
  saveWhenHidden(appStore);
}

/** Reads a slice of the app state in a component, re-rendering when it changes. */
export function useAppState<T>(selector: (state: AppState & AppActions) => T): T {
  return useStore(appStore, selector);
}

/** Changes the app state outside React (an immer recipe). */
export const updateAppState = (recipe: (draft: AppState) => void) => appStore.getState().update(recipe);
