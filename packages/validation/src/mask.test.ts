import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskIdCard, maskName, maskPhone } from './mask';

describe('maskIdCard', () => {
  it('keeps the first 5 characters of an 18-character ID', () => {
    expect(maskIdCard('11010519491231002X')).toBe('11010*************');
  });

  it.each([
    ['', ''],
    ['1', '*'],
    ['AB12', '****'],
    ['E1234', 'E1*34'],
    ['E12345678', 'E1*****78'],
    ['110105491231002', '11***********02'],
    ['H1234567890', 'H1*******90'],
  ])('masks %j as %j', (id, masked) => {
    expect(maskIdCard(id)).toBe(masked);
  });

  it('keeps the length and shows only the first 5 characters of any 18-character ID', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{17}[\dX]$/), (id) => {
        const masked = maskIdCard(id);
        expect(masked).toHaveLength(18);
        expect(masked.slice(0, 5)).toBe(id.slice(0, 5));
        expect(masked.slice(5)).toBe('*'.repeat(13));
      }),
    );
  });

  it('keeps the length and the first 2 and last 2 characters of other values longer than 4', () => {
    const other = fc
      .string({ unit: 'grapheme-ascii', minLength: 5, maxLength: 30 })
      .filter((value) => value.length !== 18);
    fc.assert(
      fc.property(other, (id) => {
        const masked = maskIdCard(id);
        expect(masked).toHaveLength(id.length);
        expect(masked.slice(0, 2) + masked.slice(-2)).toBe(id.slice(0, 2) + id.slice(-2));
        expect(masked.slice(2, -2)).toBe('*'.repeat(id.length - 4));
      }),
    );
  });
});

describe('maskPhone', () => {
  it('keeps the last 4 digits of an 11-digit number', () => {
    expect(maskPhone('13912345678')).toBe('*******5678');
  });

  it.each([
    ['', ''],
    ['12', '**'],
    ['1234', '****'],
    ['0912345678', '******5678'],
    ['057188888888', '********8888'],
    ['12345', '*2345'],
  ])('masks %j as %j', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it('keeps the length and only the last 4 characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{5,15}$/), (phone) => {
        const masked = maskPhone(phone);
        expect(masked).toHaveLength(phone.length);
        expect(masked.slice(-4)).toBe(phone.slice(-4));
        expect(masked.slice(0, -4)).toBe('*'.repeat(phone.length - 4));
      }),
    );
  });
});

describe('maskName', () => {
  it.each([
    ['', ''],
    ['张', '张'],
    ['张三', '张*'],
    ['李小明', '李**'],
    ['欧阳娜娜', '欧***'],
    ['𠮷野家', '𠮷**'],
    ['John Smith', 'J*********'],
  ])('masks %j as %j', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });

  it('keeps the first character and the character count', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (name) => {
        const chars = Array.from(name);
        const masked = Array.from(maskName(name));
        expect(masked).toHaveLength(chars.length);
        expect(masked[0]).toBe(chars[0]);
        expect(masked.slice(1).every((char) => char === '*')).toBe(true);
      }),
    );
  });
});
