import { eq, or } from 'drizzle-orm';
import { sessions, users } from '../../platform/auth/tables.ts';
import type { Tx } from '../../platform/database/connect.ts';
import { smsCodes } from './tables.ts';

/** The phone of the shared account rows kept by law move to: not a phone number, so nobody can log in as it. */
export const ERASED_ACCOUNT_PHONE = 'erased-accounts';

/** The id of the shared account of detached rows (created the first time an account is deleted). */
export async function erasedAccountId(tx: Tx): Promise<number> {
  await tx
    .insert(users)
    .values({ phone: ERASED_ACCOUNT_PHONE, status: 'banned', bannedReason: '已注销账号的保留记录' })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, ERASED_ACCOUNT_PHONE));
  return row.id;
}

/**
 * Last step of a deletion: the account's sessions, its SMS codes (by account and by its phone) and the account
 * itself. The phone can register again and starts with nothing.
 */
export async function erasePersonalData(tx: Tx, accountId: number): Promise<void> {
  const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, accountId));
  if (!user) return;
  await tx.delete(sessions).where(eq(sessions.userId, accountId));
  await tx.delete(smsCodes).where(or(eq(smsCodes.userId, accountId), eq(smsCodes.phone, user.phone)));
  await tx.delete(users).where(eq(users.id, accountId));
}
