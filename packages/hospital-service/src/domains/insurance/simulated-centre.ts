import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { chinaDate, MINUTE } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { identityKeyOf } from '../patients/index.ts';
import { type InsuranceCentre, InsuranceCentreError, type PayAuthorisation } from './centre.ts';
import {
  deductibleLeftFen,
  type FeeItem,
  type InsurancePolicy,
  type InsuredAccount,
  splitFee,
} from './split.ts';
import {
  simInsuranceAccounts,
  simInsuranceGrants,
  simInsuranceItemRules,
  simInsurancePolicies,
  simInsuranceSettlements,
} from './tables.ts';

/** The simulated centre's authorisation page (development and tests only; see auth-page.ts). */
export const SIM_AUTH_PAGE = '/hospital-service/sandbox/insurance/authorize';
/** A code of the page is good for 5 minutes, once; a pay authorisation for 30. */
const CODE_MINUTES = 5;
const PAY_AUTH_MINUTES = 30;

/** The centre's key of a person: a hash of the normalised identity number (no number in its settlements). */
export const identityHashOf = (identityNumber: string): string =>
  createHash('sha256')
    .update(`insured|${identityKeyOf(identityNumber)}`)
    .digest('hex');

/** A new insured person's personal account balance: 0–300 yuan, the same for the same person everywhere. */
const openingBalanceOf = (identityHash: string): number =>
  Number.parseInt(identityHash.slice(0, 8), 16) % 30001;

const token = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;
const yearOf = (now: Date) => Number(chinaDate(now).slice(0, 4));

/** The policy of a hospital; a hospital the centre has no data for covers nothing. */
async function policyOf(db: DbOrTx, hospitalId: string): Promise<InsurancePolicy> {
  const [policy] = await db
    .select()
    .from(simInsurancePolicies)
    .where(eq(simInsurancePolicies.hospitalId, hospitalId));
  const rules = await db
    .select()
    .from(simInsuranceItemRules)
    .where(eq(simInsuranceItemRules.hospitalId, hospitalId));
  return {
    deductibleFen: policy?.deductibleFen ?? 0,
    accountPays: policy?.accountPays ?? false,
    fundPercent: new Map(rules.map((r) => [r.itemCode, r.fundPercent])),
  };
}

