/**
 * The insurance split of one settlement, as the (simulated) insurance centre computes it from its data. Pure:
 * amounts in fen, every part an integer, fund + account + cash = total.
 */

/** A fee item as the HIS lists it for settlement. */
export interface FeeItem {
  /** REGISTRATION, CONSULTATION, CONSULTATION_EXPERT, … (an item without a rule is not covered). */
  code: string;
  name: string;
  amountFen: number;
}

export interface InsurancePolicy {
  /** The yearly deductible (起付线) of covered items, fen. */
  deductibleFen: number;
  accountPays: boolean;
  /** Fund share (percent) per covered item code. */
  fundPercent: ReadonlyMap<string, number>;
}

export interface InsuredAccount {
  balanceFen: number;
  /** What the deductible still asks this year, fen. */
  deductibleLeftFen: number;
}

export interface Split {
  totalFen: number;
  /** 统筹基金 */
  fundFen: number;
  /** 个人账户 */
  accountFen: number;
  /** 现金 (what the payment provider charges) */
  cashFen: number;
  /** The part of the deductible this settlement uses up. */
  deductibleFen: number;
}

/**
 * What the yearly deductible still asks at a hospital whose policy's deductible is `policyFen`, for a person
 * whose covered fees have used `usedFen` of deductibles this year (at any hospital): never below zero. The
 * pre-settlement splits with it and the confirmation checks against it, so both read the account alike.
 */
export const deductibleLeftFen = (policyFen: number, usedFen: number): number =>
  Math.max(0, policyFen - usedFen);

/**
 * Covered items pay the deductible first (in their order), then the fund pays its share of the rest of each
 * covered item (rounded down to the fen). The insured's share of covered items comes from the personal
 * account as far as its balance goes (when the policy lets it); uncovered items and the remainder are cash.
 */
export function splitFee(items: readonly FeeItem[], policy: InsurancePolicy, account: InsuredAccount): Split {
  let deductibleLeft = Math.max(0, account.deductibleLeftFen);
  let totalFen = 0;
  let coveredFen = 0;
  let fundFen = 0;
  let deductibleFen = 0;
  for (const item of items) {
    totalFen += item.amountFen;
    const percent = policy.fundPercent.get(item.code);
    if (percent === undefined) continue;
    coveredFen += item.amountFen;
    const towardsDeductible = Math.min(item.amountFen, deductibleLeft);
    deductibleLeft -= towardsDeductible;
    deductibleFen += towardsDeductible;
    fundFen += Math.floor(((item.amountFen - towardsDeductible) * Math.min(100, Math.max(0, percent))) / 100);
  }
  const insuredShare = coveredFen - fundFen;
  const accountFen = policy.accountPays ? Math.min(Math.max(0, account.balanceFen), insuredShare) : 0;
  return { totalFen, fundFen, accountFen, cashFen: totalFen - fundFen - accountFen, deductibleFen };
}
