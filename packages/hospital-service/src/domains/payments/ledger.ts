import type { PayableOrderType } from '@patient/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { payments } from './tables.ts';

/** One row of `payments`. */
export type PaymentRow = typeof payments.$inferSelect;

/** Integer fen as the contract's yuan text ("12.30"). */
export const yuanText = (fen: number): string =>
  `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** The payment of an order, if one was started (locked FOR UPDATE when asked: after the order's own locks). */
export async function paymentOf(
  db: DbOrTx,
  orderType: PayableOrderType,
  orderId: number,
  lock = false,
): Promise<PaymentRow | null> {
  const query = db
    .select()
    .from(payments)
    .where(and(eq(payments.orderType, orderType), eq(payments.orderId, orderId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Orders that can no longer be paid (cancelled, expired): their pending payments are CLOSED. */
export async function closePendingPayments(
  db: DbOrTx,
  orderType: PayableOrderType,
  orderIds: number[],
  now: Date,
): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(payments)
    .set({ status: 'CLOSED', closedAt: now })
    .where(
      and(
        eq(payments.orderType, orderType),
        eq(payments.status, 'PENDING'),
        inArray(payments.orderId, orderIds),
      ),
    );
}

/** The paid order gives its money back: its PAID payment is REFUNDED. Returns whether there was one. */
export async function refundPaidPayment(
  db: DbOrTx,
  orderType: PayableOrderType,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const refunded = await db
    .update(payments)
    .set({ status: 'REFUNDED', refundedAt: now })
    .where(and(eq(payments.orderType, orderType), eq(payments.orderId, orderId), eq(payments.status, 'PAID')))
    .returning({ id: payments.id });
  return refunded.length > 0;
}
