import { formatYuan } from '@patient/validation';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { type DeletionBlocker, type Detached, ERASED } from '../../platform/privacy/erasure.ts';
import { appointmentOrders, cityServiceEnergyGrants } from './tables.ts';

/** A slot held for the account and not paid yet (the hold has not expired). */
export async function blockersOfDeletion(
  tx: Tx,
  accountId: number,
  now: Date,
  contactId?: number,
): Promise<DeletionBlocker[]> {
  const held = await tx
    .select({ visitDate: appointmentOrders.visitDate, fee: appointmentOrders.fee })
    .from(appointmentOrders)
    .where(
      and(
        eq(appointmentOrders.userId, accountId),
        inArray(appointmentOrders.status, ['LOCKED', 'PENDING_PAYMENT']),
        gt(appointmentOrders.holdExpiresAt, now),
        contactId === undefined ? undefined : eq(appointmentOrders.contactId, contactId),
      ),
    );
  return held.map((o) => ({
    kind: 'UNPAID_ORDER' as const,
    message: `${o.visitDate}的挂号订单（${formatYuan(o.fee)}）尚未支付：请支付或取消后再办理`,
  }));
}

/**
 * Appointment orders are kept (the origin of their payments), detached, without the patient's name or card.
 * `contactId`: only that contact's rows (a contact deleted from the account: `detached.userId` is then the account).
 */
export async function erasePersonalData(
  tx: Tx,
  accountId: number,
  detached: Detached,
  contactId?: number,
): Promise<void> {
  if (contactId === undefined) {
    await tx.delete(cityServiceEnergyGrants).where(eq(cityServiceEnergyGrants.userId, accountId));
  }
  await tx
    .update(appointmentOrders)
    .set({ userId: detached.userId, contactId: null, cardId: null, patientName: ERASED, medicalCardNo: null })
    .where(
      and(
        eq(appointmentOrders.userId, accountId),
        contactId === undefined ? undefined : eq(appointmentOrders.contactId, contactId),
      ),
    );
}
