import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIdCheckChar, MAINLAND_ID_MESSAGES, validateMainlandId } from './id-card';
import {
  documentTypesFor,
  ID_DOCUMENT_MESSAGES,
  ID_DOCUMENT_TYPES,
  type IdDocumentType,
  isIdDocumentType,
  validateIdDocument,
} from './id-document';
import { makeId18, TODAY, toFullWidth, validId18Arb } from './test-helpers';

const ID = '11010519491231002X';
const check = (type: string, value: string) => validateIdDocument(type, value, TODAY);
const ok = { valid: true, message: '' };
const failed = (message: string) => ({ valid: false, message });

/** A valid sample for every type (letters and digits only). */
const SAMPLES: Record<IdDocumentType, string> = {
  IDENTITY_CARD: ID,
  HUKOU_NUMBER: 'AB1234567',
  PASSPORT_NUMBER: 'E12345678',
  MO_HK_NUMBER: 'H12345678',
  TW_NUMBER: '12345678',
  FOREIGNER_NUMBER: 'USA330112345678',
  ARMYMAN: '12345678',
  STUDENTCARD: '2020123456',
  DRIVINGLICENCE: '330106199001011234',
  IDENTITY_CARD_MUM: ID,
  OTHER: 'A1234',
};

const ALL_TYPES = ID_DOCUMENT_TYPES.map((type) => type.key);

describe('ID_DOCUMENT_TYPES', () => {
  it('lists the eleven types of §3 in spec order', () => {
    expect(ID_DOCUMENT_TYPES.map(({ key, code }) => [key, code])).toEqual([
      ['IDENTITY_CARD', 'normal'],
      ['HUKOU_NUMBER', 'hukou'],
      ['PASSPORT_NUMBER', 'passport'],
      ['MO_HK_NUMBER', 'hkongMacao'],
      ['TW_NUMBER', 'taiwan'],
      ['FOREIGNER_NUMBER', 'work'],
      ['ARMYMAN', 'army'],
      ['STUDENTCARD', 'student'],
      ['DRIVINGLICENCE', 'drive'],
      ['IDENTITY_CARD_MUM', 'mother'],
      ['OTHER', 'other'],
    ]);
  });

  it('has Chinese labels', () => {
    expect(ID_DOCUMENT_TYPES.map((type) => type.label)).toEqual([
      '居民身份证',
      '户口本',
      '护照',
      '港澳居民来往内地通行证',
      '台湾居民来往大陆通行证',
      '外国人永久居留身份证',
      '军官证',
      '学生证',
      '驾驶证',
      '母亲身份证（新生儿）',
      '其他',
    ]);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(ID_DOCUMENT_TYPES)).toBe(true);
    expect(ID_DOCUMENT_TYPES.every((type) => Object.isFrozen(type))).toBe(true);
  });
});

describe('documentTypesFor', () => {
  it('drops FOREIGNER_NUMBER for luqiao and keeps the order', () => {
    const keys = documentTypesFor(['FOREIGNER_NUMBER']).map((type) => type.key);
    expect(keys).toEqual(ALL_TYPES.filter((key) => key !== 'FOREIGNER_NUMBER'));
    expect(keys).toHaveLength(10);
  });

  it('returns every type when nothing is excluded', () => {
    expect(documentTypesFor([])).toEqual(ID_DOCUMENT_TYPES);
  });

  it('removes exactly the excluded keys', () => {
    fc.assert(
      fc.property(fc.subarray(ALL_TYPES), (excluded) => {
        const keys = documentTypesFor(excluded).map((type) => type.key);
        expect(keys).toEqual(ALL_TYPES.filter((key) => !excluded.includes(key)));
      }),
    );
  });
});

describe('isIdDocumentType', () => {
  it.each(ALL_TYPES)('accepts %s', (key) => {
    expect(isIdDocumentType(key)).toBe(true);
  });

  it.each(['', 'normal', 'identity_card', 'UNKNOWN'])('rejects %j', (value) => {
    expect(isIdDocumentType(value)).toBe(false);
  });
});

describe('validateIdDocument: empty values', () => {
  it.each([...ALL_TYPES, 'UNKNOWN'])('rejects empty and blank values for %s', (type) => {
    for (const value of ['', ' ', '\t', '\u3000']) {
      expect(check(type, value)).toEqual(failed('请输入证件号码'));
    }
  });
});

