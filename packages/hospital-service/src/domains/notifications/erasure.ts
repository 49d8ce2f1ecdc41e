import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { notifications } from './tables.ts';

/** Deletes the account's inbox (`contactId`: only the messages about that contact). */
export async function erasePersonalData(tx: Tx, accountId: number, contactId?: number): Promise<void> {
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, accountId),
        contactId === undefined ? undefined : eq(notifications.contactId, contactId),
      ),
    );
}
