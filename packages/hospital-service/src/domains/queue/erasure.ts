import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { queueEntries } from './tables.ts';

/** Deletes the account's sign-ins and places in queues. */
export async function erasePersonalData(tx: Tx, accountId: number): Promise<void> {
  await tx.delete(queueEntries).where(eq(queueEntries.userId, accountId));
}