describe('validateIdDocument: mainland ID types', () => {
  it.each(['IDENTITY_CARD', 'IDENTITY_CARD_MUM'])('%s uses the mainland ID rule and message', (type) => {
    expect(check(type, ID)).toEqual(ok);
    expect(check(type, '110105491231002')).toEqual(ok);
    expect(check(type, '11010519491231002x')).toEqual(failed(MAINLAND_ID_MESSAGES.lowercaseX));
    expect(check(type, '110105194912310021')).toEqual(failed('身份证号码校验位不正确'));
    expect(check(type, makeId18('990105', '19491231'))).toEqual(failed(MAINLAND_ID_MESSAGES.province));
    expect(check(type, makeId18('110105', '20240616'))).toEqual(failed(MAINLAND_ID_MESSAGES.future));
  });

  it('agrees with validateMainlandId on generated IDs and passes today through', () => {
    fc.assert(
      fc.property(validId18Arb, (id) => {
        expect(check('IDENTITY_CARD', id)).toEqual(ok);
        const main = validateMainlandId(id, new Date(1800, 0, 1));
        expect(validateIdDocument('IDENTITY_CARD_MUM', id, new Date(1800, 0, 1))).toEqual({
          valid: main.valid,
          message: main.message,
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('validateIdDocument: HUKOU_NUMBER', () => {
  it.each(['abc', 'A12', '123', 'a'.repeat(21), '1'.repeat(21), 'Ab1234567890'])('accepts %s', (value) => {
    expect(check('HUKOU_NUMBER', value)).toEqual(ok);
  });

  it.each(['ab', '12', '1'.repeat(22)])('rejects length of %s', (value) => {
    expect(check('HUKOU_NUMBER', value)).toEqual(failed('户口本号码应为3至21位英文字母或数字'));
  });
});

describe('validateIdDocument: PASSPORT_NUMBER', () => {
  it.each(['E1234', 'e12345678', 'G12345678', '123456', 'A'.repeat(17), 'PE1234567'])(
    'accepts %s',
    (value) => {
      expect(check('PASSPORT_NUMBER', value)).toEqual(ok);
    },
  );

  it.each(['E123', '1234', 'A'.repeat(18)])('rejects length of %s', (value) => {
    expect(check('PASSPORT_NUMBER', value)).toEqual(failed('护照号码应为5至17位英文字母或数字'));
  });
});

describe('validateIdDocument: MO_HK_NUMBER', () => {
  it.each(['H12345678', 'M12345678', 'H1234567890', 'M1234567890'])('accepts %s', (value) => {
    expect(check('MO_HK_NUMBER', value)).toEqual(ok);
  });

  it.each([
    'H1234567',
    'H123456789',
    'H12345678901',
    'A12345678',
    '12345678',
    '123456789',
    'HH12345678',
    'H',
  ])('rejects %s', (value) => {
    expect(check('MO_HK_NUMBER', value)).toEqual(failed('港澳通行证号码应为H或M开头加8位或10位数字'));
  });

  it.each(['h12345678', 'm1234567890'])('asks for an uppercase letter in %s', (value) => {
    expect(check('MO_HK_NUMBER', value)).toEqual(failed('港澳通行证号码开头的H或M应为大写'));
  });
});

describe('validateIdDocument: TW_NUMBER', () => {
  it.each(['12345678', '1234567890'])('accepts %s', (value) => {
    expect(check('TW_NUMBER', value)).toEqual(ok);
  });

  it.each(['1234567', '123456789', '12345678901', 'T12345678', 'A123456789'])('rejects %s', (value) => {
    expect(check('TW_NUMBER', value)).toEqual(failed('台湾通行证号码应为8位或10位数字'));
  });
});

describe('validateIdDocument: FOREIGNER_NUMBER', () => {
  const foreigner18 = (first17: string) => first17 + computeIdCheckChar(first17);

  it.each(['USA330112345678', 'ABC000000000000', foreigner18('93303384012345678')])('accepts %s', (value) => {
    expect(check('FOREIGNER_NUMBER', value)).toEqual(ok);
  });

  it.each([
    'US3301123456789',
    'USA33011234567',
    'USA3301123456789',
    '1234567890123456',
    '830338401234567890',
    '93303384012345678',
    '9330338401234567890',
    '9A3033840123456789',
  ])('rejects the format of %s', (value) => {
    expect(check('FOREIGNER_NUMBER', value)).toEqual(failed(ID_DOCUMENT_MESSAGES.foreigner));
  });

  it.each(['usa330112345678', 'UsA330112345678'])('asks for uppercase letters in %s', (value) => {
    expect(check('FOREIGNER_NUMBER', value)).toEqual(failed(ID_DOCUMENT_MESSAGES.foreignerLowercase));
  });

  const first17Arb = fc.stringMatching(/^9\d{16}$/);

  it('accepts an 18-character number starting with 9 whose check character is right', () => {
    fc.assert(
      fc.property(first17Arb, (first17) => {
        expect(check('FOREIGNER_NUMBER', foreigner18(first17))).toEqual(ok);
      }),
    );
  });

  it('rejects an 18-character number whose check character is wrong', () => {
    const wrong = first17Arb.chain((first17) =>
      fc
        .constantFrom(...'0123456789X'.replace(computeIdCheckChar(first17), ''))
        .map((char) => first17 + char),
    );
    fc.assert(
      fc.property(wrong, (value) => {
        expect(check('FOREIGNER_NUMBER', value)).toEqual(failed('外国人永久居留身份证号码校验位不正确'));
      }),
    );
  });

  it('asks for an uppercase X check character', () => {
    const withX = fc.stringMatching(/^9\d{16}$/).filter((first17) => computeIdCheckChar(first17) === 'X');
    fc.assert(
      fc.property(withX, (first17) => {
        expect(check('FOREIGNER_NUMBER', `${first17}X`)).toEqual(ok);
        expect(check('FOREIGNER_NUMBER', `${first17}x`)).toEqual(
          failed(ID_DOCUMENT_MESSAGES.foreignerLowercase),
        );
      }),
      { numRuns: 30 },
    );
  });
});

describe('validateIdDocument: types without a format rule', () => {
  it.each(['ARMYMAN', 'STUDENTCARD', 'DRIVINGLICENCE', 'OTHER', 'UNKNOWN', 'normal'])(
    '%s accepts any non-empty value',
    (type) => {
      for (const value of ['1', 'x', '南字第123456号', 'A-123 456', '（12345）']) {
        expect(check(type, value)).toEqual(ok);
      }
    },
  );

  it('accepts arbitrary non-blank text without full-width letters or digits', () => {
    const text = fc
      .string({ minLength: 1 })
      .filter((value) => value.trim() !== '' && !/[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/.test(value));
    fc.assert(
      fc.property(
        fc.constantFrom('ARMYMAN', 'STUDENTCARD', 'DRIVINGLICENCE', 'OTHER', 'UNKNOWN'),
        text,
        (type, value) => {
          expect(check(type, value)).toEqual(ok);
        },
      ),
    );
  });

  it('names the document in the full-width message', () => {
    expect(check('ARMYMAN', '１２３')).toEqual(failed('军官证号码不能包含全角字母或数字，请切换到半角输入'));
    expect(check('DRIVINGLICENCE', 'Ａ１')).toEqual(
      failed('驾驶证号码不能包含全角字母或数字，请切换到半角输入'),
    );
    expect(check('UNKNOWN', '１')).toEqual(failed('证件号码不能包含全角字母或数字，请切换到半角输入'));
  });
});

describe('validateIdDocument: ASCII letters and digits only', () => {
  it.each(ALL_TYPES)('accepts the %s sample', (type) => {
    expect(check(type, SAMPLES[type])).toEqual(ok);
  });

  it('rejects a full-width letter or digit in every type', () => {
    const mixed = fc.constantFrom(...ALL_TYPES).chain((type) =>
      fc.integer({ min: 0, max: SAMPLES[type].length - 1 }).map((index) => {
        const sample = SAMPLES[type];
        return [type, sample.slice(0, index) + toFullWidth(sample[index]) + sample.slice(index + 1)] as const;
      }),
    );
    fc.assert(
      fc.property(mixed, ([type, value]) => {
        const result = check(type, value);
        expect(result.valid).toBe(false);
        expect(result.message).toContain('全角');
      }),
      { numRuns: 500 },
    );
  });

  it.each(ALL_TYPES)('rejects an entirely full-width %s number', (type) => {
    expect(check(type, toFullWidth(SAMPLES[type])).valid).toBe(false);
  });

  it.each([
    ['HUKOU_NUMBER', '户口本号码'],
    ['PASSPORT_NUMBER', '护照号码'],
    ['MO_HK_NUMBER', '港澳通行证号码'],
    ['TW_NUMBER', '台湾通行证号码'],
    ['FOREIGNER_NUMBER', '外国人永久居留身份证号码'],
  ] as const)('%s names the document when spaces, dashes or Chinese characters appear', (type, name) => {
    const sample = SAMPLES[type];
    const middle = Math.floor(sample.length / 2);
    const insert = (text: string) => sample.slice(0, middle) + text + sample.slice(middle);
    expect(check(type, toFullWidth(sample))).toEqual(failed(`${name}不能包含全角字符，请切换到半角输入`));
    expect(check(type, insert(' '))).toEqual(failed(`${name}不能包含空格`));
    expect(check(type, ` ${sample}`)).toEqual(failed(`${name}不能包含空格`));
    expect(check(type, insert('-'))).toEqual(
      failed(`${name}只能包含英文字母和数字，不能包含“-”等符号或汉字`),
    );
    expect(check(type, insert('号'))).toEqual(
      failed(`${name}只能包含英文字母和数字，不能包含“-”等符号或汉字`),
    );
  });

  it('rejects spaces and dashes in mainland IDs with the ID message', () => {
    expect(check('IDENTITY_CARD', '110105 19491231002X')).toEqual(failed('身份证号码不能包含空格'));
    expect(check('IDENTITY_CARD_MUM', '110105-19491231-002X')).toEqual(failed('身份证号码格式不正确'));
  });
});
