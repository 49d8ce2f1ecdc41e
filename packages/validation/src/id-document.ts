import { computeIdCheckChar, validateMainlandId } from './id-card';
import { asciiAlnumProblem, fail, hasFullWidthAlnum, isBlank, ok, type ValidationResult } from './shared';

const TYPES = [
  { key: 'IDENTITY_CARD', code: 'normal', label: '居民身份证' },
  { key: 'HUKOU_NUMBER', code: 'hukou', label: '户口本' },
  { key: 'PASSPORT_NUMBER', code: 'passport', label: '护照' },
  { key: 'MO_HK_NUMBER', code: 'hkongMacao', label: '港澳居民来往内地通行证' },
  { key: 'TW_NUMBER', code: 'taiwan', label: '台湾居民来往大陆通行证' },
  { key: 'FOREIGNER_NUMBER', code: 'work', label: '外国人永久居留身份证' },
  { key: 'ARMYMAN', code: 'army', label: '军官证' },
  { key: 'STUDENTCARD', code: 'student', label: '学生证' },
  { key: 'DRIVINGLICENCE', code: 'drive', label: '驾驶证' },
  { key: 'IDENTITY_CARD_MUM', code: 'mother', label: '母亲身份证（新生儿）' },
  { key: 'OTHER', code: 'other', label: '其他' },
] as const;

/** Key of an ID document type (000 §3). */
export type IdDocumentType = (typeof TYPES)[number]['key'];

/** Code of an ID document type as sent to the back end. */
export type IdDocumentCode = (typeof TYPES)[number]['code'];

/** One selectable ID document type. */
export interface IdDocumentTypeInfo {
  readonly key: IdDocumentType;
  readonly code: IdDocumentCode;
  readonly label: string;
}

/** The eleven ID document types in spec order (000 §3). */
export const ID_DOCUMENT_TYPES: readonly IdDocumentTypeInfo[] = Object.freeze(
  TYPES.map((type) => Object.freeze({ ...type })),
);

/** The document types without `excluded` (e.g. luqiao drops FOREIGNER_NUMBER), in spec order. */
export function documentTypesFor(excluded: readonly IdDocumentType[]): readonly IdDocumentTypeInfo[] {
  return ID_DOCUMENT_TYPES.filter((type) => !excluded.includes(type.key));
}

/** Whether `value` is one of the eleven document type keys. */
export function isIdDocumentType(value: string): value is IdDocumentType {
  return ID_DOCUMENT_TYPES.some((type) => type.key === value);
}

/** Names used in messages, e.g. 港澳通行证号码应为…. */
const NUMBER_NAMES: Record<IdDocumentType, string> = {
  IDENTITY_CARD: '身份证号码',
  HUKOU_NUMBER: '户口本号码',
  PASSPORT_NUMBER: '护照号码',
  MO_HK_NUMBER: '港澳通行证号码',
  TW_NUMBER: '台湾通行证号码',
  FOREIGNER_NUMBER: '外国人永久居留身份证号码',
  ARMYMAN: '军官证号码',
  STUDENTCARD: '学生证号码',
  DRIVINGLICENCE: '驾驶证号码',
  IDENTITY_CARD_MUM: '母亲身份证号码',
  OTHER: '证件号码',
};

/** Messages of {@link validateIdDocument} that do not depend on the value. */
export const ID_DOCUMENT_MESSAGES = Object.freeze({
  empty: '请输入证件号码',
  hukou: '户口本号码应为3至21位英文字母或数字',
  passport: '护照号码应为5至17位英文字母或数字',
  moHk: '港澳通行证号码应为H或M开头加8位或10位数字',
  moHkLowercase: '港澳通行证号码开头的H或M应为大写',
  tw: '台湾通行证号码应为8位或10位数字',
  foreigner: '外国人永久居留身份证号码应为3位大写字母加12位数字（15位），或以9开头的18位号码',
  foreignerLowercase: '外国人永久居留身份证号码中的字母应为大写',
  foreignerChecksum: '外国人永久居留身份证号码校验位不正确',
});

function checkAsciiRule(value: string, name: string, pattern: RegExp, message: string): ValidationResult {
  const problem = asciiAlnumProblem(value, name);
  if (problem) return fail(problem);
  return pattern.test(value) ? ok() : fail(message);
}

function checkForeigner(value: string): ValidationResult {
  const problem = asciiAlnumProblem(value, NUMBER_NAMES.FOREIGNER_NUMBER);
  if (problem) return fail(problem);
  if (/^[A-Z]{3}\d{12}$/.test(value)) return ok();
  if (/^9\d{16}[\dX]$/.test(value)) {
    return computeIdCheckChar(value.slice(0, 17)) === value[17]
      ? ok()
      : fail(ID_DOCUMENT_MESSAGES.foreignerChecksum);
  }
  if (/^[A-Za-z]{3}\d{12}$/.test(value) || /^9\d{16}x$/.test(value)) {
    return fail(ID_DOCUMENT_MESSAGES.foreignerLowercase);
  }
  return fail(ID_DOCUMENT_MESSAGES.foreigner);
}

function checkMoHk(value: string): ValidationResult {
  const pattern = /^[HM](?:\d{8}|\d{10})$/;
  const result = checkAsciiRule(value, NUMBER_NAMES.MO_HK_NUMBER, pattern, ID_DOCUMENT_MESSAGES.moHk);
  if (!result.valid && pattern.test(value.replace(/^[hm]/, (c) => c.toUpperCase()))) {
    return fail(ID_DOCUMENT_MESSAGES.moHkLowercase);
  }
  return result;
}

/**
 * Checks an ID document number for its type (000 §5). Empty or blank always fails; letters and digits
 * must be half-width ASCII. Types without a format rule (ARMYMAN, STUDENTCARD, DRIVINGLICENCE, OTHER,
 * unknown strings) pass when non-empty and free of full-width letters or digits.
 */
export function validateIdDocument(
  type: IdDocumentType | string,
  value: string,
  today: Date = new Date(),
): ValidationResult {
  if (isBlank(value)) return fail(ID_DOCUMENT_MESSAGES.empty);
  switch (type) {
    case 'IDENTITY_CARD':
    case 'IDENTITY_CARD_MUM': {
      const { valid, message } = validateMainlandId(value, today);
      return { valid, message };
    }
    case 'HUKOU_NUMBER':
      return checkAsciiRule(value, NUMBER_NAMES[type], /^[A-Za-z0-9]{3,21}$/, ID_DOCUMENT_MESSAGES.hukou);
    case 'PASSPORT_NUMBER':
      return checkAsciiRule(value, NUMBER_NAMES[type], /^[A-Za-z0-9]{5,17}$/, ID_DOCUMENT_MESSAGES.passport);
    case 'MO_HK_NUMBER':
      return checkMoHk(value);
    case 'TW_NUMBER':
      return checkAsciiRule(value, NUMBER_NAMES[type], /^(?:\d{8}|\d{10})$/, ID_DOCUMENT_MESSAGES.tw);
    case 'FOREIGNER_NUMBER':
      return checkForeigner(value);
    default: {
      const name = isIdDocumentType(type) ? NUMBER_NAMES[type] : NUMBER_NAMES.OTHER;
      return hasFullWidthAlnum(value) ? fail(`${name}不能包含全角字母或数字，请切换到半角输入`) : ok();
    }
  }
}
