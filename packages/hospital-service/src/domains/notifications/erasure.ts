import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { notifications } from './tables.ts';

/** Deletes the account's inbox. */
export async function erasePersonalData(tx: Tx, accountId: number): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, accountId));
}
