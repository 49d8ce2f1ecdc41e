import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import type { Detached } from '../../platform/privacy/erasure.ts';
import { inpatientPayments, inpatientStays, outpatientCharges, outpatientOrders } from './tables.ts';

/** Outpatient orders and charges, inpatient stays and their payments are kept (accounting records), detached. */
export async function erasePersonalData(tx: Tx, accountId: number, detached: Detached): Promise<void> {
  const to = { userId: detached.userId, contactId: detached.contactId };
  await tx.update(outpatientOrders).set(to).where(eq(outpatientOrders.userId, accountId));
  await tx.update(outpatientCharges).set(to).where(eq(outpatientCharges.userId, accountId));
  await tx.update(inpatientStays).set(to).where(eq(inpatientStays.userId, accountId));
  await tx
    .update(inpatientPayments)
    .set({ userId: detached.userId })
    .where(eq(inpatientPayments.userId, accountId));
}
