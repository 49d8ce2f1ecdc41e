import { describe, expect, it } from 'vitest';
import { groupOrders, parseDepositYuan, totalOf } from './format.ts';
import { ORDERS } from './testing.tsx';

describe('grouping and totals', () => {
  it('groups orders 西药、检查、检验 in that order with subtotals, leaving empty groups out', () => {
    const groups = groupOrders([ORDERS[2], ORDERS[1], ORDERS[0], ORDERS[3]]);
    expect(groups.map((g) => [g.name, g.orders.map((o) => o.orderId), g.subtotal])).toEqual([
      ['西药', ['1', '4'], 3_700 + 880],
      ['检查', ['2'], 23_000],
      ['检验', ['3'], 2_500],
    ]);
  });

  it('totals only the chosen orders, in fen', () => {
    expect(totalOf(ORDERS, new Set(['1', '3']))).toBe(6_200);
    expect(totalOf(ORDERS, new Set())).toBe(0);
  });
});

describe('the deposit amount field', () => {
  it.each([
    ['', '请输入充值金额'],
    ['  ', '请输入充值金额'],
    ['abc', '请输入正确的金额（数字）'],
    ['0', '充值金额必须大于0'],
    ['0.00', '充值金额必须大于0'],
    ['-5', '充值金额必须大于0'],
    ['100.123', '金额最多两位小数'],
    ['99.99', '单次充值不能少于 100 元'],
    ['50000.01', '单次充值不能超过 50000 元'],
    ['99999999999', '单次充值不能超过 50000 元'],
  ])('refuses %j: %s', (text, error) => {
    expect(parseDepositYuan(text)).toEqual({ error });
  });

  it.each([
    ['100', 10_000],
    ['1000.5', 100_050],
    ['2000.05', 200_005],
    ['50000', 5_000_000],
  ])('takes %j as %i fen', (text, fen) => {
    expect(parseDepositYuan(text)).toEqual({ fen });
  });
});
