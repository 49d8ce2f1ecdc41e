import { describe, expect, it } from 'vitest';
import { CARD_NUMBER_MESSAGES, cardTypeLabel, isMedicalCardType, validateCardNumber } from './cardTypes.ts';

describe('validateCardNumber', () => {
  it('accepts 4–32 letters or digits, without the surrounding spaces', () => {
    expect(validateCardNumber('  1000A123 ')).toEqual({ valid: true, value: '1000A123' });
    expect(validateCardNumber('ab12')).toEqual({ valid: true, value: 'ab12' });
    expect(validateCardNumber('9'.repeat(32))).toMatchObject({ valid: true });
  });

  it('explains an empty, short, long or non-alphanumeric number', () => {
    expect(validateCardNumber('   ')).toEqual({ valid: false, message: CARD_NUMBER_MESSAGES.empty });
    for (const bad of ['123', '9'.repeat(33), '1000-1234', '卡号1234', '1000 1234']) {
      expect(validateCardNumber(bad)).toEqual({ valid: false, message: CARD_NUMBER_MESSAGES.invalid });
    }
  });
});

describe('card types', () => {
  it('labels the three types in Chinese', () => {
    expect(cardTypeLabel('HOSPITAL_CARD')).toBe('就诊卡');
    expect(cardTypeLabel('INSURANCE_CARD')).toBe('医保卡');
    expect(cardTypeLabel('HEALTH_CARD')).toBe('健康卡');
    expect(isMedicalCardType('HEALTH_CARD')).toBe(true);
    expect(isMedicalCardType('all')).toBe(false);
    expect(isMedicalCardType('hospital_card')).toBe(false);
  });
});
