import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';

/**
 * Check-up (examination) requests the simulated HIS knows for a contact, and their booking (one active
 * booking per request: the appointment columns are set while status is BOOKED).
 */
export const checkupApplications = pgTable(
  'checkup_applications',
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
    applicationNo: text('application_no').notNull(),
    orderItemId: text('order_item_id').notNull(),
    visitType: text('visit_type').notNull(),
    itemCode: text('item_code').notNull(),
    urgentFlag: text('urgent_flag').notNull(),
    emergencySchedule: text('emergency_schedule').notNull(),
    itemTypeId: text('item_type_id').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** UNBOOKED | BOOKED | CANCELLED | DONE (a BOOKED one whose date has passed reads as DONE) */
    status: text('status').notNull(),
    apptDate: date('appt_date', { mode: 'string' }),
    apptBatchId: text('appt_batch_id'),
    apptTimeRange: text('appt_time_range'),
    bookedAt: timestamp('booked_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkup_applications_request').on(t.userId, t.hospitalId, t.applicationNo, t.orderItemId),
    index('checkup_applications_contact').on(t.contactId, t.hospitalId),
    index('checkup_applications_slot').on(t.hospitalId, t.itemTypeId, t.apptDate, t.apptBatchId),
    check(
      'checkup_applications_booking',
      sql`(${t.status} IN ('BOOKED', 'DONE')) = (${t.apptDate} IS NOT NULL AND ${t.apptBatchId} IS NOT NULL)`,
    ),
  ],
);
