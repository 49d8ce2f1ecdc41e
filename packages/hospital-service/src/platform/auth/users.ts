import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../database/connect.ts';
import { users } from './tables.ts';

/**
 * Serialises changes to one account's contacts and cards (limit, duplicates, defaults): the user row
 * is locked until the transaction ends. PGlite runs one transaction at a time anyway; on PostgreSQL
 * this is what makes concurrent calls safe.
 */
export async function lockAccount(tx: DbOrTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
