import { describe, expect, it } from 'vitest';
import * as validation from './index';

describe('public API', () => {
  it('exports every function and constant', () => {
    expect(Object.keys(validation).sort()).toEqual(
      [
        'ADDRESS_DETAIL_MAX_LENGTH',
        'ADDRESS_FORM_MESSAGES',
        'ADDRESS_NAME_MAX_LENGTH',
        'CAPITAL_AMOUNT_LIMIT',
        'CAPITAL_AMOUNT_MAX_DECIMALS',
        'CAPITAL_AMOUNT_MESSAGES',
        'CHINA_OFFSET_MS',
        'FEN_MESSAGES',
        'GUARDIAN_CONSENT_AGE',
        'ageOn',
        'needsGuardianConsent',
        'ID_CHECK_CHARS',
        'ID_CHECK_WEIGHTS',
        'ID_DOCUMENT_MESSAGES',
        'ID_DOCUMENT_TYPES',
        'ID_MAX_AGE',
        'ID_MIN_AGE',
        'chinaDate',
        'chinaDateTime',
        'chinaInstant',
        'chinaIso',
        'chinaTimeOfDay',
        'chinaWallClock',
        'MAINLAND_ID_MESSAGES',
        'PHONE_MESSAGES',
        'PROVINCE_CODES',
        'UPLOAD_LIMITS',
        'UPLOAD_MESSAGES',
        'checkUploadImage',
        'sniffImageType',
        'capitalAmountOfFen',
        'computeIdCheckChar',
        'convertId15To18',
        'documentTypesFor',
        'formatYuan',
        'isIdDocumentType',
        'isMobilePhone',
        'maskIdCard',
        'maskName',
        'maskPhone',
        'toCapitalAmount',
        'tryCapitalAmount',
        'tryCapitalAmountOfFen',
        'validateAddressForm',
        'validateIdDocument',
        'validateMainlandId',
        'validatePhone',
      ].sort(),
    );
  });

  it('has the §9 constants', () => {
    expect(validation.ID_CHECK_WEIGHTS).toEqual([7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]);
    expect([...validation.ID_CHECK_CHARS]).toEqual(['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2']);
    expect(validation.ID_MAX_AGE).toBe(130);
    expect(validation.ID_MIN_AGE).toBe(0);
    expect(validation.CAPITAL_AMOUNT_LIMIT).toBe(1e15);
    expect(validation.CAPITAL_AMOUNT_MAX_DECIMALS).toBe(4);
    expect(Object.keys(validation.PROVINCE_CODES)).toHaveLength(35);
    expect(validation.PROVINCE_CODES).toMatchObject({
      '11': '北京',
      '65': '新疆',
      '81': '香港',
      '91': '国外',
    });
  });

  it('freezes shared tables', () => {
    for (const table of [
      validation.PROVINCE_CODES,
      validation.ID_CHECK_WEIGHTS,
      validation.ADDRESS_FORM_MESSAGES,
      validation.MAINLAND_ID_MESSAGES,
      validation.ID_DOCUMENT_MESSAGES,
      validation.PHONE_MESSAGES,
      validation.CAPITAL_AMOUNT_MESSAGES,
      validation.FEN_MESSAGES,
    ]) {
      expect(Object.isFrozen(table)).toBe(true);
    }
  });

  it('writes every message in Chinese', () => {
    const messages = [
      validation.ADDRESS_FORM_MESSAGES,
      validation.MAINLAND_ID_MESSAGES,
      validation.ID_DOCUMENT_MESSAGES,
      validation.PHONE_MESSAGES,
      validation.CAPITAL_AMOUNT_MESSAGES,
      validation.FEN_MESSAGES,
    ].flatMap((table) => Object.values(table));
    for (const message of messages) expect(message).toMatch(/^[\u4e00-\u9fa5]/);
  });
});
