import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCapitalAmount } from './capital-amount';
import { capitalAmountOfFen, FEN_MESSAGES, formatYuan, tryCapitalAmountOfFen } from './money';

describe('formatYuan', () => {
  it('writes fen as yuan with ¥ and two decimals', () => {
    expect(formatYuan(2500)).toBe('¥25.00');
    expect(formatYuan(50)).toBe('¥0.50');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(-0)).toBe('¥0.00');
    expect(formatYuan(123_456_789)).toBe('¥1234567.89');
    expect(formatYuan(-1050)).toBe('-¥10.50');
  });

  it('shows — for anything but integer fen', () => {
    for (const bad of [25.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '25.00' as unknown as number]) {
      expect(formatYuan(bad), String(bad)).toBe('—');
    }
  });

  it('reads back as the same number of fen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (fen) => {
        const [whole, cents] = formatYuan(fen).slice(1).split('.');
        expect(cents).toHaveLength(2);
        expect(BigInt(whole) * 100n + BigInt(cents)).toBe(BigInt(fen));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('capitalAmountOfFen', () => {
  it('writes fen in capitals', () => {
    expect(capitalAmountOfFen(2500)).toBe('贰拾伍元整');
    expect(capitalAmountOfFen(1005)).toBe('壹拾元零伍分');
    expect(capitalAmountOfFen(50)).toBe('伍角整');
    expect(capitalAmountOfFen(0)).toBe('零元整');
  });

  it('agrees with toCapitalAmount of the yuan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), (fen) => {
        expect(capitalAmountOfFen(fen)).toBe(toCapitalAmount((fen / 100).toFixed(2)));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what is not integer fen', () => {
    for (const bad of [0.5, Number.NaN, Number.POSITIVE_INFINITY, '2500' as unknown as number]) {
      expect(() => capitalAmountOfFen(bad)).toThrow(new TypeError(FEN_MESSAGES.notFen));
      expect(tryCapitalAmountOfFen(bad)).toBeNull();
    }
    expect(() => capitalAmountOfFen(-1)).toThrow(RangeError);
    expect(tryCapitalAmountOfFen(-1)).toBeNull();
    expect(tryCapitalAmountOfFen(2500)).toBe('贰拾伍元整');
  });
});
