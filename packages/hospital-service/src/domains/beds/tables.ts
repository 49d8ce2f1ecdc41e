import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';
import { staffMembers } from '../staff/index.ts';

/**
 * Bed orders (床位预约): a patient's application with the admission notice's details (or one a nurse registered
 * at the ward's desk: no account), the admission time the ward offers, the patient's confirmation.
 */
export const bedOrders = pgTable(
  'bed_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    /** The applying account (null: created at the desk). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** APP | DESK */
    source: text('source').notNull(),
    /** PENDING | CONFIRMED | FINISHED | CANCELLED (contract: bedOrderStatus) */
    status: text('status').notNull(),
    patientName: text('patient_name').notNull(),
    phone: text('phone').notNull(),
    /** The ward (BED_WARDS). */
    deptCode: text('dept_code').notNull(),
    noticeNo: text('notice_no').notNull(),
    diagnosis: text('diagnosis').notNull(),
    doctorName: text('doctor_name').notNull(),
    expectedDate: text('expected_date'),
    remark: text('remark').notNull().default(''),
    /** The offered admission (CONFIRMED, FINISHED). */
    admitDate: text('admit_date'),
    admitPeriod: text('admit_period'),
    bedNo: text('bed_no'),
    admitNote: text('admit_note'),
    confirmedBy: integer('confirmed_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bed_orders_user').on(t.userId, t.hospitalId),
    index('bed_orders_ward').on(t.hospitalId, t.deptCode, t.status),
    // One live order per admission notice: a second application of the same notice is refused.
    uniqueIndex('bed_orders_one_live_per_notice')
      .on(t.hospitalId, t.noticeNo)
      .where(sql`${t.status} <> 'CANCELLED'`),
  ],
);

/** Who did what to a bed order, and when: every staff action, and the patient's. */
export const bedOrderLogs = pgTable(
  'bed_order_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => bedOrders.id, { onDelete: 'cascade' }),
    /** APPLY | CREATE | CONFIRM | TRANSFER | PATIENT_CONFIRM | CANCEL */
    action: text('action').notNull(),
    /** PATIENT | STAFF */
    actorKind: text('actor_kind').notNull(),
    staffId: integer('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** The name shown (staff: name and title at the time). */
    actorName: text('actor_name').notNull(),
    detail: text('detail').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('bed_order_logs_order').on(t.orderId, t.at)],
);
