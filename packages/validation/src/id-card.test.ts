import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ID_CHECK_CHARS, ID_CHECK_WEIGHTS, PROVINCE_CODES } from './constants';
import { computeIdCheckChar, convertId15To18, MAINLAND_ID_MESSAGES, validateMainlandId } from './id-card';
import {
  areaArb,
  birthDateArb,
  makeId18,
  PROVINCES,
  pad,
  sequenceArb,
  TODAY,
  toFullWidth,
  validId18Arb,
} from './test-helpers';

/** The worked examples of GB 11643-1999. */
const GB_EXAMPLE = '11010519491231002X';
const GB_EXAMPLE_1880 = '440524188001010014';

const check = (value: string, today: Date = TODAY) => validateMainlandId(value, today);

describe('computeIdCheckChar', () => {
  it('reproduces the GB 11643 examples', () => {
    expect(computeIdCheckChar('11010519491231002')).toBe('X');
    expect(computeIdCheckChar('44052418800101001')).toBe('4');
  });

  it('maps every remainder through ID_CHECK_CHARS', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.stringMatching(/^\d{17}$/), (first17) => {
        const sum = [...first17].reduce((acc, digit, i) => acc + Number(digit) * ID_CHECK_WEIGHTS[i], 0);
        const char = computeIdCheckChar(first17);
        seen.add(char);
        expect(char).toBe(ID_CHECK_CHARS[sum % 11]);
      }),
      { numRuns: 500 },
    );
    expect(seen.size).toBeGreaterThan(5);
  });

  it.each([
    '',
    '1101051949123100',
    '110105194912310021',
    '1101051949123100a',
    '１１０１０５１９４９１２３１００２',
  ])('throws a TypeError for %j', (input) => {
    expect(() => computeIdCheckChar(input)).toThrow(TypeError);
  });
});

describe('convertId15To18', () => {
  it("inserts '19' after the area code and appends the check character", () => {
    expect(convertId15To18('110105491231002')).toBe(GB_EXAMPLE);
  });

  it.each(['', '11010549123100', '1101054912310021', '11010549123100X', '11010549123100x'])(
    'throws a TypeError for %j',
    (input) => {
      expect(() => convertId15To18(input)).toThrow(TypeError);
    },
  );
});

describe('validateMainlandId: valid numbers', () => {
  it('accepts the GB example and reports its parts', () => {
    expect(check(GB_EXAMPLE)).toEqual({
      valid: true,
      reason: null,
      id18: GB_EXAMPLE,
      provinceCode: '11',
      birthDate: '1949-12-31',
      message: '',
    });
  });

  it('accepts a 15-digit number and reports its 18-character form', () => {
    expect(check('110105491231002')).toEqual({
      valid: true,
      reason: null,
      id18: GB_EXAMPLE,
      provinceCode: '11',
      birthDate: '1949-12-31',
      message: '',
    });
  });

  it.each(PROVINCES)('accepts province code %s', (province) => {
    const id = makeId18(`${province}0102`, '19900101');
    expect(check(id)).toMatchObject({ valid: true, provinceCode: province });
  });

  it('has the 35 province codes of §9', () => {
    expect(PROVINCES.sort()).toEqual(
      '11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46 50 51 52 53 54 61 62 63 64 65 71 81 82 91'.split(
        ' ',
      ),
    );
    expect(PROVINCE_CODES['33']).toBe('浙江');
  });

  it('accepts an X check character', () => {
    expect(GB_EXAMPLE.endsWith('X')).toBe(true);
    expect(check(GB_EXAMPLE).valid).toBe(true);
  });

  it('defaults today to now', () => {
    expect(validateMainlandId(makeId18('330106', '20000101')).valid).toBe(true);
    expect(validateMainlandId(makeId18('330106', '29990101')).reason).toBe('future');
  });
});

