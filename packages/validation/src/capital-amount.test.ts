import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPITAL_AMOUNT_MESSAGES, toCapitalAmount, tryCapitalAmount } from './capital-amount';

/** Independent reader of capital numerals back into decimal text, for round-trip properties. */
function readCapital(text: string): string {
  const digits = '零壹贰叁肆伍陆柒捌玖';
  const body = text.replace(/整$/, '');
  const [integerPart, fractionPart] = body.includes('元') ? body.split('元') : ['', body];
  let total = 0n;
  let section = 0n;
  let pending = 0n;
  for (const char of integerPart) {
    const digit = digits.indexOf(char);
    if (digit > 0) pending = BigInt(digit);
    else if (char === '拾' || char === '佰' || char === '仟') {
      section += pending * { 拾: 10n, 佰: 100n, 仟: 1000n }[char];
      pending = 0n;
    } else if (char === '万') {
      section = (section + pending) * 10_000n;
      pending = 0n;
    } else if (char === '亿') {
      total = (total + section + pending) * 100_000_000n;
      section = 0n;
      pending = 0n;
    } else if (char !== '零') throw new Error(`unexpected ${char} in ${text}`);
  }
  const integer = total + section + pending;
  const fraction = ['0', '0', '0', '0'];
  let last = 0;
  for (const char of fractionPart) {
    const digit = digits.indexOf(char);
    if (digit > 0) last = digit;
    else if ('角分厘毫'.includes(char)) fraction['角分厘毫'.indexOf(char)] = String(last);
    else if (char !== '零') throw new Error(`unexpected ${char} in ${text}`);
  }
  const decimals = fraction.join('').replace(/0+$/, '');
  return decimals ? `${integer}.${decimals}` : String(integer);
}

const normalise = (text: string): string => {
  const [integer, fraction = ''] = text.split('.');
  const decimals = fraction.replace(/0+$/, '');
  const whole = integer.replace(/^0+(?=\d)/, '');
  return decimals ? `${whole}.${decimals}` : whole;
};

/** Decimal strings below 1e15 with up to 4 decimals, rich in zeros. */
const digitArb = fc.constantFrom('0', '0', '0', '0', '1', '2', '5', '9');
const integerTextArb = fc
  .array(digitArb, { minLength: 1, maxLength: 15 })
  .map((digits) => digits.join('').replace(/^0+(?=\d)/, ''));
const amountTextArb = fc
  .tuple(integerTextArb, fc.array(digitArb, { maxLength: 4 }))
  .map(([integer, fraction]) => (fraction.length ? `${integer}.${fraction.join('')}` : integer));

