import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import type { Detached } from '../../platform/privacy/erasure.ts';
import { inpatientPayments, inpatientStays, outpatientCharges, outpatientOrders } from './tables.ts';

/**
 * Outpatient orders and charges, inpatient stays and their payments are kept (accounting records), detached.
 * `contactId`: only that contact's rows (a contact deleted from the account; `detached.userId` is then the account).
 */
export async function erasePersonalData(
  tx: Tx,
  accountId: number,
  detached: Detached,
  contactId?: number,
): Promise<void> {
  const to = { userId: detached.userId, contactId: detached.contactId };
  const of = (t: typeof outpatientOrders | typeof outpatientCharges | typeof inpatientStays) =>
    and(eq(t.userId, accountId), contactId === undefined ? undefined : eq(t.contactId, contactId));
  await tx.update(outpatientOrders).set(to).where(of(outpatientOrders));
  await tx.update(outpatientCharges).set(to).where(of(outpatientCharges));
  await tx.update(inpatientStays).set(to).where(of(inpatientStays));
  if (contactId !== undefined) return;
  await tx
    .update(inpatientPayments)
    .set({ userId: detached.userId })
    .where(eq(inpatientPayments.userId, accountId));
}
