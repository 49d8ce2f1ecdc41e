import { fail, isBlank, ok, type ValidationResult } from './shared';

const MOBILE = /^(?:1[3-9]\d{9}|09\d{8})$/;

/** Messages of {@link validatePhone}. */
export const PHONE_MESSAGES = Object.freeze({
  empty: '请输入手机号码',
  invalid: '请输入正确的手机号码',
});

/** 11 digits starting with 1 then 3–9, or 10 digits starting with 09 (000 §5). No spaces or prefixes. */
export function isMobilePhone(value: string): boolean {
  return MOBILE.test(value);
}

/** {@link isMobilePhone} with a message: 请输入手机号码 when blank, 请输入正确的手机号码 otherwise. */
export function validatePhone(value: string): ValidationResult {
  if (isBlank(value)) return fail(PHONE_MESSAGES.empty);
  return isMobilePhone(value) ? ok() : fail(PHONE_MESSAGES.invalid);
}