describe('toCapitalAmount: table', () => {
  it.each([
    [0, '零元整'],
    ['0', '零元整'],
    ['0.00', '零元整'],
    ['0.0000', '零元整'],
    ['000', '零元整'],
    [1, '壹元整'],
    [9, '玖元整'],
    [10, '壹拾元整'],
    [15, '壹拾伍元整'],
    [20, '贰拾元整'],
    [100, '壹佰元整'],
    [101, '壹佰零壹元整'],
    [110, '壹佰壹拾元整'],
    [1001, '壹仟零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [1100, '壹仟壹佰元整'],
    [10000, '壹万元整'],
    [10001, '壹万零壹元整'],
    [10010, '壹万零壹拾元整'],
    [100000, '壹拾万元整'],
    [1000010, '壹佰万零壹拾元整'],
    [1001000, '壹佰万壹仟元整'],
    [10000000, '壹仟万元整'],
    [100000000, '壹亿元整'],
    [100000001, '壹亿零壹元整'],
    [100001000, '壹亿零壹仟元整'],
    [100010000, '壹亿零壹万元整'],
    [110000000, '壹亿壹仟万元整'],
    [1e12, '壹万亿元整'],
    [1e13, '壹拾万亿元整'],
    [1.2e12, '壹万贰仟亿元整'],
    [1000100000000, '壹万零壹亿元整'],
    [1000000010000, '壹万亿零壹万元整'],
    [1000010000000, '壹万亿零壹仟万元整'],
    [123456789, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元整'],
    ['123456789012345', '壹佰贰拾叁万肆仟伍佰陆拾柒亿捌仟玖佰零壹万贰仟叁佰肆拾伍元整'],
    [0.5, '伍角整'],
    [0.05, '伍分'],
    [0.0001, '壹毫'],
    [0.1001, '壹角零壹毫'],
    ['0.1010', '壹角零壹厘'],
    [0.15, '壹角伍分'],
    [10.5, '壹拾元伍角整'],
    [10.05, '壹拾元零伍分'],
    [10.55, '壹拾元伍角伍分'],
    [100.5, '壹佰元伍角整'],
    [100000.01, '壹拾万元零壹分'],
    [1.0001, '壹元零壹毫'],
    [1.2345, '壹元贰角叁分肆厘伍毫'],
    ['10.50', '壹拾元伍角整'],
    ['007.5', '柒元伍角整'],
    [' 12 ', '壹拾贰元整'],
    ['1.500000', '壹元伍角整'],
    ['999999999999999.9999', '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖厘玖毫'],
    [999999999999999, '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整'],
    [-0, '零元整'],
  ])('writes %j as %s', (amount, expected) => {
    expect(toCapitalAmount(amount)).toBe(expected);
  });
});

describe('toCapitalAmount: rejections', () => {
  it.each([
    [Number.NaN, TypeError, CAPITAL_AMOUNT_MESSAGES.notFinite],
    [Number.POSITIVE_INFINITY, TypeError, CAPITAL_AMOUNT_MESSAGES.notFinite],
    [Number.NEGATIVE_INFINITY, TypeError, CAPITAL_AMOUNT_MESSAGES.notFinite],
    ['', TypeError, CAPITAL_AMOUNT_MESSAGES.empty],
    ['   ', TypeError, CAPITAL_AMOUNT_MESSAGES.empty],
    ['abc', TypeError, CAPITAL_AMOUNT_MESSAGES.format],
    ['12a', TypeError, CAPITAL_AMOUNT_MESSAGES.format],
    ['1,000', TypeError, CAPITAL_AMOUNT_MESSAGES.format],
    ['1.2.3', TypeError, CAPITAL_AMOUNT_MESSAGES.format],
    ['.5', TypeError, CAPITAL_AMOUNT_MESSAGES.format],
    ['5.', TypeError, CAPITAL_AMOUNT_MESSAGES.format],
    ['+5', TypeError, CAPITAL_AMOUNT_MESSAGES.format],
    ['１２', TypeError, CAPITAL_AMOUNT_MESSAGES.format],
    ['NaN', TypeError, CAPITAL_AMOUNT_MESSAGES.format],
    ['Infinity', TypeError, CAPITAL_AMOUNT_MESSAGES.format],
    ['0x10', TypeError, CAPITAL_AMOUNT_MESSAGES.format],
    ['1e5', TypeError, CAPITAL_AMOUNT_MESSAGES.exponent],
    ['1E5', TypeError, CAPITAL_AMOUNT_MESSAGES.exponent],
    ['1.5e-3', TypeError, CAPITAL_AMOUNT_MESSAGES.exponent],
    ['-1e5', TypeError, CAPITAL_AMOUNT_MESSAGES.exponent],
    [-1, RangeError, CAPITAL_AMOUNT_MESSAGES.negative],
    [-0.01, RangeError, CAPITAL_AMOUNT_MESSAGES.negative],
    ['-1', RangeError, CAPITAL_AMOUNT_MESSAGES.negative],
    ['-0.5', RangeError, CAPITAL_AMOUNT_MESSAGES.negative],
    ['-0', RangeError, CAPITAL_AMOUNT_MESSAGES.negative],
    [1e15, RangeError, CAPITAL_AMOUNT_MESSAGES.tooLarge],
    [1e21, RangeError, CAPITAL_AMOUNT_MESSAGES.tooLarge],
    [Number.MAX_VALUE, RangeError, CAPITAL_AMOUNT_MESSAGES.tooLarge],
    ['1000000000000000', RangeError, CAPITAL_AMOUNT_MESSAGES.tooLarge],
    ['1000000000000000.5', RangeError, CAPITAL_AMOUNT_MESSAGES.tooLarge],
    ['99999999999999999', RangeError, CAPITAL_AMOUNT_MESSAGES.tooLarge],
    [0.00001, RangeError, CAPITAL_AMOUNT_MESSAGES.tooManyDecimals],
    [1e-7, RangeError, CAPITAL_AMOUNT_MESSAGES.tooManyDecimals],
    [0.1 + 0.2, RangeError, CAPITAL_AMOUNT_MESSAGES.tooManyDecimals],
    ['1.00001', RangeError, CAPITAL_AMOUNT_MESSAGES.tooManyDecimals],
    ['0.12345', RangeError, CAPITAL_AMOUNT_MESSAGES.tooManyDecimals],
  ] as const)('rejects %j with %o', (amount, errorType, message) => {
    expect(() => toCapitalAmount(amount)).toThrow(errorType);
    expect(() => toCapitalAmount(amount)).toThrow(message);
    expect(tryCapitalAmount(amount)).toBeNull();
  });

  it.each([null, undefined, true, {}, [], 10n])('rejects non-number input %o with a TypeError', (amount) => {
    expect(() => toCapitalAmount(amount as unknown as number)).toThrow(
      new TypeError(CAPITAL_AMOUNT_MESSAGES.notNumber),
    );
  });

  it('has Chinese messages', () => {
    for (const message of Object.values(CAPITAL_AMOUNT_MESSAGES)) expect(message).toMatch(/^金额/);
    expect(CAPITAL_AMOUNT_MESSAGES.tooManyDecimals).toBe('金额最多保留4位小数');
  });

  it('rejects every amount of 1e15 or more', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 10n ** 15n, max: 10n ** 20n }), (n) => {
        expect(() => toCapitalAmount(String(n))).toThrow(RangeError);
        expect(() => toCapitalAmount(Number(n))).toThrow(RangeError);
      }),
    );
  });

  it('rejects every negative amount', () => {
    fc.assert(
      fc.property(
        amountTextArb.filter((text) => Number(text) !== 0),
        (text) => {
          expect(() => toCapitalAmount(`-${text}`)).toThrow(new RangeError(CAPITAL_AMOUNT_MESSAGES.negative));
          expect(() => toCapitalAmount(-Number(text))).toThrow(RangeError);
        },
      ),
    );
  });
});

