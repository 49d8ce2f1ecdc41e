import { COMPANION_RELATIONS, type CompanionCard, companionStatusOf } from '@patient/contract';
import type { StatusLook } from '@patient/feature-kit';
import { chinaDateTime } from '@patient/validation';

export { useHospitalId } from '@patient/feature-kit';
/** A date-time as China reads it: 2025-03-10 09:00. */
export const dateTime = (iso: string): string => chinaDateTime(iso);

/** The card's status as a badge or banner (an unknown status reads as expired); a rejection says why. */
export function statusLook(card: Pick<CompanionCard, 'status' | 'rejectReason'>): StatusLook {
  const info = companionStatusOf(card.status);
  const hint =
    info.status === 'REJECTED' && card.rejectReason ? `${info.hint}：${card.rejectReason}` : info.hint;
  return { label: info.title, hint, tone: info.tone };
}

export const relationName = (relation: string): string =>
  COMPANION_RELATIONS[relation as keyof typeof COMPANION_RELATIONS] ?? '其他';

/** The cards (陪护证) list shows these; the applications list the others. */
export const CARD_STATUSES = ['EFFECTIVE', 'CANCELLED', 'EXPIRED'] as const;
export const APPLICATION_STATUSES = ['APPLYING', 'REJECTED', 'WITHDRAWN'] as const;
