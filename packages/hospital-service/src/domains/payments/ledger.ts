import type { PayableOrderType } from '@patient/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { payments, refunds } from './tables.ts';

/** One row of `payments`. */
export type PaymentRow = typeof payments.$inferSelect;

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

/**
 * The paid order gives its money back: its PAID payment becomes REFUNDING and a refund is recorded
 * (PROCESSING) — of the whole amount, or of `amountFen` (1 … the amount: what is left of a prepaid recharge).
 * Call inside the order's transaction, then {@link submitRefund} after it commits (the sweeper submits what was
 * not). Returns the refund's id, or null when the order had no PAID payment.
 */
export async function requestRefund(
  db: DbOrTx,
  orderType: PayableOrderType,
  orderId: number,
  reason: string,
  now: Date,
  amountFen?: number,
): Promise<number | null> {
  const [payment] = await db
    .update(payments)
    .set({ status: 'REFUNDING' })
    .where(and(eq(payments.orderType, orderType), eq(payments.orderId, orderId), eq(payments.status, 'PAID')))
    .returning();
  if (!payment) return null;
  if (
    amountFen !== undefined &&
    !(Number.isInteger(amountFen) && amountFen >= 1 && amountFen <= payment.amount)
  ) {
    throw new Error(`refund of ${amountFen} fen for a payment of ${payment.amount}`);
  }
  const amount = amountFen ?? payment.amount;
  const [refund] = await db
    .insert(refunds)
    .values({
      paymentId: payment.id,
      // One refund per payment: the trade number's digits make it unique.
      refundNo: `RF${payment.tradeNo.slice(2)}`,
      amount,
      reason: reason.slice(0, 80),
      status: 'PROCESSING',
      createdAt: now,
    })
    .returning({ id: refunds.id });
  return refund.id;
}

/** The user's payments that are paid and kept (PAID), of every order type, oldest first. */
export async function paidPaymentsOf(db: DbOrTx, userId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'PAID')))
    .orderBy(payments.paidAt, payments.id);
}