describe('tryCapitalAmount', () => {
  it('returns the capital text or null', () => {
    expect(tryCapitalAmount('10.5')).toBe('壹拾元伍角整');
    expect(tryCapitalAmount(15)).toBe('壹拾伍元整');
    expect(tryCapitalAmount('12.')).toBeNull();
    expect(tryCapitalAmount(-1)).toBeNull();
  });
});

describe('toCapitalAmount: properties', () => {
  const integerArb = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }).map(String), integerTextArb);

  it('writes every integer below 1e15 ending in 元整, without 零零, 兆, 圆 or 人民币', () => {
    fc.assert(
      fc.property(integerArb, (text) => {
        const capital = toCapitalAmount(text);
        expect(capital).toMatch(/元整$/);
        expect(capital).not.toMatch(/零零|兆|圆|人民币/);
        expect(capital).toMatch(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元整]+$/);
        if (text !== '0') expect(capital).not.toMatch(/^零|零元/);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back as the same amount', () => {
    fc.assert(
      fc.property(amountTextArb, (text) => {
        expect(readCapital(toCapitalAmount(text))).toBe(normalise(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees for string and number input of integers', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), (n) => {
        expect(toCapitalAmount(Number(n))).toBe(toCapitalAmount(String(n)));
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees for string and number input of amounts with at most 15 significant digits', () => {
    const amount = fc
      .tuple(fc.integer({ min: 0, max: 99_999_999_999 }), fc.integer({ min: 0, max: 9999 }))
      .map(([integer, fraction]) => `${integer}.${String(fraction).padStart(4, '0')}`);
    fc.assert(
      fc.property(amount, (text) => {
        expect(toCapitalAmount(Number(text))).toBe(toCapitalAmount(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('scales by 万, 亿 and 万亿', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), (n) => {
        const base = toCapitalAmount(n).replace(/元整$/, '');
        expect(toCapitalAmount(n * 1e4)).toBe(`${base}万元整`);
        expect(toCapitalAmount(n * 1e8)).toBe(`${base}亿元整`);
        if (n < 1000) expect(toCapitalAmount(n * 1e12)).toBe(`${base}万亿元整`);
      }),
    );
  });

  it('writes 整 exactly when the text ends in 元 or 角', () => {
    fc.assert(
      fc.property(amountTextArb, (text) => {
        const capital = toCapitalAmount(text);
        const body = capital.replace(/整$/, '');
        expect(capital.endsWith('整')).toBe(/[元角]$/.test(body));
        expect(body).not.toMatch(/零$|零零|整/);
      }),
      { numRuns: 2000 },
    );
  });

  it('starts amounts below 1 at the first non-zero unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), (n) => {
        const text = `0.${String(n).padStart(4, '0')}`;
        const capital = toCapitalAmount(text);
        expect(capital).not.toMatch(/^零|元/);
        expect(capital[1]).toBe('角分厘毫'[text.slice(2).search(/[1-9]/)]);
      }),
    );
  });

  it('writes 零 after 元 exactly when 角 is zero and a later digit is not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }),
        fc.stringMatching(/^\d{1,4}$/),
        (integer, fraction) => {
          const capital = toCapitalAmount(`${integer}.${fraction}`);
          const expectZero = fraction[0] === '0' && /[1-9]/.test(fraction.slice(1));
          expect(capital.includes('元零')).toBe(expectZero);
        },
      ),
    );
  });
});
