import { ID_CHECK_CHARS, ID_CHECK_WEIGHTS, ID_MAX_AGE, ID_MIN_AGE, PROVINCE_CODES } from './constants';
import { hasFullWidth, hasWhitespace, isBlank } from './shared';

/** Which mainland ID check failed, in the order the checks run. */
export type MainlandIdFailure = 'format' | 'province' | 'date' | 'future' | 'age' | 'checksum';

/**
 * Outcome of {@link validateMainlandId}. `id18`, `provinceCode` and `birthDate` are filled in as soon as
 * the check that establishes them has passed, so a failed result may still carry them.
 */
export interface MainlandIdResult {
  valid: boolean;
  reason: MainlandIdFailure | null;
  /** The 18-character form (a 15-digit number converted); set once the format check passes. */
  id18: string | null;
  /** First two digits; set once the province check passes. */
  provinceCode: string | null;
  /** YYYY-MM-DD; set once the embedded date is a real calendar date. */
  birthDate: string | null;
  /** '' when valid. */
  message: string;
}

/** Messages of {@link validateMainlandId}; every `format` variant starts with 身份证号码 or 请输入. */
export const MAINLAND_ID_MESSAGES = Object.freeze({
  empty: '请输入身份证号码',
  fullWidth: '身份证号码不能包含全角字符，请切换到半角输入',
  whitespace: '身份证号码不能包含空格',
  lowercaseX: '身份证号码末位的X应为大写',
  length: '身份证号码应为15位或18位',
  format: '身份证号码格式不正确',
  province: '身份证号码地区码不正确',
  date: '出生日期无效',
  future: '出生日期不能晚于今天',
  age: `年龄需在${ID_MIN_AGE}至${ID_MAX_AGE}岁之间`,
  checksum: '身份证号码校验位不正确',
});

const DIGITS_15 = /^\d{15}$/;
const DIGITS_17 = /^\d{17}$/;
const ID_18 = /^\d{17}[\dX]$/;

/** Check character ('0'–'9' or 'X') for the first 17 digits of an ID number (MOD 11-2). Throws TypeError otherwise. */
export function computeIdCheckChar(first17: string): string {
  if (!DIGITS_17.test(first17)) throw new TypeError('计算校验位需要17位数字');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_CHECK_WEIGHTS[i];
  return ID_CHECK_CHARS[sum % 11];
}

/** 15-digit (pre-1999) ID number → 18 characters: '19' after the 6-digit area code, check character appended. */
export function convertId15To18(id15: string): string {
  if (!DIGITS_15.test(id15)) throw new TypeError('15位身份证号码应为15位数字');
  const first17 = `${id15.slice(0, 6)}19${id15.slice(6)}`;
  return first17 + computeIdCheckChar(first17);
}

function formatProblem(value: string): string | null {
  if (isBlank(value)) return MAINLAND_ID_MESSAGES.empty;
  if (hasFullWidth(value)) return MAINLAND_ID_MESSAGES.fullWidth;
  if (hasWhitespace(value)) return MAINLAND_ID_MESSAGES.whitespace;
  if (DIGITS_15.test(value) || ID_18.test(value)) return null;
  if (/^\d{17}x$/.test(value)) return MAINLAND_ID_MESSAGES.lowercaseX;
  if (/^[\dXx]+$/.test(value) && value.length !== 15 && value.length !== 18)
    return MAINLAND_ID_MESSAGES.length;
  return MAINLAND_ID_MESSAGES.format;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/**
 * Checks a mainland resident ID number (000 §5): 15 digits, or 17 digits plus a digit or uppercase X.
 * Checks run in the order format, province, date, future, age (0–130 completed years on `today`, local
 * calendar), checksum; the first failure is reported.
 */
export function validateMainlandId(value: string, today: Date = new Date()): MainlandIdResult {
  if (Number.isNaN(today.getTime())) throw new TypeError('today不是有效日期');
  const result: MainlandIdResult = {
    valid: false,
    reason: null,
    id18: null,
    provinceCode: null,
    birthDate: null,
    message: '',
  };
  const failWith = (reason: MainlandIdFailure, message: string): MainlandIdResult => ({
    ...result,
    reason,
    message,
  });

  const problem = formatProblem(value);
  if (problem) return failWith('format', problem);
  const id18 = value.length === 15 ? convertId15To18(value) : value;
  result.id18 = id18;

  const provinceCode = id18.slice(0, 2);
  if (!Object.prototype.hasOwnProperty.call(PROVINCE_CODES, provinceCode))
    return failWith('province', MAINLAND_ID_MESSAGES.province);
  result.provinceCode = provinceCode;

  const year = Number(id18.slice(6, 10));
  const month = Number(id18.slice(10, 12));
  const day = Number(id18.slice(12, 14));
  if (!isRealDate(year, month, day)) return failWith('date', MAINLAND_ID_MESSAGES.date);
  result.birthDate = `${id18.slice(6, 10)}-${id18.slice(10, 12)}-${id18.slice(12, 14)}`;

  const todayYear = today.getFullYear();
  const todayMonthDay = (today.getMonth() + 1) * 100 + today.getDate();
  const birthMonthDay = month * 100 + day;
  if (year * 10000 + birthMonthDay > todayYear * 10000 + todayMonthDay) {
    return failWith('future', MAINLAND_ID_MESSAGES.future);
  }
  const age = todayYear - year - (todayMonthDay < birthMonthDay ? 1 : 0);
  if (age < ID_MIN_AGE || age > ID_MAX_AGE) return failWith('age', MAINLAND_ID_MESSAGES.age);

  if (computeIdCheckChar(id18.slice(0, 17)) !== id18[17]) {
    return failWith('checksum', MAINLAND_ID_MESSAGES.checksum);
  }
  return { ...result, valid: true };
}