describe('validateMainlandId: format', () => {
  it.each([
    ['', MAINLAND_ID_MESSAGES.empty],
    ['   ', MAINLAND_ID_MESSAGES.empty],
    ['11010519491231002x', MAINLAND_ID_MESSAGES.lowercaseX],
    [toFullWidth(GB_EXAMPLE), MAINLAND_ID_MESSAGES.fullWidth],
    [`１${GB_EXAMPLE.slice(1)}`, MAINLAND_ID_MESSAGES.fullWidth],
    [`${GB_EXAMPLE} `, MAINLAND_ID_MESSAGES.whitespace],
    ['110105 19491231002X', MAINLAND_ID_MESSAGES.whitespace],
    ['1101051949123100', MAINLAND_ID_MESSAGES.length],
    ['11010519491231002', MAINLAND_ID_MESSAGES.length],
    ['11010519491231002X1', MAINLAND_ID_MESSAGES.length],
    ['12345', MAINLAND_ID_MESSAGES.length],
    ['110105X9491231002X', MAINLAND_ID_MESSAGES.format],
    ['11010549123100X', MAINLAND_ID_MESSAGES.format],
    ['110105-19491231-002X', MAINLAND_ID_MESSAGES.format],
    ['11010519491231002A', MAINLAND_ID_MESSAGES.format],
    ['abcdefghijklmnopqr', MAINLAND_ID_MESSAGES.format],
  ])('rejects %j with %s', (value, message) => {
    expect(check(value)).toEqual({
      valid: false,
      reason: 'format',
      id18: null,
      provinceCode: null,
      birthDate: null,
      message,
    });
  });

  it('uses the requested message texts', () => {
    expect(MAINLAND_ID_MESSAGES.format).toBe('身份证号码格式不正确');
    expect(MAINLAND_ID_MESSAGES.checksum).toBe('身份证号码校验位不正确');
    expect(MAINLAND_ID_MESSAGES.date).toBe('出生日期无效');
    expect(MAINLAND_ID_MESSAGES.age).toBe('年龄需在0至130岁之间');
  });
});

describe('validateMainlandId: province', () => {
  it.each([
    '00',
    '10',
    '16',
    '20',
    '30',
    '38',
    '47',
    '49',
    '55',
    '60',
    '66',
    '70',
    '72',
    '80',
    '83',
    '90',
    '92',
    '99',
  ])('rejects unknown province code %s', (code) => {
    const id = makeId18(`${code}0102`, '19900101');
    expect(check(id)).toMatchObject({
      valid: false,
      reason: 'province',
      id18: id,
      provinceCode: null,
      message: MAINLAND_ID_MESSAGES.province,
    });
  });

  it('rejects an unknown province in a 15-digit number', () => {
    expect(check('100105491231002')).toMatchObject({
      reason: 'province',
      id18: convertId15To18('100105491231002'),
    });
  });
});

describe('validateMainlandId: birth date', () => {
  it.each(['20000229', '20240229', '19960229', '19491231', '20000131', '19900430'])(
    'accepts real date %s',
    (date) => {
      expect(check(makeId18('110105', date)).valid).toBe(true);
    },
  );

  it.each([
    '19000229',
    '21000229',
    '20230229',
    '19990230',
    '19990431',
    '19990631',
    '19990931',
    '19991131',
    '19990001',
    '19991301',
    '19990100',
    '19990132',
    '00000000',
  ])('rejects impossible date %s', (date) => {
    const id = makeId18('110105', date);
    expect(check(id)).toMatchObject({
      valid: false,
      reason: 'date',
      id18: id,
      provinceCode: '11',
      birthDate: null,
      message: '出生日期无效',
    });
  });

  it('rejects an impossible date in a 15-digit number (1900 was not a leap year)', () => {
    expect(check('110105000229002').reason).toBe('date');
    expect(check('110105960229002').valid).toBe(true);
  });

  it('accepts a birth date of today and rejects tomorrow', () => {
    expect(check(makeId18('110105', '20240615'))).toMatchObject({ valid: true, birthDate: '2024-06-15' });
    expect(check(makeId18('110105', '20240616'))).toMatchObject({
      valid: false,
      reason: 'future',
      birthDate: '2024-06-16',
      message: '出生日期不能晚于今天',
    });
    expect(check(makeId18('110105', '20250101')).reason).toBe('future');
  });

  it('compares local calendar dates, whatever the time of day', () => {
    const id = makeId18('110105', '20240615');
    expect(check(id, new Date(2024, 5, 15, 0, 0, 1)).valid).toBe(true);
    expect(check(id, new Date(2024, 5, 15, 23, 59, 59)).valid).toBe(true);
    expect(check(id, new Date(2024, 5, 14, 23, 59, 59)).reason).toBe('future');
  });

  it('accepts ages 0 to 130 inclusive', () => {
    expect(check(makeId18('110105', '18940615')).valid).toBe(true);
    expect(check(makeId18('110105', '18930616')).valid).toBe(true);
    expect(check(makeId18('110105', '18930615'))).toMatchObject({
      valid: false,
      reason: 'age',
      birthDate: '1893-06-15',
      message: '年龄需在0至130岁之间',
    });
    expect(check(makeId18('110105', '18000101')).reason).toBe('age');
  });

  it('rejects the 1880 GB example as older than 130 but accepts it in 2010', () => {
    expect(check(GB_EXAMPLE_1880).reason).toBe('age');
    expect(check(GB_EXAMPLE_1880, new Date(2010, 0, 1)).valid).toBe(true);
  });

  it('counts a 29 February birthday as reached on 1 March in common years', () => {
    const id = makeId18('110105', '18880229');
    expect(check(id, new Date(2019, 1, 28)).valid).toBe(true);
    expect(check(id, new Date(2019, 2, 1)).reason).toBe('age');
  });

  it('throws a TypeError for an invalid today', () => {
    expect(() => validateMainlandId(GB_EXAMPLE, new Date(Number.NaN))).toThrow(TypeError);
  });
});

