import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { bedOrders } from './tables.ts';

/** Deletes the account's bed orders and their logs (`contactId`: only that contact's). */
export async function erasePersonalData(tx: Tx, accountId: number, contactId?: number): Promise<void> {
  await tx
    .delete(bedOrders)
    .where(
      and(
        eq(bedOrders.userId, accountId),
        contactId === undefined ? undefined : eq(bedOrders.contactId, contactId),
      ),
    );
}
