import { formatYuan } from '@patient/validation';

export { chinaDate, chinaDateTime } from '@patient/validation';

/** Ids of links, checked before anything is sent (the contract's `id`). */
export const isCode = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);

/** Fen as yuan text without the sign: 12345 → '123.45'. */
export const yuanText = (fen: number) => formatYuan(fen).replace('¥', '');

export interface AmountLimits {
  minFen: number;
  maxFen: number;
  /** What may still be added before the balance limit. */
  roomFen: number;
}

/**
 * A typed amount in yuan as fen, or why it cannot be sent: empty, not a number, zero or negative, more than two
 * decimals, below the least or above the most of one recharge, above what the balance limit leaves.
 */
export function parseRechargeAmount(
  text: string,
  limits: AmountLimits,
): { fen: number; error: null } | { fen: null; error: string } {
  const value = text.trim();
  if (value === '') return { fen: null, error: '请输入充值金额' };
  if (!/^-?\d+(\.\d*)?$/.test(value)) return { fen: null, error: '请输入正确的金额，如 100 或 100.50' };
  if (value.startsWith('-')) return { fen: null, error: '充值金额必须大于0' };
  const [whole, decimals = ''] = value.split('.');
  if (decimals.length > 2) return { fen: null, error: '金额最多保留两位小数' };
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(fen)) return { fen: null, error: '请输入正确的金额' };
  if (fen === 0) return { fen: null, error: '充值金额必须大于0' };
  if (fen < limits.minFen) return { fen: null, error: `单次充值金额不能少于${yuanText(limits.minFen)}元` };
  if (fen > limits.maxFen) return { fen: null, error: `单次充值金额不能超过${yuanText(limits.maxFen)}元` };
  if (fen > limits.roomFen) {
    return { fen: null, error: `已接近账户余额上限，本次最多可充${yuanText(limits.roomFen)}元` };
  }
  return { fen, error: null };
}
