import { createHash } from 'node:crypto';
import { and, asc, eq, lte } from 'drizzle-orm';
import { DAY } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { prepaidAccounts, prepaidEntries, prepaidRecharges } from './tables.ts';

export type AccountRow = typeof prepaidAccounts.$inferSelect;
export type EntryRow = typeof prepaidEntries.$inferSelect;

/** One movement to post on an account. */
export interface Movement {
  kind: 'RECHARGE' | 'SPEND' | 'REFUND';
  /** Positive fen. */
  amount: number;
  at: Date;
  title: string;
  channel: string;
  /** The movement's cause, posted once. */
  ref: string;
  rechargeId?: number;
}

/**
 * The hospital's account ledger (HIS 预交金账户), the only place balances change. Methods that post run on an
 * account row the caller locked (FOR UPDATE) in its transaction.
 */
export interface HisAccountLedger {
  /** The account number the HIS gives a new account. */
  accountNumber(hospitalId: string, accountId: number): string;
  /** Posts a movement once (by `ref`); answers whether it was posted now and the balance after. */
  post(tx: DbOrTx, account: AccountRow, movement: Movement): Promise<{ posted: boolean; balance: number }>;
  /** Posts what happened at the hospital meanwhile (spending at its windows and machines) up to `now`. */
  catchUp(tx: DbOrTx, account: AccountRow, now: Date): Promise<AccountRow>;
  /** The account's movements, oldest first. */
  entries(db: DbOrTx, accountId: number): Promise<EntryRow[]>;
}

/** When the simulated patient spends at the hospital after a recharge. */
export const SPEND_AFTER_MS = 2 * DAY;
const SPEND_ITEMS = ['西药费', '检查费', '化验费', '治疗费'] as const;

const hashOf = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

/**
 * Simulated HIS ledger: the books live in this service's tables (`prepaid_entries`, the balance on the
 * account row). It plays the patient's visits too: two days after each recharge was credited, the outpatient
 * fees of a visit (30–60 % of that recharge, never more than the balance) are paid from the account at the
 * hospital's self-service machine — deterministic per recharge, posted when the account is next read.
 */
export const simulatedHisLedger: HisAccountLedger = {
  accountNumber(hospitalId, accountId) {
    return `YJ${hospitalId}${String(accountId).padStart(8, '0')}`;
  },

  async post(tx, account, movement) {
    const [current] = await tx.select().from(prepaidAccounts).where(eq(prepaidAccounts.id, account.id));
    const delta = movement.kind === 'RECHARGE' ? movement.amount : -movement.amount;
    const balance = current.balance + delta;
    if (balance < 0) throw new Error(`ledger: ${movement.ref} would overdraw account ${account.id}`);
    const inserted = await tx
      .insert(prepaidEntries)
      .values({
        accountId: account.id,
        kind: movement.kind,
        amount: movement.amount,
        balanceAfter: balance,
        at: movement.at,
        title: movement.title,
        channel: movement.channel,
        ref: movement.ref,
        rechargeId: movement.rechargeId ?? null,
      })
      .onConflictDoNothing({ target: prepaidEntries.ref })
      .returning({ id: prepaidEntries.id });
    if (inserted.length === 0) return { posted: false, balance: current.balance };
    await tx.update(prepaidAccounts).set({ balance }).where(eq(prepaidAccounts.id, account.id));
    return { posted: true, balance };
  },

  async catchUp(tx, account, now) {
    if (account.status !== 'OPEN') return account;
    const due = await tx
      .select()
      .from(prepaidRecharges)
      .where(
        and(
          eq(prepaidRecharges.accountId, account.id),
          eq(prepaidRecharges.status, 'PAID'),
          lte(prepaidRecharges.paidAt, new Date(now.getTime() - SPEND_AFTER_MS)),
        ),
      )
      .orderBy(asc(prepaidRecharges.paidAt), asc(prepaidRecharges.id));
    for (const recharge of due) {
      const ref = `his-spend:${recharge.id}`;
      const [seen] = await tx
        .select({ id: prepaidEntries.id })
        .from(prepaidEntries)
        .where(eq(prepaidEntries.ref, ref));
      if (seen) continue;
      const [current] = await tx.select().from(prepaidAccounts).where(eq(prepaidAccounts.id, account.id));
      const h = hashOf(ref);
      const share = 30 + (h % 31);
      const amount = Math.min(current.balance, Math.round((recharge.amount * share) / 100));
      if (amount <= 0) continue;
      await this.post(tx, account, {
        kind: 'SPEND',
        amount,
        at: new Date((recharge.paidAt as Date).getTime() + SPEND_AFTER_MS),
        title: `门诊缴费 · ${SPEND_ITEMS[h % SPEND_ITEMS.length]}`,
        channel: '医院自助机',
        ref,
      });
    }
    const [fresh] = await tx.select().from(prepaidAccounts).where(eq(prepaidAccounts.id, account.id));
    return fresh;
  },

  async entries(db, accountId) {
    return db
      .select()
      .from(prepaidEntries)
      .where(eq(prepaidEntries.accountId, accountId))
      .orderBy(asc(prepaidEntries.id));
  },
};
