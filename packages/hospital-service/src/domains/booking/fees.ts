/**
 * Fees of an appointment (amounts in fen). The schedule's fee is split into 挂号费 (registration) and 诊查费
 * (consultation); each item carries the code the insurance centre's rules know it by (what insurance pays of
 * it is the centre's decision, see the insurance domain). Deterministic: the same order always has the same items.
 */

/** 挂号费: 1.00 yuan (less when the whole fee is less). */
export const REGISTRATION_FEE = 100;

/** The insurance item code of 诊查费 by source type: expert and special-needs (VIP) clinics are items of their own. */
const CONSULTATION_CODE: Record<string, string> = {
  EXPERT: 'CONSULTATION_EXPERT',
  VIP: 'CONSULTATION_SPECIAL',
};

export interface FeeItem {
  code: string;
  name: string;
  amount: number;
}

export function feeItems(fee: number, sourceType: string): FeeItem[] {
  const registration = Math.min(fee, REGISTRATION_FEE);
  const items = [{ code: 'REGISTRATION', name: '挂号费', amount: registration }];
  if (fee > registration) {
    items.push({
      code: CONSULTATION_CODE[sourceType] ?? 'CONSULTATION',
      name: '诊查费',
      amount: fee - registration,
    });
  }
  return items;
}
