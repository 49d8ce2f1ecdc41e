import { CAPITAL_AMOUNT_LIMIT, CAPITAL_AMOUNT_MAX_DECIMALS } from './constants';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const IN_GROUP_UNITS = ['', '拾', '佰', '仟'];
const FRACTION_UNITS = ['角', '分', '厘', '毫'];
const MAX_INTEGER_DIGITS = String(CAPITAL_AMOUNT_LIMIT).length - 1;

/** Messages thrown by {@link toCapitalAmount}. */
export const CAPITAL_AMOUNT_MESSAGES = Object.freeze({
  notNumber: '金额必须是数字或数字字符串',
  notFinite: '金额必须是有效的数字',
  empty: '金额不能为空',
  exponent: '金额不支持科学计数法，请输入普通数字',
  format: '金额格式不正确，只能包含数字和一个小数点',
  negative: '金额不能为负数',
  tooLarge: '金额必须小于1000万亿',
  tooManyDecimals: `金额最多保留${CAPITAL_AMOUNT_MAX_DECIMALS}位小数`,
});

function toDecimalText(amount: unknown): string {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) throw new TypeError(CAPITAL_AMOUNT_MESSAGES.notFinite);
    if (amount < 0) throw new RangeError(CAPITAL_AMOUNT_MESSAGES.negative);
    if (amount >= CAPITAL_AMOUNT_LIMIT) throw new RangeError(CAPITAL_AMOUNT_MESSAGES.tooLarge);
    const text = String(amount);
    // Below the limit String() only uses exponent notation under 1e-6, which has too many decimals.
    if (text.includes('e')) throw new RangeError(CAPITAL_AMOUNT_MESSAGES.tooManyDecimals);
    return text;
  }
  if (typeof amount !== 'string') throw new TypeError(CAPITAL_AMOUNT_MESSAGES.notNumber);
  const text = amount.trim();
  if (text === '') throw new TypeError(CAPITAL_AMOUNT_MESSAGES.empty);
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)e[+-]?\d+$/i.test(text))
    throw new TypeError(CAPITAL_AMOUNT_MESSAGES.exponent);
  if (/^-\d+(?:\.\d+)?$/.test(text)) throw new RangeError(CAPITAL_AMOUNT_MESSAGES.negative);
  if (!/^\d+(?:\.\d+)?$/.test(text)) throw new TypeError(CAPITAL_AMOUNT_MESSAGES.format);
  return text;
}

function integerToCapital(digits: string): string {
  let out = '';
  let zeroPending = false;
  let groupHasDigit = false;
  for (let i = 0; i < digits.length; i++) {
    const position = digits.length - 1 - i;
    const digit = Number(digits[i]);
    if (digit === 0) {
      zeroPending = out !== '';
    } else {
      if (zeroPending) out += '零';
      zeroPending = false;
      groupHasDigit = true;
      out += DIGITS[digit] + IN_GROUP_UNITS[position % 4];
    }
    if (position % 4 === 0) {
      const group = position / 4;
      // Group 3 is written 万 and group 2 亿, so 1e12 reads 壹万亿 and 1.2e12 壹万贰仟亿.
      if (group === 2 ? out !== '' : groupHasDigit) out += ['', '万', '亿', '万'][group];
      // Zeros closing a non-empty group are silent; an all-zero group keeps its 零 pending.
      if (groupHasDigit) zeroPending = false;
      groupHasDigit = false;
    }
  }
  return out;
}

/**
 * Writes an amount in Chinese capital numerals (大写金额) as on invoices: 壹拾伍元整, 壹佰万零壹拾元整,
 * 壹拾元零伍分, 伍分, 零元整. Integer part below 1e15, at most 4 decimals (角分厘毫), ending in 整 after 元
 * or 角. Strings are read as exact decimal text (surrounding spaces and leading zeros allowed); numbers
 * via String(n), so float artefacts such as 0.1 + 0.2 are rejected, not rounded. Throws TypeError for
 * non-numbers (NaN, Infinity, '', 'abc', exponent strings such as '1e5') and RangeError for negative,
 * too large or over-precise amounts; messages are in Chinese.
 */
export function toCapitalAmount(amount: string | number): string {
  const text = toDecimalText(amount);
  const [integerText, fractionText = ''] = text.split('.');
  const integerDigits = integerText.replace(/^0+/, '');
  const fractionDigits = fractionText.replace(/0+$/, '');
  if (integerDigits.length > MAX_INTEGER_DIGITS) throw new RangeError(CAPITAL_AMOUNT_MESSAGES.tooLarge);
  if (fractionDigits.length > CAPITAL_AMOUNT_MAX_DECIMALS) {
    throw new RangeError(CAPITAL_AMOUNT_MESSAGES.tooManyDecimals);
  }
  if (integerDigits === '' && fractionDigits === '') return '零元整';

  let out = integerDigits === '' ? '' : `${integerToCapital(integerDigits)}元`;
  let zeroPending = false;
  for (let i = 0; i < fractionDigits.length; i++) {
    const digit = Number(fractionDigits[i]);
    if (digit === 0) {
      zeroPending = out !== '';
    } else {
      if (zeroPending) out += '零';
      zeroPending = false;
      out += DIGITS[digit] + FRACTION_UNITS[i];
    }
  }
  return out.endsWith('元') || out.endsWith('角') ? `${out}整` : out;
}

/** {@link toCapitalAmount}, or null when the amount is rejected (for live UI input). */
export function tryCapitalAmount(amount: string | number): string | null {
  try {
    return toCapitalAmount(amount);
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) return null;
    throw error;
  }
}
