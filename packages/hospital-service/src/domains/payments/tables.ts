import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';

/** Payments: at most one per order (a second js_pay returns it), amounts in fen. */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** APPOINTMENT (fees later) */
    orderType: text('order_type').notNull(),
    orderId: integer('order_id').notNull(),
    /** WECHAT_JSAPI | ALIPAY_TRADE | SANDBOX: the latest channel it was started on. */
    channel: text('channel').notNull(),
    amount: integer('amount').notNull(),
    /** PENDING | PAID | CLOSED | REFUNDING (asked of the provider) | REFUNDED */
    status: text('status').notNull(),
    tradeNo: text('trade_no').notNull().unique(),
    /**
     * The provider the payment was started with (`sandbox`, `wechat-pay`, `alipay`, `wechat-pay@1001`…; `none`
     * when there was nothing to collect): only its notification confirms the payment, and refunds go back
     * through it. NULL only on rows written before every payment recorded it.
     */
    provider: text('provider'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** When the payments-sweep job last asked the provider about it (a notification that is late). */
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true, mode: 'date' }),
    /** When the provider's side was settled for a CLOSED payment: closed there, or found paid and applied. */
    providerClosedAt: timestamp('provider_closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('payments_order').on(t.orderType, t.orderId), index('payments_user').on(t.userId)],
);

/**
 * Refunds: at most one per payment (the whole amount), amounts in fen. PROCESSING until the provider confirms
 * (its answer, its notification, or a query by the payments-sweep job); `submittedAt` is null until the provider has
 * accepted the request, and the payments-sweep job asks again (the refund number makes the request idempotent).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** Our refund number (out_refund_no / out_request_no). */
    refundNo: text('refund_no').notNull().unique(),
    amount: integer('amount').notNull(),
    /** Why the money goes back, as the patient reads it. */
    reason: text('reason').notNull(),
    /** PROCESSING | SUCCESS | FAILED (the provider closed it or reported it abnormal: the hospital acts). */
    status: text('status').notNull(),
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('refunds_payment').on(t.paymentId), index('refunds_status').on(t.status)],
);

/**
 * The sandbox provider's own books (development only): what its cashier collected and what it refunded, by
 * China date. Its daily bill is read from here, so reconciliation has a provider-side record to compare with.
 * A trade number is collected once and a refund number paid back once, as at a real provider.
 */
export const sandboxBill = pgTable(
  'sandbox_bill',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** YYYY-MM-DD, China time. */
    date: text('date').notNull(),
    /** pay | refund */
    type: text('type').notNull(),
    tradeNo: text('trade_no').notNull(),
    refundNo: text('refund_no'),
    amount: integer('amount').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('sandbox_bill_date').on(t.date),
    uniqueIndex('sandbox_bill_pay').on(t.tradeNo).where(sql`${t.type} = 'pay'`),
    uniqueIndex('sandbox_bill_refund').on(t.refundNo).where(sql`${t.type} = 'refund'`),
  ],
);

/**
 * Payers as the providers know them: the openid (WeChat, per official account) or open_id / user_id (Alipay, per
 * app) a JSAPI payment names, learnt once through the provider's silent web authorisation (payer-routes.ts).
 */
export const payers = pgTable(
  'payers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** wechat-pay | alipay */
    provider: text('provider').notNull(),
    /** The official account's appid or the Alipay app id the id belongs to. */
    appId: text('app_id').notNull(),
    payerId: text('payer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payers_user_app').on(t.userId, t.provider, t.appId)],
);
