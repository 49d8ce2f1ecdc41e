import { api } from '@patient/api-client';
import { type Contact, type HealthCard, listHealthCards } from '@patient/contract';
import { type LoadState, useContacts, useRemote } from '@patient/feature-kit';

export interface HealthCardsView {
  /** The account's contacts, default first. */
  contacts: Contact[];
  /** The account's electronic health cards. */
  cards: HealthCard[];
  /** 'error' when either list failed, else 'loading' until both are there. */
  state: LoadState;
  /** Why a list failed (the contacts' failure first). */
  error: unknown;
  /** Loads the lists that failed again. */
  retry(): void;
}

/**
 * What the health-card screens list: the account's contacts (fetched again on entry) and its electronic
 * health cards (listHealthCards), together.
 */
export function useHealthCards(): HealthCardsView {
  const people = useContacts({ refresh: true });
  const health = useRemote((signal) => api.request(listHealthCards, {}, { signal }), 'healthCards');
  const healthState: LoadState = health.data ? 'ready' : health.status === 'error' ? 'error' : 'loading';
  const failed = people.state === 'error' || healthState === 'error';
  return {
    contacts: people.contacts,
    cards: health.data ?? [],
    state: failed ? 'error' : people.state === 'loading' || healthState === 'loading' ? 'loading' : 'ready',
    error: people.state === 'error' ? people.error : health.error,
    retry: () => {
      if (people.state === 'error') people.retry();
      if (healthState === 'error') health.reload();
    },
  };
}
