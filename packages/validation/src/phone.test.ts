import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMobilePhone, PHONE_MESSAGES, validatePhone } from './phone';
import { toFullWidth } from './test-helpers';

describe('isMobilePhone', () => {
  it.each([
    '13012345678',
    '13912345678',
    '14712345678',
    '15012345678',
    '16612345678',
    '17712345678',
    '18812345678',
    '19912345678',
    '0912345678',
    '0900000000',
  ])('accepts %s', (value) => {
    expect(isMobilePhone(value)).toBe(true);
  });

  it.each([
    '',
    '10012345678',
    '11012345678',
    '12012345678',
    '23912345678',
    '1391234567',
    '139123456789',
    '091234567',
    '09123456789',
    '0812345678',
    '1912345678',
    '+8613912345678',
    '139 1234 5678',
    '139-1234-5678',
    ' 13912345678',
    '13912345678 ',
    '1391234567a',
    toFullWidth('13912345678'),
  ])('rejects %j', (value) => {
    expect(isMobilePhone(value)).toBe(false);
  });

  it('accepts every 11-digit number starting with 13–19 and every 10-digit number starting with 09', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^1[3-9]\d{9}$/), fc.stringMatching(/^09\d{8}$/)), (value) => {
        expect(isMobilePhone(value)).toBe(true);
      }),
    );
  });

  it('rejects digit strings of any other shape', () => {
    const other = fc
      .stringMatching(/^\d{0,14}$/)
      .filter((value) => !/^1[3-9]\d{9}$/.test(value) && !/^09\d{8}$/.test(value));
    fc.assert(
      fc.property(other, (value) => {
        expect(isMobilePhone(value)).toBe(false);
      }),
    );
  });

  it('rejects a valid number with any digit made full-width', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^1[3-9]\d{9}$/), fc.integer({ min: 0, max: 10 }), (value, index) => {
        expect(
          isMobilePhone(value.slice(0, index) + toFullWidth(value[index]) + value.slice(index + 1)),
        ).toBe(false);
      }),
    );
  });
});

describe('validatePhone', () => {
  it.each(['', '  '])('asks for a number when given %j', (value) => {
    expect(validatePhone(value)).toEqual({ valid: false, message: '请输入手机号码' });
  });

  it.each(['12345', '23912345678', '139 1234 5678'])('asks for a correct number when given %j', (value) => {
    expect(validatePhone(value)).toEqual({ valid: false, message: '请输入正确的手机号码' });
  });

  it.each(['13912345678', '0912345678'])('accepts %s', (value) => {
    expect(validatePhone(value)).toEqual({ valid: true, message: '' });
  });

  it('exposes its messages', () => {
    expect(PHONE_MESSAGES).toEqual({ empty: '请输入手机号码', invalid: '请输入正确的手机号码' });
  });
});
