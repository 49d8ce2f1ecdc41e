import { formatYuan } from '@patient/validation';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { type DeletionBlocker, type Detached, ERASED } from '../../platform/privacy/erasure.ts';
import { prepaidAccounts, prepaidRecharges } from './tables.ts';

/** An open prepaid account with money in it: the balance has to go back first (注销 of the prepaid account). */
export async function blockersOfDeletion(
  tx: Tx,
  accountId: number,
  contactId?: number,
): Promise<DeletionBlocker[]> {
  const open = await tx
    .select({ accountNo: prepaidAccounts.accountNo, balance: prepaidAccounts.balance })
    .from(prepaidAccounts)
    .where(
      and(
        eq(prepaidAccounts.userId, accountId),
        eq(prepaidAccounts.status, 'OPEN'),
        gt(prepaidAccounts.balance, 0),
        contactId === undefined ? undefined : eq(prepaidAccounts.contactId, contactId),
      ),
    );
  return open.map((a) => ({
    kind: 'PREPAID_BALANCE' as const,
    message: `预交金账户 ${a.accountNo} 尚有余额 ${formatYuan(a.balance)}：请先在“预交金账户”中注销该账户，余额原路退回后再办理`,
  }));
}

/**
 * Prepaid accounts, their book and recharges are kept (accounting records), detached, the card number removed;
 * an open account (its balance is 0: {@link blockersOfDeletion}) is closed. `contactId`: only that contact's rows (a contact deleted from the account: `detached.userId` is then the account).
 */
export async function erasePersonalData(
  tx: Tx,
  accountId: number,
  detached: Detached,
  contactId?: number,
): Promise<void> {
  await tx
    .update(prepaidAccounts)
    .set({
      userId: detached.userId,
      contactId: detached.contactId,
      cardNo: ERASED,
      status: 'CLOSED',
      closedAt: sql`coalesce(${prepaidAccounts.closedAt}, now())`,
    })
    .where(
      and(
        eq(prepaidAccounts.userId, accountId),
        contactId === undefined ? undefined : eq(prepaidAccounts.contactId, contactId),
      ),
    );
  if (contactId !== undefined) return;
  await tx
    .update(prepaidRecharges)
    .set({ userId: detached.userId })
    .where(eq(prepaidRecharges.userId, accountId));
}
