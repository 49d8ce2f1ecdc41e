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
    /** PENDING | PAID | CLOSED | REFUNDED */
    status: text('status').notNull(),
    tradeNo: text('trade_no').notNull().unique(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('payments_order').on(t.orderType, t.orderId), index('payments_user').on(t.userId)],
);
