import { api, isCancelled } from '@patient/api-client';
import { appStore, updateAppState, useAppState } from '@patient/app-state';
import { type Contact, getContact, listContacts } from '@patient/contract';
import { useCallback, useEffect, useState } from 'react';
import { type Remote, useRemote } from '../cards/useRemote.ts';
import { sortContacts } from './labels.ts';

/**
 * Fetches the account's contacts and puts them in app state (`contacts`, default first). Call it after every
 * change to a contact so that every screen sees the same list. Rejects like api.request (already shown).
 */
export async function reloadContacts(): Promise<Contact[]> {
  const list = await api.request(listContacts, { query: { time: String(Date.now()) } });
  const ordered = sortContacts(list);
  updateAppState((s) => {
    s.contacts = ordered;
    s.contactsLoaded = true;
    if (s.healthCard && !ordered.some((c) => c.contactId === s.healthCard?.contactId)) s.healthCard = null;
  });
  return ordered;
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
 * The account's contacts from app state, loaded when they are not there yet. With `refresh`, they are fetched
 * again on entry (the cached list stays on screen meanwhile), for screens that manage contacts.
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

/** The hospital the app is opened for (app state), falling back to the build's configured id. */
export function useHospitalId(fallback: string | null): string | null {
  return useAppState((s) => s.hospitalId) ?? fallback;
}

/** One contact as the service has it now (getContact), for the screens that show or check its details. */
export function useContact(contactId: string): Remote<Contact> {
  return useRemote((signal) => api.request(getContact, { params: { contactId } }, { signal }), contactId);
}
