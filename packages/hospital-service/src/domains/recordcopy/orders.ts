import type { RecordCopyOrder } from '@patient/contract';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { ownedRow } from '../../platform/database/owned.ts';
import { paymentOf } from '../payments/index.ts';
import { recordCopyConfigOf } from './seed-data.ts';
import { recordCopyOrders } from './tables.ts';

export type OrderRow = typeof recordCopyOrders.$inferSelect;

/** Statuses in which the order has its money (the payment is PAID, or REFUNDING/REFUNDED after it). */
export const PAID_STATUSES = new Set([
  'NO_REVIEWED',
  'NO_DELIVERED',
  'NO_ADVICE',
  'IS_DELIVERED',
  'TAKE_SELF',
  'FINISH',
]);

/** Cancelling is possible until the record room has reviewed the application. */
export const CANCELLABLE = new Set(['NO_PAY', 'NO_REVIEWED']);

/** The user's order (locked FOR UPDATE when asked), or '病案复印申请不存在' — also for another account's. */
export async function ownedOrder(
  db: DbOrTx,
  userId: number,
  orderId: string,
  lock = false,
): Promise<OrderRow> {
  return ownedRow(db, recordCopyOrders, orderId, userId, { missing: '病案复印申请', lock });
}

export async function toOrder(db: DbOrTx, row: OrderRow, hospitalName: string): Promise<RecordCopyOrder> {
  const payment = await paymentOf(db, 'RECORD_COPY', row.id);
  const refund =
    payment && (payment.status === 'REFUNDING' || payment.status === 'REFUNDED')
      ? { amountFen: payment.amount, status: payment.status as 'REFUNDING' | 'REFUNDED' }
      : null;
  return {
    orderId: String(row.id),
    hospitalId: row.hospitalId,
    status: row.status,
    patientName: row.patientName,
    applicant: row.applicant as RecordCopyOrder['applicant'],
    stays: row.stays,
    purpose: { code: row.purposeCode, name: row.purposeName },
    parts: row.parts,
    copies: row.copies,
    delivery: row.delivery as RecordCopyOrder['delivery'],
    address: row.address ?? null,
    pickup: row.delivery === 'PICKUP' ? recordCopyConfigOf(hospitalName).pickup : null,
    fee: { copyFen: row.copyFee, postageFen: row.postage, totalFen: row.copyFee + row.postage },
    photos: row.photos,
    shipment:
      row.trackingNo && row.shippedAt
        ? { company: row.courier ?? '', trackingNo: row.trackingNo, shippedAt: row.shippedAt.toISOString() }
        : null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    refuseReason: row.refuseReason,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    refund,
    canCancel: CANCELLABLE.has(row.status),
    canConfirmReceipt: row.status === 'IS_DELIVERED',
  };
}
