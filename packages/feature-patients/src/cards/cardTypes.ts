import type { MedicalCard } from '@patient/contract';

export type MedicalCardType = MedicalCard['type'];

/** The card types in display order, with their Chinese labels. */
export const CARD_TYPES: readonly { type: MedicalCardType; label: string }[] = [
  { type: 'HOSPITAL_CARD', label: '就诊卡' },
  { type: 'INSURANCE_CARD', label: '医保卡' },
  { type: 'HEALTH_CARD', label: '健康卡' },
];

export function isMedicalCardType(value: string): value is MedicalCardType {
  return CARD_TYPES.some((t) => t.type === value);
}

/** 就诊卡 / 医保卡 / 健康卡; an unknown type reads 就诊卡. */
export function cardTypeLabel(type: string): string {
  return CARD_TYPES.find((t) => t.type === type)?.label ?? '就诊卡';
}

/** Card numbers as the service accepts them (addMedicalCard): 4–32 letters or digits. */
export const CARD_NUMBER_PATTERN = /^[A-Za-z0-9]{4,32}$/;

export const CARD_NUMBER_MESSAGES = {
  empty: '请输入卡号',
  invalid: '卡号为4-32位字母或数字',
} as const;

/** Checks a typed card number (surrounding spaces ignored); the message goes beside the field. */
export function validateCardNumber(
  value: string,
): { valid: true; value: string } | { valid: false; message: string } {
  const trimmed = value.trim();
  if (trimmed === '') return { valid: false, message: CARD_NUMBER_MESSAGES.empty };
  if (!CARD_NUMBER_PATTERN.test(trimmed)) return { valid: false, message: CARD_NUMBER_MESSAGES.invalid };
  return { valid: true, value: trimmed };
}
