import type { ApiClient } from '@patient/api-client';
import type { AppStore } from '@patient/app-state';
import { listContacts } from '@patient/contract';

/** Loads the user's contacts into the store, default contact first (000 §7). */
export async function loadContacts(api: Pick<ApiClient, 'request'>, store: AppStore): Promise<void> {
  const contacts = await api.request(listContacts, { query: { time: String(Date.now()) } });
  const ordered = [...contacts].sort((a, b) => Number(b.contactDO.isDefault) - Number(a.contactDO.isDefault));
  store.getState().update((s) => {
    s.contacts = ordered;
    s.contactsLoaded = true;
  });
}
