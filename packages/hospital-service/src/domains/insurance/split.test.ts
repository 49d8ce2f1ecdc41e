import { describe, expect, it } from 'vitest';
import { deductibleLeftFen, type InsurancePolicy, splitFee } from './split.ts';

const policy = (deductibleFen: number, rules: [string, number][], accountPays = true): InsurancePolicy => ({
  deductibleFen,
  accountPays,
  fundPercent: new Map(rules),
});

const visit = [
  { code: 'REGISTRATION', name: '挂号费', amountFen: 100 },
  { code: 'CONSULTATION_EXPERT', name: '诊查费', amountFen: 1900 },
];

describe('splitFee', () => {
  it('pays the covered items by their ratio and leaves uncovered items to cash', () => {
    const split = splitFee(visit, policy(0, [['CONSULTATION_EXPERT', 60]]), {
      balanceFen: 0,
      deductibleLeftFen: 0,
    });
    expect(split).toEqual({ totalFen: 2000, fundFen: 1140, accountFen: 0, cashFen: 860, deductibleFen: 0 });
  });

  it('takes the insured share of covered items from the personal account, as far as its balance goes', () => {
    const rules = policy(0, [['CONSULTATION_EXPERT', 60]]);
    expect(splitFee(visit, rules, { balanceFen: 500, deductibleLeftFen: 0 })).toMatchObject({
      fundFen: 1140,
      accountFen: 500,
      cashFen: 360,
    });
    // Never more than the insured share of covered items: the registration fee stays cash.
    expect(splitFee(visit, rules, { balanceFen: 100_000, deductibleLeftFen: 0 })).toMatchObject({
      accountFen: 760,
      cashFen: 100,
    });
    expect(
      splitFee(visit, policy(0, [['CONSULTATION_EXPERT', 60]], false), {
        balanceFen: 100_000,
        deductibleLeftFen: 0,
      }),
    ).toMatchObject({ accountFen: 0, cashFen: 860 });
  });

  it('applies what is left of the yearly deductible before the fund pays', () => {
    const split = splitFee(visit, policy(5000, [['CONSULTATION_EXPERT', 60]], false), {
      balanceFen: 0,
      deductibleLeftFen: 1000,
    });
    // 1000 of the 1900 go to the deductible; the fund pays 60 % of the other 900.
    expect(split).toEqual({
      totalFen: 2000,
      fundFen: 540,
      accountFen: 0,
      cashFen: 1460,
      deductibleFen: 1000,
    });
    const spent = splitFee(visit, policy(5000, [['CONSULTATION_EXPERT', 60]], false), {
      balanceFen: 0,
      deductibleLeftFen: 5000,
    });
    expect(spent).toMatchObject({ fundFen: 0, cashFen: 2000, deductibleFen: 1900 });
  });

  it('covers nothing without a rule, and every part is whole fen adding up to the total', () => {
    expect(splitFee(visit, policy(0, []), { balanceFen: 9999, deductibleLeftFen: 0 })).toEqual({
      totalFen: 2000,
      fundFen: 0,
      accountFen: 0,
      cashFen: 2000,
      deductibleFen: 0,
    });
    const odd = [{ code: 'CONSULTATION', name: '诊查费', amountFen: 333 }];
    const split = splitFee(odd, policy(0, [['CONSULTATION', 70]]), { balanceFen: 7, deductibleLeftFen: 0 });
    expect(split.fundFen).toBe(233);
    expect(split.fundFen + split.accountFen + split.cashFen).toBe(333);
  });

  it('asks nothing of a deductible already used beyond this hospital’s (elsewhere, with a larger one)', () => {
    expect(deductibleLeftFen(0, 10_000)).toBe(0);
    expect(deductibleLeftFen(5_000, 10_000)).toBe(0);
    expect(deductibleLeftFen(20_000, 10_000)).toBe(10_000);
  });
});
