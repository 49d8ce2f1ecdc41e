import { maskName } from '@patient/validation';
import { eq } from 'drizzle-orm';
import { MINUTE } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { businessError, conflict } from '../../platform/http/errors.ts';
import { contacts } from '../patients/index.ts';
import type { PaidOutcome, Payable, PayableOrder } from '../payments/index.ts';
import { type AccountRow, catchUp, hospitalMovements, postEntry } from './book.ts';
import { askLedger, type PrepaidLedger, PrepaidLedgerError } from './his.ts';
import { prepaidAccounts, prepaidRecharges } from './tables.ts';

export type RechargeRow = typeof prepaidRecharges.$inferSelect;

/** How long a recharge order waits for its money (the provider's order closes then too). */
export const RECHARGE_HOLD_MS = 30 * MINUTE;

/** PENDING past its hold reads CLOSED (nothing was paid). */
export function rechargeStatusOf(r: RechargeRow, now: Date): 'PENDING' | 'PAID' | 'CLOSED' {
  if (r.status === 'PENDING' && now.getTime() >= r.createdAt.getTime() + RECHARGE_HOLD_MS) return 'CLOSED';
  return r.status as 'PENDING' | 'PAID' | 'CLOSED';
}

async function describeRecharge(
  db: DbOrTx,
  recharge: RechargeRow,
  account: AccountRow,
  now: Date,
): Promise<PayableOrder> {
  const [contact] = await db
    .select({ name: contacts.name })
    .from(contacts)
    .where(eq(contacts.id, account.contactId));
  const status = rechargeStatusOf(recharge, now);
  return {
    id: recharge.id,
    userId: recharge.userId,
    hospitalId: account.hospitalId,
    amountFen: recharge.amount,
    payability:
      status === 'PAID'
        ? 'PAID'
        : account.status !== 'OPEN'
          ? conflict('账户已注销', '该预交金账户已注销，不能充值')
          : status === 'PENDING'
            ? 'PAYABLE'
            : conflict('充值单已关闭', '充值单已超时或已关闭，请重新发起充值'),
    holdEndsAt: status === 'PENDING' ? new Date(recharge.createdAt.getTime() + RECHARGE_HOLD_MS) : null,
    description: `预交金充值 ${account.accountNo}`,
    detailPath: `/rechargeSuccess?rechargeId=${recharge.id}`,
    contactId: account.contactId,
    settlement: {
      mode: 'SELF',
      totalFen: recharge.amount,
      fundFen: 0,
      accountFen: 0,
      cashFen: recharge.amount,
    },
    facts: [
      ['商品', '就诊卡预交金充值'],
      ['账户', account.accountNo],
      ['就诊人', contact ? maskName(contact.name) : '—'],
      ['充值单号', String(recharge.id)],
    ],
  };
}

/** The recharge and its account, the account locked first (every path that changes a balance locks it first). */
async function lockRecharge(tx: DbOrTx, rechargeId: number) {
  const [known] = await tx
    .select({ accountId: prepaidRecharges.accountId })
    .from(prepaidRecharges)
    .where(eq(prepaidRecharges.id, rechargeId));
  if (!known) return null;
  const [account] = await tx
    .select()
    .from(prepaidAccounts)
    .where(eq(prepaidAccounts.id, known.accountId))
    .for('update');
  const [recharge] = await tx
    .select()
    .from(prepaidRecharges)
    .where(eq(prepaidRecharges.id, rechargeId))
    .for('update');
  return { account, recharge };
}

/** Prepaid-account recharges as payments sees them (orderType ACCOUNT_RECHARGE), credited by the HIS's `ledger`. */
export function rechargePayable(ledger: PrepaidLedger): Payable {
  return {
    orderType: 'ACCOUNT_RECHARGE',

    async lock(tx, orderId, now) {
      const found = await lockRecharge(tx, orderId);
      return found && describeRecharge(tx, found.recharge, found.account, now);
    },

    async describe(db, orderId, now) {
      const [row] = await db
        .select({ recharge: prepaidRecharges, account: prepaidAccounts })
        .from(prepaidRecharges)
        .innerJoin(prepaidAccounts, eq(prepaidAccounts.id, prepaidRecharges.accountId))
        .where(eq(prepaidRecharges.id, orderId));
      return row ? describeRecharge(db, row.recharge, row.account, now) : null;
    },

    /**
     * Money confirmed: credited once (the ledger posts `recharge:<id>` once), also after the hold ran out —
     * nothing is scarce, so the patient's money lands on the account. A closed account cannot take it: it goes
     * back.
     */
    async paid(tx, orderId, now, refusal) {
      const [recharge] = await tx.select().from(prepaidRecharges).where(eq(prepaidRecharges.id, orderId));
      const [account] = await tx
        .select()
        .from(prepaidAccounts)
        .where(eq(prepaidAccounts.id, recharge.accountId));
      if (recharge.status === 'PAID') return { kept: true };
      let ledgerRefusal: string | undefined;
      if (!refusal && account.status === 'OPEN') {
        // The ledger is asked before anything is written: its failure leaves the payment unapplied (503).
        const movements = await hospitalMovements(tx, ledger, account, now);
        try {
          await askLedger(ledger, (l) =>
            l.credit({
              accountNo: account.accountNo,
              ref: `recharge:${recharge.id}`,
              amountFen: recharge.amount,
              at: now,
            }),
          );
        } catch (error) {
          if (!(error instanceof PrepaidLedgerError)) throw error;
          ledgerRefusal = `医院预交金账户未能入账（${error.message}），充值款项已原路退回`;
        }
        if (!ledgerRefusal) return credit(tx, await catchUp(tx, account, movements), recharge, now);
      }
      await tx
        .update(prepaidRecharges)
        .set({ status: 'CLOSED', closedAt: now })
        .where(eq(prepaidRecharges.id, orderId));
      return { kept: false, reason: refusal ?? ledgerRefusal ?? '预交金账户已注销，充值款项已原路退回' };
    },

    async refunded(tx, orderId, refundedAt) {
      await tx.update(prepaidRecharges).set({ refundedAt }).where(eq(prepaidRecharges.id, orderId));
    },

    async feeItems(db, orderId) {
      const [row] = await db.select().from(prepaidRecharges).where(eq(prepaidRecharges.id, orderId));
      return row ? [{ code: 'PREPAID', name: '预交金', amountFen: row.amount }] : [];
    },

    async applySettlement(_tx, _orderId, settlement) {
      if (settlement.mode !== 'SELF') {
        throw businessError(
          400,
          '预交金充值不能使用医保支付',
          '预交金充值须自费支付，医保结算在就诊缴费时进行',
        );
      }
    },
  };
}

/** Copies the credit the ledger confirmed into the book; the recharge is PAID. */
async function credit(
  tx: DbOrTx,
  current: AccountRow,
  recharge: RechargeRow,
  now: Date,
): Promise<PaidOutcome> {
  await postEntry(tx, current, {
    kind: 'RECHARGE',
    amount: recharge.amount,
    at: now,
    title: '在线充值',
    channel: '线上支付',
    ref: `recharge:${recharge.id}`,
    rechargeId: recharge.id,
  });
  await tx
    .update(prepaidRecharges)
    .set({ status: 'PAID', paidAt: now })
    .where(eq(prepaidRecharges.id, recharge.id));
  return { kept: true };
}
