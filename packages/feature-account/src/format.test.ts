import { describe, expect, it } from 'vitest';
import { parseRechargeAmount } from './format.ts';

const limits = { minFen: 100, maxFen: 500_000, roomFen: 300_000 };

describe('parseRechargeAmount', () => {
  it('reads yuan with up to two decimals as integer fen', () => {
    expect(parseRechargeAmount('100', limits)).toEqual({ fen: 10_000, error: null });
    expect(parseRechargeAmount(' 88.5 ', limits)).toEqual({ fen: 8_850, error: null });
    expect(parseRechargeAmount('0.99', { ...limits, minFen: 1 })).toEqual({ fen: 99, error: null });
    expect(parseRechargeAmount('1.', limits)).toEqual({ fen: 100, error: null });
  });

  it.each([
    ['', '请输入充值金额'],
    ['abc', '请输入正确的金额，如 100 或 100.50'],
    ['1e3', '请输入正确的金额，如 100 或 100.50'],
    ['-5', '充值金额必须大于0'],
    ['0', '充值金额必须大于0'],
    ['0.00', '充值金额必须大于0'],
    ['10.555', '金额最多保留两位小数'],
    ['0.5', '单次充值金额不能少于1.00元'],
    ['5000.01', '单次充值金额不能超过5000.00元'],
    ['3000.01', '已接近账户余额上限，本次最多可充3000.00元'],
  ])('refuses %j: %s', (text, error) => {
    expect(parseRechargeAmount(text, limits)).toEqual({ fen: null, error });
  });
});
