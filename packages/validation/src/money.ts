import { toCapitalAmount, tryCapitalAmount } from './capital-amount';

/** Messages thrown by {@link capitalAmountOfFen}. */
export const FEN_MESSAGES = Object.freeze({
  notFen: '金额必须是以分为单位的整数',
});

/** Integer fen as exact yuan text with two decimals (2500 → '25.00'), or null unless a safe integer. */
function yuanText(fen: number): string | null {
  if (!Number.isSafeInteger(fen)) return null;
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The one display of money: an amount in fen (1 yuan = 100 fen) as '¥25.00' (2500), '¥0.05' (5), '-¥10.50'
 * (-1050). Anything but a safe integer is shown as '—', never as a made-up amount.
 */
export function formatYuan(fen: number): string {
  const text = yuanText(fen);
  if (text === null) return '—';
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/**
 * An amount in fen in Chinese capital numerals (大写金额): 2500 → 贰拾伍元整, 1005 → 壹拾元零伍分. Throws
 * TypeError unless a safe integer (金额必须是以分为单位的整数), and RangeError for negative or too large amounts,
 * as {@link toCapitalAmount}.
 */
export function capitalAmountOfFen(fen: number): string {
  const text = typeof fen === 'number' ? yuanText(fen) : null;
  if (text === null) throw new TypeError(FEN_MESSAGES.notFen);
  return toCapitalAmount(text);
}

/** {@link capitalAmountOfFen}, or null when the amount is rejected. */
export function tryCapitalAmountOfFen(fen: number): string | null {
  const text = typeof fen === 'number' ? yuanText(fen) : null;
  return text === null ? null : tryCapitalAmount(text);
}
