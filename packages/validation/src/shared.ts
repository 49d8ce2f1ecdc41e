/** Outcome of a single-field check; `message` is '' when valid. */
export interface ValidationResult {
  valid: boolean;
  message: string;
}

const FULL_WIDTH = /[\uFF01-\uFF5E\u3000]/;
const FULL_WIDTH_ALNUM = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/;
const WHITESPACE = /\s/;
const NOT_ASCII_ALNUM = /[^A-Za-z0-9]/;

export function ok(): ValidationResult {
  return { valid: true, message: '' };
}

export function fail(message: string): ValidationResult {
  return { valid: false, message };
}

export function isBlank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

/** Full-width ASCII variants (Ｈ１２３) and the ideographic space: typical Chinese IME slips. */
export function hasFullWidth(value: string): boolean {
  return FULL_WIDTH.test(value);
}

export function hasFullWidthAlnum(value: string): boolean {
  return FULL_WIDTH_ALNUM.test(value);
}

export function hasWhitespace(value: string): boolean {
  return WHITESPACE.test(value);
}

/** Why `value` is not made of ASCII letters and digits only, named after the field; null when it is. */
export function asciiAlnumProblem(value: string, name: string): string | null {
  if (hasFullWidth(value)) return `${name}不能包含全角字符，请切换到半角输入`;
  if (hasWhitespace(value)) return `${name}不能包含空格`;
  if (NOT_ASCII_ALNUM.test(value)) return `${name}只能包含英文字母和数字，不能包含“-”等符号或汉字`;
  return null;
}
