import { describe, expect, it } from 'vitest';
import { ageOn, GUARDIAN_CONSENT_AGE, needsGuardianConsent } from './guardian';
import { computeIdCheckChar } from './id-card';

const idBornOn = (date: string) => {
  const first17 = `330102${date.replaceAll('-', '')}123`;
  return first17 + computeIdCheckChar(first17);
};

describe('guardian consent (PIPL §31)', () => {
  it('counts completed years', () => {
    expect(ageOn('2012-11-29', '2026-11-28')).toBe(13);
    expect(ageOn('2012-11-28', '2026-11-28')).toBe(14);
    expect(GUARDIAN_CONSENT_AGE).toBe(14);
  });

  it('asks for a resident ID or household register number under 14, not from the 14th birthday', () => {
    expect(needsGuardianConsent('IDENTITY_CARD', idBornOn('2012-11-29'), '2026-11-28')).toBe(true);
    expect(needsGuardianConsent('HUKOU_NUMBER', idBornOn('2020-01-01'), '2026-11-28')).toBe(true);
    expect(needsGuardianConsent('IDENTITY_CARD', idBornOn('2012-11-28'), '2026-11-28')).toBe(false);
    expect(needsGuardianConsent('IDENTITY_CARD', idBornOn('1990-01-01'), '2026-11-28')).toBe(false);
  });

  it("always for a newborn on the mother's ID; never for documents without a birth date or unreadable numbers", () => {
    expect(needsGuardianConsent('IDENTITY_CARD_MUM', idBornOn('1990-01-01'), '2026-11-28')).toBe(true);
    expect(needsGuardianConsent('PASSPORT_NUMBER', 'E12345678', '2026-11-28')).toBe(false);
    expect(needsGuardianConsent('IDENTITY_CARD', '12345', '2026-11-28')).toBe(false);
  });
});
