import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { type Detached, ERASED } from '../../platform/privacy/erasure.ts';
import { recordCopyOrders } from './tables.ts';

/**
 * Record copy orders are kept (the origin of their payments), detached: no patient or applicant name, no
 * address, no ID photos. Answers the ids of the uploaded photos they named, for the caller to delete.
 * `contactId`: only that contact's rows (a contact deleted from the account; `detached.userId` is then the account).
 */
export async function erasePersonalData(
  tx: Tx,
  accountId: number,
  detached: Detached,
  contactId?: number,
): Promise<string[]> {
  const mine = and(
    eq(recordCopyOrders.userId, accountId),
    contactId === undefined ? undefined : eq(recordCopyOrders.contactId, contactId),
  );
  const orders = await tx.select({ photos: recordCopyOrders.photos }).from(recordCopyOrders).where(mine);
  await tx
    .update(recordCopyOrders)
    .set({
      userId: detached.userId,
      contactId: detached.contactId,
      patientName: ERASED,
      applicant: ERASED,
      address: null,
      photos: [],
    })
    .where(mine);
  return orders.flatMap((o) => o.photos.map((p) => p.fileId));
}
