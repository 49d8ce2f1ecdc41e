import { describe, expect, it } from 'vitest';
import { fenToYuan, headerOf, PaymentProviderError, yuanToFen } from './provider.ts';

describe('amounts between fen and yuan text', () => {
  it('reads yuan text exactly', () => {
    expect(yuanToFen('12.34')).toBe(1234);
    expect(yuanToFen('0.5')).toBe(50);
    expect(yuanToFen('3')).toBe(300);
    expect(yuanToFen('-10.50')).toBe(-1050);
    expect(yuanToFen(' 0.01\t')).toBe(1);
    // 0.29 * 100 is 28.999999999999996 in floating point
    expect(yuanToFen('0.29')).toBe(29);
  });

  it('refuses what is not an amount in yuan', () => {
    for (const text of ['1.234', 'abc', '', '1,00', '1e3', '.5']) {
      expect(() => yuanToFen(text)).toThrow(PaymentProviderError);
    }
  });

  it('writes fen as yuan text, and back', () => {
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(2500)).toBe('25.00');
    expect(fenToYuan(-1050)).toBe('-10.50');
    for (let fen = -1000; fen <= 100_000; fen += 7) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
    expect(() => fenToYuan(0.5)).toThrow(RangeError);
  });
});

describe('headerOf', () => {
  it('finds a header whatever its case, the first of several', () => {
    expect(headerOf({ 'Wechatpay-Serial': 'A' }, 'wechatpay-serial')).toBe('A');
    expect(headerOf({ 'wechatpay-nonce': ['n1', 'n2'] }, 'Wechatpay-Nonce')).toBe('n1');
    expect(headerOf({}, 'x')).toBeUndefined();
  });
});
