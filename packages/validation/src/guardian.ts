import { validateMainlandId } from './id-card';

/** Under this age (completed years) a contact's data needs the guardian's consent (个人信息保护法 §31). */
export const GUARDIAN_CONSENT_AGE = 14;

/** The completed years between two calendar dates (YYYY-MM-DD), e.g. on a birthday the new age. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm * 100 + td < bm * 100 + bd ? 1 : 0);
}

/**
 * Whether a contact with this document is a child under {@link GUARDIAN_CONSENT_AGE} on `today` (YYYY-MM-DD):
 * a resident ID or household register number whose birth date says so, or a newborn filed on the mother's ID
 * (IDENTITY_CARD_MUM). Other documents carry no birth date: false.
 */
export function needsGuardianConsent(documentType: string, documentNumber: string, today: string): boolean {
  if (documentType === 'IDENTITY_CARD_MUM') return true;
  if (documentType !== 'IDENTITY_CARD' && documentType !== 'HUKOU_NUMBER') return false;
  const { birthDate } = validateMainlandId(documentNumber.trim().toUpperCase());
  return birthDate !== null && birthDate <= today && ageOn(birthDate, today) < GUARDIAN_CONSENT_AGE;
}
