import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { bedOrders } from './tables.ts';

/** Deletes the account's bed orders and their logs. */
export async function erasePersonalData(tx: Tx, accountId: number): Promise<void> {
  await tx.delete(bedOrders).where(eq(bedOrders.userId, accountId));
}
