import { formatYuan } from '@patient/validation';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { type DeletionBlocker, type Detached, ERASED } from '../../platform/privacy/erasure.ts';
import { appointmentOrders, cityServiceEnergyGrants } from './tables.ts';

/** A slot held for the account and not paid yet (the hold has not expired). */
export async function blockersOfDeletion(tx: Tx, accountId: number, now: Date): Promise<DeletionBlocker[]> {
  const held = await tx
    .select({ visitDate: appointmentOrders.visitDate, fee: appointmentOrders.fee })
    .from(appointmentOrders)
    .where(
      and(
        eq(appointmentOrders.userId, accountId),
        inArray(appointmentOrders.status, ['LOCKED', 'PENDING_PAYMENT']),
        gt(appointmentOrders.holdExpiresAt, now),
      ),
    );
  return held.map((o) => ({
    kind: 'UNPAID_ORDER' as const,
    message: `${o.visitDate}的挂号订单（${formatYuan(o.fee)}）尚未支付：请支付或取消后再注销`,
  }));
}

/** Appointment orders are kept (the origin of their payments), detached, without the patient's name or card. */
export async function erasePersonalData(tx: Tx, accountId: number, detached: Detached): Promise<void> {
  await tx.delete(cityServiceEnergyGrants).where(eq(cityServiceEnergyGrants.userId, accountId));
  await tx
    .update(appointmentOrders)
    .set({ userId: detached.userId, contactId: null, cardId: null, patientName: ERASED, medicalCardNo: null })
    .where(eq(appointmentOrders.userId, accountId));
}
