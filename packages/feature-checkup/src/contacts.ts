import { api, isCancelled } from '@patient/api-client';
import { appStore, updateAppState, useAppState } from '@patient/app-state';
import { type Contact, listContacts } from '@patient/contract';
import { useCallback, useEffect, useState } from 'react';

export interface ContactsView {
  /** Default first. */
  contacts: Contact[];
  state: 'loading' | 'ready' | 'error';
  error: unknown;
  retry(): void;
}

/**
 * The account's contacts from app state (the shell loads them before 'loads patients' routes); fetched here
 * when they are not there yet (a screen opened outside those routes, or the shell's load failed).
 */
export function useContacts(): ContactsView {
  const contacts = useAppState((s) => s.contacts);
  const loaded = useAppState((s) => s.contactsLoaded);
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  useEffect(() => {
    if (appStore.getState().contactsLoaded) return;
    let live = true;
    setFailure(null);
    api.request(listContacts, { query: { time: String(Date.now()) } }).then(
      (list) => {
        const ordered = [...list].sort(
          (a, b) => Number(b.contactDO.isDefault) - Number(a.contactDO.isDefault),
        );
        updateAppState((s) => {
          s.contacts = ordered;
          s.contactsLoaded = true;
        });
      },
      (error: unknown) => {
        if (live && !isCancelled(error)) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    contacts,
    state: loaded ? 'ready' : failure ? 'error' : 'loading',
    error: failure?.error ?? null,
    retry,
  };
}

const RELATIONS: Record<string, string> = {
  SELF: '本人',
  PARENT: '父母',
  CHILD: '子女',
  SPOUSE: '配偶',
  RELATIVE: '亲属',
  FRIEND: '朋友',
  OTHER: '其他',
};

/** 本人, 父母, … */
export const relationLabel = (relation: string) => RELATIONS[relation] ?? '其他';

/** The contacts from app state, fetched (and stored) when they are not loaded yet. */
export async function ensureContacts(signal?: AbortSignal): Promise<Contact[]> {
  const state = appStore.getState();
  if (state.contactsLoaded) return state.contacts;
  const list = await api.request(listContacts, { query: { time: String(Date.now()) } }, { signal });
  const ordered = [...list].sort((a, b) => Number(b.contactDO.isDefault) - Number(a.contactDO.isDefault));
  updateAppState((s) => {
    s.contacts = ordered;
    s.contactsLoaded = true;
  });
  return ordered;
}