describe('validateMainlandId: checksum and order of checks', () => {
  it('rejects a wrong check character', () => {
    expect(check('110105194912310021')).toEqual({
      valid: false,
      reason: 'checksum',
      id18: '110105194912310021',
      provinceCode: '11',
      birthDate: '1949-12-31',
      message: '身份证号码校验位不正确',
    });
  });

  it('runs format, province, date, future, age, checksum in that order', () => {
    const wrongCheck = (first17: string) => first17 + (computeIdCheckChar(first17) === '0' ? '1' : '0');
    expect(check('1001051949123100x').reason).toBe('format');
    expect(check(wrongCheck('10010519490231002')).reason).toBe('province');
    expect(check(wrongCheck('11010519490231002')).reason).toBe('date');
    expect(check(wrongCheck('11010529990101002')).reason).toBe('future');
    expect(check(wrongCheck('11010518000101002')).reason).toBe('age');
    expect(check(wrongCheck('11010519490101002')).reason).toBe('checksum');
  });
});

describe('validateMainlandId: properties', () => {
  it('accepts every generated valid ID', () => {
    fc.assert(
      fc.property(validId18Arb, (id) => {
        const result = check(id);
        expect(result).toMatchObject({ valid: true, reason: null, id18: id, provinceCode: id.slice(0, 2) });
        expect(result.birthDate?.replaceAll('-', '')).toBe(id.slice(6, 14));
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects a valid ID with any single character changed', () => {
    const mutation = validId18Arb.chain((id) =>
      fc.integer({ min: 0, max: 17 }).chain((index) => {
        const choices = (index === 17 ? '0123456789X' : '0123456789').replace(id[index], '');
        return fc.constantFrom(...choices).map((char) => id.slice(0, index) + char + id.slice(index + 1));
      }),
    );
    fc.assert(
      fc.property(mutation, (id) => {
        expect(check(id).valid).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips 15-digit numbers born 1900–1999', () => {
    const id15Arb = fc
      .tuple(areaArb, birthDateArb([1900, 1, 1], [1999, 12, 31]), sequenceArb)
      .map(([area, date, sequence]) => area + date.slice(2) + sequence);
    fc.assert(
      fc.property(id15Arb, (id15) => {
        const id18 = convertId15To18(id15);
        const expectedDate = `19${id15.slice(6, 8)}-${id15.slice(8, 10)}-${id15.slice(10, 12)}`;
        expect(id18).toHaveLength(18);
        expect(id18.slice(0, 6) + id18.slice(8, 17)).toBe(id15);
        expect(check(id15)).toMatchObject({ valid: true, id18, birthDate: expectedDate });
        expect(check(id18)).toMatchObject({ valid: true, id18, birthDate: expectedDate });
      }),
      { numRuns: 500 },
    );
  });

  it('rejects lowercase x wherever uppercase X is valid', () => {
    const withX = fc
      .tuple(areaArb, birthDateArb([1950, 1, 1], [2020, 12, 31]), sequenceArb)
      .map(([area, date, sequence]) => area + date + sequence)
      .filter((first17) => computeIdCheckChar(first17) === 'X');
    fc.assert(
      fc.property(withX, (first17) => {
        expect(check(`${first17}X`).valid).toBe(true);
        expect(check(`${first17}x`)).toMatchObject({
          reason: 'format',
          message: MAINLAND_ID_MESSAGES.lowercaseX,
        });
      }),
      { numRuns: 100 },
    );
  });

  it('rejects a valid ID with any digit made full-width', () => {
    fc.assert(
      fc.property(validId18Arb, fc.integer({ min: 0, max: 16 }), (id, index) => {
        const mixed = id.slice(0, index) + toFullWidth(id[index]) + id.slice(index + 1);
        expect(check(mixed)).toMatchObject({ reason: 'format', message: MAINLAND_ID_MESSAGES.fullWidth });
      }),
    );
  });

  it('never throws and always reports a reason with a message on failure', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9Xx]{14,19}$/)), (value) => {
        const result = check(value);
        expect(result.valid).toBe(result.reason === null);
        expect(result.message === '').toBe(result.valid);
      }),
      { numRuns: 1000 },
    );
  });

  it('uses a zero-padded date format', () => {
    expect(check(makeId18('110105', `2001${pad(2, 2)}${pad(3, 2)}`)).birthDate).toBe('2001-02-03');
  });
});
