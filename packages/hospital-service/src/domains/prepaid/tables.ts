import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';

/**
 * Prepaid accounts (就诊卡预交金账户) as the simulated HIS keeps them: one OPEN account per contact and
 * hospital, in the contact's real name, opened with one of its hospital cards. Amounts in fen.
 */
export const prepaidAccounts = pgTable(
  'prepaid_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    /** The HIS's account number. */
    accountNo: text('account_no').notNull().unique(),
    cardNo: text('card_no').notNull(),
    /** OPEN | CLOSED */
    status: text('status').notNull(),
    balance: integer('balance').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('prepaid_accounts_one_open').on(t.contactId, t.hospitalId).where(sql`${t.status} = 'OPEN'`),
    index('prepaid_accounts_user').on(t.userId),
  ],
);

/**
 * The account's book (the HIS ledger): every movement with the balance after it, in the order posted. `ref`
 * names the movement's cause once (`recharge:12`, `his-spend:12`, `close-refund:12`): a cause is posted once.
 */
export const prepaidEntries = pgTable(
  'prepaid_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => prepaidAccounts.id, { onDelete: 'cascade' }),
    /** RECHARGE | SPEND | REFUND */
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    title: text('title').notNull(),
    channel: text('channel').notNull(),
    ref: text('ref').notNull().unique(),
    /** The recharge a RECHARGE or REFUND entry belongs to. */
    rechargeId: integer('recharge_id'),
  },
  (t) => [index('prepaid_entries_account').on(t.accountId)],
);

/**
 * Recharge orders (payments' order type ACCOUNT_RECHARGE): PENDING until paid, PAID once credited, CLOSED when
 * not paid (the account was closed; money that arrived anyway went back). `refundFen` is what of it went back
 * when the account was closed (`refundedAt`: the provider confirmed).
 */
export const prepaidRecharges = pgTable(
  'prepaid_recharges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => prepaidAccounts.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** PENDING | PAID | CLOSED */
    status: text('status').notNull(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    refundFen: integer('refund_fen').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('prepaid_recharges_account').on(t.accountId), index('prepaid_recharges_user').on(t.userId)],
);
