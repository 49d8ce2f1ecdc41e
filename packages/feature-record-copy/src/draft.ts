import type { CopyableStay, RecordCopyApplicant, RecordCopyPhotoKind } from '@patient/contract';
import { useSyncExternalStore } from 'react';

/**
 * The application being filled in across its screens (patient → stays → purpose and parts → photos and
 * delivery), kept in sessionStorage so that a reload or a trip to the address book keeps it. Cleared once
 * submitted.
 */
export interface Draft {
  hospitalId: string | null;
  patient: { contactId: string; name: string; cardId: string } | null;
  applicant: RecordCopyApplicant;
  stays: CopyableStay[];
  purpose: string | null;
  parts: string[];
  copies: number;
  delivery: 'EXPRESS' | 'PICKUP';
  addressId: string | null;
  photos: Partial<Record<RecordCopyPhotoKind, string>>;
}

const KEY = 'pk-record-copy-draft';

export const EMPTY_DRAFT: Draft = {
  hospitalId: null,
  patient: null,
  applicant: 'SELF',
  stays: [],
  purpose: null,
  parts: [],
  copies: 1,
  delivery: 'EXPRESS',
  addressId: null,
  photos: {},
};

function read(): Draft {
  try {
    const text = sessionStorage.getItem(KEY);
    return text ? { ...EMPTY_DRAFT, ...(JSON.parse(text) as Partial<Draft>) } : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

let current: Draft = read();
const listeners = new Set<() => void>();

export function getDraft(): Draft {
  return current;
}

/** Changes the draft (and keeps it for this tab). */
export function updateDraft(change: Partial<Draft>): void {
  current = { ...current, ...change };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // private mode: the draft lives in memory only
  }
  for (const listener of listeners) listener();
}

export function clearDraft(): void {
  current = EMPTY_DRAFT;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useDraft(): Draft {
  return useSyncExternalStore(subscribe, getDraft);
}
