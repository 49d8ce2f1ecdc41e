import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';

/** One line of an order or a day's list, amounts in fen; `code` is the insurance item code. */
export interface FeeLineRow {
  code: string;
  name: string;
  specification: string;
  quantity: number;
  unit: string;
  unitPrice: number;
  amount: number;
}

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Outpatient orders (prescriptions and requests) the simulated HIS billed a contact, copied on first listing.
 * `chargeId` is the charge that holds (PENDING) or paid them; the HIS's lock is that charge's.
 */
export const outpatientOrders = pgTable(
  'outpatient_orders',
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
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    hisOrderNo: text('his_order_no').notNull(),
    /** WESTERN_MEDICINE | EXAMINATION | LABORATORY | TREATMENT */
    category: text('category').notNull(),
    title: text('title').notNull(),
    department: text('department').notNull(),
    doctor: text('doctor').notNull(),
    prescribedAt: at('prescribed_at').notNull(),
    items: jsonb('items').$type<FeeLineRow[]>().notNull(),
    amount: integer('amount').notNull(),
    insuranceCovered: boolean('insurance_covered').notNull(),
    /** UNPAID | PAID | INVALIDATED | REFUNDING | REFUNDED */
    status: text('status').notNull(),
    chargeId: integer('charge_id'),
    paidAt: at('paid_at'),
    invalidatedAt: at('invalidated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('outpatient_orders_his').on(t.userId, t.contactId, t.hospitalId, t.hisOrderNo),
    index('outpatient_orders_contact').on(t.contactId, t.hospitalId),
    index('outpatient_orders_charge').on(t.chargeId),
  ],
);

/**
 * Charges: several outpatient orders merged into one payment (orderType OUTPATIENT_FEE). PENDING while locked
 * (a PENDING one past `lockExpiresAt` reads EXPIRED), then PAID, CANCELLED, REFUNDING or REFUNDED.
 */
export const outpatientCharges = pgTable(
  'outpatient_charges',
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
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    orderIds: integer('order_ids').array().notNull(),
    total: integer('total').notNull(),
    /** SELF | MEDICAL and the split (fen): total = fund + account + self. */
    settlementMode: text('settlement_mode').notNull().default('SELF'),
    fundPays: integer('fund_pays').notNull().default(0),
    accountPays: integer('account_pays').notNull().default(0),
    selfPays: integer('self_pays').notNull(),
    status: text('status').notNull(),
    lockExpiresAt: at('lock_expires_at').notNull(),
    paidAt: at('paid_at'),
    cancelledAt: at('cancelled_at'),
    refundedAt: at('refunded_at'),
    receiptNo: text('receipt_no'),
    refundReason: text('refund_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('outpatient_charges_contact').on(t.contactId, t.hospitalId)],
);

/** Inpatient stays the simulated HIS has for a contact, copied on first listing. */
export const inpatientStays = pgTable(
  'inpatient_stays',
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
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    admissionNo: text('admission_no').notNull(),
    department: text('department').notNull(),
    ward: text('ward').notNull(),
    bed: text('bed').notNull(),
    doctor: text('doctor').notNull(),
    admittedOn: date('admitted_on', { mode: 'string' }).notNull(),
    dischargedOn: date('discharged_on', { mode: 'string' }),
    /** IN_HOSPITAL | DISCHARGED (to settle) | SETTLED */
    status: text('status').notNull(),
    settledAt: at('settled_at'),
    receiptNo: text('receipt_no'),
    /** Settled with a surplus: what went back through payments (online deposits) and at the discharge desk. */
    refundOnline: integer('refund_online').notNull().default(0),
    refundAtDesk: integer('refund_at_desk').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inpatient_stays_his').on(t.userId, t.contactId, t.hospitalId, t.admissionNo),
    index('inpatient_stays_contact').on(t.contactId, t.hospitalId),
  ],
);

/**
 * Money towards a stay: deposits (DEPOSIT, orderType INPATIENT_DEPOSIT; COUNTER ones were paid at the desk)
 * and the discharge settlement of what is owed (SETTLEMENT, orderType INPATIENT_SETTLEMENT).
 * PENDING | PAID | CLOSED | REFUNDING | REFUNDED.
 */
export const inpatientPayments = pgTable(
  'inpatient_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stayId: integer('stay_id')
      .notNull()
      .references(() => inpatientStays.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    holdExpiresAt: at('hold_expires_at'),
    paidAt: at('paid_at'),
    receiptNo: text('receipt_no'),
    /** A deposit given back at discharge (the stay's surplus): it still counts towards the stay's deposits. */
    settlementRefund: boolean('settlement_refund').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('inpatient_payments_stay').on(t.stayId, t.kind)],
);
