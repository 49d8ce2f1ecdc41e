import type { Contact, SessionUser, SystemParamMap } from '@patient/contract';
import { immer } from 'zustand/middleware/immer';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Health-card details of the selected contact, kept while the patient moves between card screens. */
export interface SelectedHealthCard {
  contactId: string;
  healthCardId: string;
  cardNo: string;
}

/**
 * The client state of 000 §3. Pending-request cancel handles are not here: they are not serialisable and
 * live in api-client's registry.
 */
export interface AppState {
  hospitalId: string | null;
  organizationCode: string | null;
  hospitalName: string | null;
  canGoToHealthCard: boolean;
  systemParam: SystemParamMap;
  /**
   * The hospital's start-up data (name, health-card switch, system parameters): 'pending' until its call
   * answered, 'failed' while it could not be loaded (the shell asks again when the page comes back).
   */
  startup: 'pending' | 'done' | 'failed';
  /** The service is a demonstration deployment (start-up answer's `demo`): the shell shows 演示环境. */
  demo: boolean;
  /** The logged-in user, or null. */
  auth: SessionUser | null;
  /** Whether `auth` is what the service said: 'checking' until it answered, 'failed' when it could not. */
  authStatus: 'checking' | 'known' | 'failed';
  /** The doctor chosen on the booking screens. */
  normalDoctor: Record<string, unknown> | null;
  /** The last report search (card, date range), so the result list survives a round trip. */
  reportSearch: Record<string, unknown> | null;
  /** Current homepage banner index. */
  swiperIndex: number;
  healthCard: SelectedHealthCard | null;
  /** The user's contacts, default first (loaded before 'loads patients' routes). */
  contacts: Contact[];
  /** False until the contacts were loaded once in this page life. */
  contactsLoaded: boolean;
  /** Elder mode (适老化) is on: large text and targets, the elder homepage. */
  elderMode: boolean;
  /** The messaging app's own text size is large and elder mode was not chosen yet: offer it. */
  elderOffer: boolean;
}

export const initialAppState = (): AppState => ({
  hospitalId: null,
  organizationCode: null,
  hospitalName: null,
  canGoToHealthCard: false,
  systemParam: {},
  startup: 'pending',
  demo: false,
  auth: null,
  authStatus: 'checking',
  normalDoctor: null,
  reportSearch: null,
  swiperIndex: 0,
  healthCard: null,
  contacts: [],
  contactsLoaded: false,
  elderMode: false,
  elderOffer: false,
});

export interface AppActions {
  /** Changes the state with an immer recipe. */
  update(recipe: (draft: AppState) => void): void;
  /** Back to the initial state (logout). Keeps the hospital and elder mode. */
  resetUser(): void;
}

export type AppStore = StoreApi<AppState & AppActions>;

export function createAppStore(initial: Partial<AppState> = {}): AppStore {
  return createStore<AppState & AppActions>()(
    immer((set) => ({
      ...initialAppState(),
      ...initial,
      update: (recipe) => set((draft) => void recipe(draft)),
      resetUser: () =>
        set((draft) => {
          const keep = {
            hospitalId: draft.hospitalId,
            organizationCode: draft.organizationCode,
            hospitalName: draft.hospitalName,
            canGoToHealthCard: draft.canGoToHealthCard,
            systemParam: draft.systemParam,
            elderMode: draft.elderMode,
            elderOffer: draft.elderOffer,
            startup: draft.startup,
            demo: draft.demo,
          };
          // Logged out: the service's answer is known (no user).
          Object.assign(draft, initialAppState(), keep, { authStatus: 'known' });
        }),
    })),
  );
}

/** Only the data fields, for saving. */
export function snapshotOf(state: AppState & Partial<AppActions>): AppState {
  const { update: _update, resetUser: _reset, ...data } = state;
  return data as AppState;
}