/** The person's account, locked, opened on first use; the deductible counter starts again each year. */
async function accountOf(db: DbOrTx, identityHash: string, now: Date) {
  await db
    .insert(simInsuranceAccounts)
    .values({
      identityHash,
      balanceFen: openingBalanceOf(identityHash),
      deductibleYear: yearOf(now),
      deductibleUsedFen: 0,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(simInsuranceAccounts)
    .where(eq(simInsuranceAccounts.identityHash, identityHash))
    .for('update');
  return row.deductibleYear === yearOf(now)
    ? row
    : { ...row, deductibleYear: yearOf(now), deductibleUsedFen: 0 };
}

/**
 * The insurance centre, simulated: its rules come from its tables (per hospital: the deductible, whether the
 * personal account pays, the fund's share per covered fee item; seeded in seed-data.ts), insured persons are
 * opened on first use with a balance derived from their identity number, and its authorisation page is the
 * service's own development page. Deterministic apart from its numbers.
 */
export class SimulatedInsuranceCentre implements InsuranceCentre {
  readonly name = 'simulated';
  readonly simulated = true;

  authorisationUrl(input: { hospitalId: string; returnUrl: string; insuredHint: string }): string {
    const query = new URLSearchParams({
      hospitalId: input.hospitalId,
      contactId: input.insuredHint,
      returnUrl: input.returnUrl,
    });
    return `${SIM_AUTH_PAGE}?${query}`;
  }

  /** What the page does when the patient agrees: a one-time code for that person's credential. */
  async grant(db: DbOrTx, insured: { name: string; identityNumber: string }, now: Date): Promise<string> {
    const authCode = token('AC');
    await db.insert(simInsuranceGrants).values({
      authCode,
      identityHash: identityHashOf(insured.identityNumber),
      name: insured.name,
      identityNumber: identityKeyOf(insured.identityNumber),
      createdAt: now,
      codeExpiresAt: new Date(now.getTime() + CODE_MINUTES * MINUTE),
    });
    return authCode;
  }

  async authorise(db: DbOrTx, authCode: string, now: Date): Promise<PayAuthorisation> {
    const payAuthNo = token('PA');
    const expiresAt = new Date(now.getTime() + PAY_AUTH_MINUTES * MINUTE);
    const [grant] = await db
      .update(simInsuranceGrants)
      .set({ payAuthNo, payAuthExpiresAt: expiresAt })
      .where(and(eq(simInsuranceGrants.authCode, authCode), isNull(simInsuranceGrants.payAuthNo)))
      .returning();
    if (!grant || grant.codeExpiresAt <= now) {
      throw new InsuranceCentreError('AUTH_CODE', '医保授权已失效，请重新授权');
    }
    return { payAuthNo, insured: { name: grant.name, identityNumber: grant.identityNumber }, expiresAt };
  }

  async preSettle(
    db: DbOrTx,
    input: { payAuthNo: string; hospitalId: string; items: readonly FeeItem[] },
    now: Date,
  ) {
    const [grant] = await db
      .select()
      .from(simInsuranceGrants)
      .where(eq(simInsuranceGrants.payAuthNo, input.payAuthNo));
    if (!grant?.payAuthExpiresAt || grant.payAuthExpiresAt <= now) {
      throw new InsuranceCentreError('PAY_AUTH', '医保授权已过期，请重新授权');
    }
    const policy = await policyOf(db, input.hospitalId);
    const account = await accountOf(db, grant.identityHash, now);
    const insured: InsuredAccount = {
      balanceFen: account.balanceFen,
      deductibleLeftFen: deductibleLeftFen(policy.deductibleFen, account.deductibleUsedFen),
    };
    const split = splitFee(input.items, policy, insured);
    const settlementNo = token('ST');
    await db.insert(simInsuranceSettlements).values({
      settlementNo,
      payAuthNo: input.payAuthNo,
      hospitalId: input.hospitalId,
      identityHash: grant.identityHash,
      ...split,
      status: 'PRE',
      createdAt: now,
    });
    return { ...split, settlementNo };
  }

  async confirm(db: DbOrTx, settlementNo: string, now: Date): Promise<void> {
    const [settlement] = await db
      .select()
      .from(simInsuranceSettlements)
      .where(eq(simInsuranceSettlements.settlementNo, settlementNo))
      .for('update');
    if (!settlement || settlement.status !== 'PRE') {
      throw new InsuranceCentreError('SETTLEMENT', '医保结算状态不正确');
    }
    const account = await accountOf(db, settlement.identityHash, now);
    const policy = await policyOf(db, settlement.hospitalId);
    // Charged at the balance and deductible of now, read as the pre-settlement reads them: a split made
    // earlier that no longer fits (the account paid or the deductible was used meanwhile) is refused.
    if (
      account.balanceFen < settlement.accountFen ||
      settlement.deductibleFen > deductibleLeftFen(policy.deductibleFen, account.deductibleUsedFen)
    ) {
      throw new InsuranceCentreError('SETTLEMENT', '医保账户信息已变化，本次医保结算未完成');
    }
    await db
      .update(simInsuranceAccounts)
      .set({
        balanceFen: account.balanceFen - settlement.accountFen,
        deductibleYear: account.deductibleYear,
        deductibleUsedFen: account.deductibleUsedFen + settlement.deductibleFen,
      })
      .where(eq(simInsuranceAccounts.identityHash, settlement.identityHash));
    await db
      .update(simInsuranceSettlements)
      .set({ status: 'SETTLED' })
      .where(eq(simInsuranceSettlements.settlementNo, settlementNo));
  }

  async reverse(db: DbOrTx, settlementNo: string, now: Date): Promise<void> {
    const [settlement] = await db
      .select()
      .from(simInsuranceSettlements)
      .where(eq(simInsuranceSettlements.settlementNo, settlementNo))
      .for('update');
    if (!settlement || settlement.status !== 'SETTLED') return;
    const account = await accountOf(db, settlement.identityHash, now);
    await db
      .update(simInsuranceAccounts)
      .set({
        balanceFen: account.balanceFen + settlement.accountFen,
        deductibleYear: account.deductibleYear,
        deductibleUsedFen: Math.max(0, account.deductibleUsedFen - settlement.deductibleFen),
      })
      .where(eq(simInsuranceAccounts.identityHash, settlement.identityHash));
    await db
      .update(simInsuranceSettlements)
      .set({ status: 'REVERSED' })
      .where(eq(simInsuranceSettlements.settlementNo, settlementNo));
  }
}
