import type { HealthInfo } from '@patient/contract';

/** Personal information as the form holds it (the full ID stays on this device until it is sent). */
export interface PersonDraft {
  contactId: string | null;
  name: string;
  identityCard: string;
  phone: string;
  address: string;
}

/** What has been filled so far, for one community: kept in sessionStorage across the three forms. */
export interface ScreeningDraft {
  communityId: string;
  communityName: string;
  person: PersonDraft | null;
  health: HealthInfo | null;
}

const KEY = 'patient.screening.draft';

/** The draft of `communityId` (or of any community when omitted), or null. */
export function readDraft(communityId?: string): ScreeningDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const draft = raw ? (JSON.parse(raw) as ScreeningDraft) : null;
    if (!draft || (communityId !== undefined && draft.communityId !== communityId)) return null;
    return draft;
  } catch {
    return null;
  }
}

/** Saves the draft (a new community starts a new one). */
export function writeDraft(draft: ScreeningDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Private mode without storage: the forms still work within the page.
  }
}

/** Forgets the draft (after it was sent). */
export function clearDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
