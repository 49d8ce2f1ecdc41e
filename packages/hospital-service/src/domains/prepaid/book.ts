import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { askLedger, type LedgerCredit, type LedgerMovement, type PrepaidLedger } from './his.ts';
import { prepaidAccounts, prepaidEntries, prepaidRecharges } from './tables.ts';

export type AccountRow = typeof prepaidAccounts.$inferSelect;
export type EntryRow = typeof prepaidEntries.$inferSelect;

/** One movement the ledger confirmed, to copy into this service's book. */
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
 * Copies a movement the ledger confirmed into the book (`prepaid_entries`, the balance on the account row), once
 * by `ref`, on an account row the caller locked (FOR UPDATE) in its transaction.
 */
export async function postEntry(
  tx: DbOrTx,
  account: AccountRow,
  movement: Movement,
): Promise<{ posted: boolean; balance: number }> {
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
}

/** The recharges credited to the account from here, as the ledger knows them. */
export async function creditsOf(db: DbOrTx, accountId: number): Promise<LedgerCredit[]> {
  const rows = await db
    .select()
    .from(prepaidRecharges)
    .where(
      and(
        eq(prepaidRecharges.accountId, accountId),
        eq(prepaidRecharges.status, 'PAID'),
        isNotNull(prepaidRecharges.paidAt),
      ),
    )
    .orderBy(asc(prepaidRecharges.paidAt), asc(prepaidRecharges.id));
  return rows.map((r) => ({ ref: `recharge:${r.id}`, amountFen: r.amount, at: r.paidAt as Date }));
}

/** Asks the ledger what the hospital did on an open account up to `asOf` (before anything is written). */
export async function hospitalMovements(
  db: DbOrTx,
  ledger: PrepaidLedger,
  account: AccountRow,
  asOf: Date,
): Promise<LedgerMovement[]> {
  if (account.status !== 'OPEN') return [];
  const credits = await creditsOf(db, account.id);
  if (credits.length === 0) return [];
  return askLedger(ledger, (l) => l.hospitalMovements({ accountNo: account.accountNo, credits, asOf }));
}

/**
 * Copies the hospital's movements into the book of the locked account, oldest first, each once (never more than
 * the balance); answers the account as it is then.
 */
export async function catchUp(
  tx: DbOrTx,
  account: AccountRow,
  movements: LedgerMovement[],
): Promise<AccountRow> {
  if (account.status !== 'OPEN') return account;
  for (const movement of movements) {
    const [seen] = await tx
      .select({ id: prepaidEntries.id })
      .from(prepaidEntries)
      .where(eq(prepaidEntries.ref, movement.ref));
    if (seen) continue;
    const [current] = await tx.select().from(prepaidAccounts).where(eq(prepaidAccounts.id, account.id));
    const amount = Math.min(current.balance, movement.amountFen);
    if (amount <= 0) continue;
    await postEntry(tx, account, {
      kind: movement.kind,
      amount,
      at: movement.at,
      title: movement.title,
      channel: movement.channel,
      ref: movement.ref,
    });
  }
  const [fresh] = await tx.select().from(prepaidAccounts).where(eq(prepaidAccounts.id, account.id));
  return fresh;
}

/** The account's movements, oldest first. */
export async function entriesOf(db: DbOrTx, accountId: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(prepaidEntries)
    .where(eq(prepaidEntries.accountId, accountId))
    .orderBy(asc(prepaidEntries.id));
}
