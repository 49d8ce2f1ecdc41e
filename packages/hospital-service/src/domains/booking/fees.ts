/**
 * Fees of an appointment (amounts in fen). The schedule's fee is split into 挂号费 (registration, always
 * self-paid) and 诊查费 (consultation); medical insurance pays a share of the consultation depending on the
 * source type. Deterministic: the same order always settles the same way.
 */

/** 挂号费: 1.00 yuan (less when the whole fee is less). */
export const REGISTRATION_FEE = 100;

/** Share of 诊查费 medical insurance pays, by source type; special-needs (VIP) clinics are not covered. */
export const INSURANCE_SHARE: Record<string, number> = {
  NORMAL: 0.6,
  DEPARTMENT: 0.6,
  EMERGENCY: 0.6,
  EXPERT: 0.4,
  VIP: 0,
};

export type SettlementMode = 'SELF' | 'MEDICAL';

export function feeItems(fee: number): { name: string; amount: number }[] {
  const registration = Math.min(fee, REGISTRATION_FEE);
  const items = [{ name: '挂号费', amount: registration }];
  if (fee > registration) items.push({ name: '诊查费', amount: fee - registration });
  return items;
}

/** Whether insurance pays anything for this source type. */
export const insuranceCovers = (sourceType: string): boolean => (INSURANCE_SHARE[sourceType] ?? 0) > 0;

export function settle(
  fee: number,
  sourceType: string,
  mode: SettlementMode,
): { insurancePays: number; selfPays: number } {
  if (mode === 'SELF') return { insurancePays: 0, selfPays: fee };
  const consultation = fee - Math.min(fee, REGISTRATION_FEE);
  const insurancePays = Math.floor(consultation * (INSURANCE_SHARE[sourceType] ?? 0));
  return { insurancePays, selfPays: fee - insurancePays };
}

/** Insurance card and a covered source type → MEDICAL, else SELF. */
export const defaultMode = (cardType: string | null, sourceType: string): SettlementMode =>
  cardType === 'INSURANCE_CARD' && insuranceCovers(sourceType) ? 'MEDICAL' : 'SELF';
