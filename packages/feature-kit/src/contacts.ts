import { api, isCancelled } from '@patient/api-client';
import { appStore, updateAppState, useAppState } from '@patient/app-state';
import { type Contact, listContacts } from '@patient/contract';
import { useCallback, useEffect, useState } from 'react';

export type Relation = Contact['contactDO']['relation'];

/** Relations in the order the form offers them. */
export const RELATION_OPTIONS: readonly { value: Relation; label: string }[] = [
  { value: 'SELF', label: '本人' },
  { value: 'PARENT', label: '父母' },
  { value: 'CHILD', label: '子女' },
  { value: 'SPOUSE', label: '配偶' },
  { value: 'RELATIVE', label: '亲属' },
  { value: 'FRIEND', label: '朋友' },
  { value: 'OTHER', label: '其他' },
];

/** Chinese label of a relation (本人, 父母 …). */
export function relationLabel(relation: Relation): string {
  return RELATION_OPTIONS.find((o) => o.value === relation)?.label ?? '其他';
}

/** The default contact first, the others in the service's order. */
export function sortContacts(contacts: readonly Contact[]): Contact[] {
  return [...contacts].sort((a, b) => Number(b.contactDO.isDefault) - Number(a.contactDO.isDefault));
}

/**
 * Fetches the account's contacts and puts them in app state (`contacts`, default first). Call it after every
 * change to a contact so that every screen sees the same list. Rejects like api.request (already shown).
 */
export async function reloadContacts(signal?: AbortSignal): Promise<Contact[]> {
  const list = await api.request(listContacts, { query: { time: String(Date.now()) } }, { signal });
  const ordered = sortContacts(list);
  updateAppState((s) => {
    s.contacts = ordered;
    s.contactsLoaded = true;
    if (s.healthCard && !ordered.some((c) => c.contactId === s.healthCard?.contactId)) s.healthCard = null;
  });
  return ordered;
}

/** The contacts from app state, fetched (and stored) when they are not loaded yet. */
export async function ensureContacts(signal?: AbortSignal): Promise<Contact[]> {
  const state = appStore.getState();
  if (state.contactsLoaded) return state.contacts;
  return reloadContacts(signal);
}

export type LoadState = 'loading' | 'ready' | 'error';

export interface ContactsView {
  /** Default first. May be the copy already in app state while a refresh runs. */
  contacts: Contact[];
  /** 'ready' as soon as there is a list to show (a cached one counts). */
  state: LoadState;
  /** Why the load failed (an ApiError), when state is 'error'. */
  error: unknown;
  retry(): void;
}

/**
 * The account's contacts from app state (the shell loads them before 'loads patients' routes), fetched when
 * they are not there yet. With `refresh`, they are fetched again on entry (the cached list stays on screen
 * meanwhile), for screens that manage contacts.
 */
export function useContacts({ refresh = false }: { refresh?: boolean } = {}): ContactsView {
  const contacts = useAppState((s) => s.contacts);
  const loaded = useAppState((s) => s.contactsLoaded);
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  useEffect(() => {
    if (attempt === 0 && !refresh && appStore.getState().contactsLoaded) return;
    let live = true;
    setFailure(null);
    reloadContacts().catch((error: unknown) => {
      if (live && !isCancelled(error)) setFailure({ error });
    });
    return () => {
      live = false;
    };
  }, [attempt, refresh]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: LoadState = loaded ? 'ready' : failure ? 'error' : 'loading';
  return { contacts, state, error: failure?.error ?? null, retry };
}
