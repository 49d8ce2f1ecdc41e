import {
  DEPOSIT_LIMITS,
  OUTPATIENT_CATEGORY_NAMES,
  type OutpatientCategory,
  type OutpatientCharge,
  type OutpatientOrder,
} from '@patient/contract';
import type { StatusLook } from '@patient/feature-kit';
import { formatYuan } from '@patient/validation';

/** The order the groups are shown in: 西药、检查、检验、治疗. */
export const CATEGORY_ORDER: readonly OutpatientCategory[] = [
  'WESTERN_MEDICINE',
  'EXAMINATION',
  'LABORATORY',
  'TREATMENT',
];

export interface OrderGroup {
  category: OutpatientCategory;
  name: string;
  orders: OutpatientOrder[];
  /** The group's orders' amounts, fen. */
  subtotal: number;
}

/** Orders grouped by category (西药、检查、检验、治疗), each group with its subtotal; empty groups left out. */
export function groupOrders(orders: readonly OutpatientOrder[]): OrderGroup[] {
  return CATEGORY_ORDER.map((category) => {
    const inGroup = orders.filter((o) => o.category === category);
    return {
      category,
      name: OUTPATIENT_CATEGORY_NAMES[category],
      orders: inGroup,
      subtotal: inGroup.reduce((sum, o) => sum + o.amount, 0),
    };
  }).filter((g) => g.orders.length > 0);
}

/** The total of the chosen orders, fen. */
export const totalOf = (orders: readonly OutpatientOrder[], chosen: ReadonlySet<string>): number =>
  orders.filter((o) => chosen.has(o.orderId)).reduce((sum, o) => sum + o.amount, 0);

export const ORDER_LOOKS: Record<OutpatientOrder['status'], StatusLook> = {
  UNPAID: { label: '待缴费', hint: '', tone: 'warning' },
  LOCKED: { label: '支付中', hint: '该处方正在一笔缴费中，完成或取消那笔缴费后可重新选择', tone: 'primary' },
  PAID: { label: '已缴费', hint: '', tone: 'success' },
  INVALIDATED: { label: '已作废', hint: '医生已作废该处方，可申请退费', tone: 'danger' },
  REFUNDING: { label: '退费中', hint: '', tone: 'primary' },
  REFUNDED: { label: '已退费', hint: '', tone: 'muted' },
};

export const CHARGE_LOOKS: Record<OutpatientCharge['status'], StatusLook> = {
  PENDING: { label: '待支付', hint: '处方已在医院锁定，请在锁定时间内完成支付', tone: 'warning' },
  PAID: { label: '已缴费', hint: '请按处方到药房取药或到相应科室检查、检验、治疗', tone: 'success' },
  CANCELLED: { label: '已取消', hint: '处方已解锁，可重新选择缴费', tone: 'muted' },
  EXPIRED: { label: '已超时', hint: '锁定已超时，处方已解锁，可重新选择缴费', tone: 'muted' },
  REFUNDING: { label: '退费中', hint: '退款将原路退回，一般1-7个工作日到账', tone: 'primary' },
  REFUNDED: { label: '已退费', hint: '款项已原路退回', tone: 'muted' },
};

/** 2026-03-10T01:00:00Z → '2026-03-10 09:00' (China time). */
export { chinaDateTime } from '@patient/validation';

export const yuan = formatYuan;

/**
 * A typed amount in yuan → fen, or the reason it cannot be paid: empty, not a number, zero or negative, more
 * than two decimals, outside the hospital's limits.
 */
export function parseDepositYuan(text: string): { fen: number } | { error: string } {
  const value = text.trim();
  if (value === '') return { error: '请输入充值金额' };
  if (!/^-?\d+(\.\d+)?$/.test(value)) return { error: '请输入正确的金额（数字）' };
  if (value.startsWith('-') || /^0+(\.0+)?$/.test(value)) return { error: '充值金额必须大于0' };
  if (/\.\d{3,}$/.test(value)) return { error: '金额最多两位小数' };
  const [whole, part = ''] = value.split('.');
  if (whole.length > 9) return { error: `单次充值不能超过 ${DEPOSIT_LIMITS.max / 100} 元` };
  const fen = Number(whole) * 100 + Number(part.padEnd(2, '0'));
  if (fen < DEPOSIT_LIMITS.min) return { error: `单次充值不能少于 ${DEPOSIT_LIMITS.min / 100} 元` };
  if (fen > DEPOSIT_LIMITS.max) return { error: `单次充值不能超过 ${DEPOSIT_LIMITS.max / 100} 元` };
  return { fen };
}
