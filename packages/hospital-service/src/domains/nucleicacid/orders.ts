import type { NucleicAcidOrder } from '@patient/contract';
import { maskIdCard, maskName } from '@patient/validation';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { ownedRow } from '../../platform/database/owned.ts';
import { paymentOf } from '../payments/index.ts';
import { nucleicAcidItemsOf } from './seed-data.ts';
import { nucleicAcidOrders } from './tables.ts';

export type OrderRow = typeof nucleicAcidOrders.$inferSelect;

/** Statuses in which the order has its money (its payment is PAID, or REFUNDING/REFUNDED after a cancel). */
export const PAID_STATUSES = new Set(['PAID', 'SAMPLED', 'REPORTED']);

/** Statuses that keep a contact from booking another test at the hospital. */
export const OPEN_STATUSES = new Set(['NO_PAY', 'PAID']);

/** What the sampling point scans: the hospital and the order. */
export const qrCodeOf = (row: Pick<OrderRow, 'hospitalId' | 'id'>) =>
  `NAT${row.hospitalId}${String(row.id).padStart(10, '0')}`;

/** The user's order (locked FOR UPDATE when asked), or '核酸检测订单不存在' — also for another account's. */
export async function ownedOrder(
  db: DbOrTx,
  userId: number,
  orderId: string,
  lock = false,
): Promise<OrderRow> {
  return ownedRow(db, nucleicAcidOrders, orderId, userId, { missing: '核酸检测订单', lock });
}

/** The order as the app reads it: name and document masked, the QR code while it waits for sampling. */
export async function toOrder(db: DbOrTx, row: OrderRow, hospitalName: string): Promise<NucleicAcidOrder> {
  const payment = await paymentOf(db, 'NUCLEIC_ACID', row.id);
  const refund =
    payment && (payment.status === 'REFUNDING' || payment.status === 'REFUNDED')
      ? { amountFen: payment.amount, status: payment.status as 'REFUNDING' | 'REFUNDED' }
      : null;
  const offer = nucleicAcidItemsOf(hospitalName);
  return {
    orderId: String(row.id),
    hospitalId: row.hospitalId,
    hospitalName,
    status: row.status,
    type: row.type as NucleicAcidOrder['type'],
    itemName: row.itemName,
    priceFen: row.priceFen,
    contactId: String(row.contactId),
    patientName: maskName(row.patientName),
    documentNumber: maskIdCard(row.documentNumber),
    qrCode: row.status === 'PAID' ? qrCodeOf(row) : null,
    place: offer.place,
    hours: offer.hours,
    validUntil: row.validUntil.toISOString(),
    sampleNo: row.sampleNo,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    sampledAt: row.sampledAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    result: row.status === 'REPORTED' ? (row.result ?? null) : null,
    refund,
    canPay: row.status === 'NO_PAY',
    canCancel: OPEN_STATUSES.has(row.status),
  };
}
