import type { CopyableStay } from '@patient/contract';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';

/**
 * Applications for copies of medical records, with what was asked for as it was then (stays, purpose, parts,
 * the address), the fee, and the order's status (000 §4: NO_PAY → NO_REVIEWED → NO_DELIVERED / NO_ADVICE →
 * IS_DELIVERED / TAKE_SELF → FINISH; REFUSE, CANCEL).
 */
export const recordCopyOrders = pgTable(
  'record_copy_orders',
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
    patientName: text('patient_name').notNull(),
    /** SELF | AGENT */
    applicant: text('applicant').notNull(),
    stays: jsonb('stays').$type<CopyableStay[]>().notNull(),
    purposeCode: text('purpose_code').notNull(),
    purposeName: text('purpose_name').notNull(),
    parts: jsonb('parts').$type<{ code: string; name: string }[]>().notNull(),
    copies: integer('copies').notNull(),
    /** EXPRESS | PICKUP */
    delivery: text('delivery').notNull(),
    address: jsonb('address').$type<{
      name: string;
      phone: string;
      region: string[];
      detail: string;
      postalCode: string;
    }>(),
    copyFee: integer('copy_fee').notNull(),
    postage: integer('postage').notNull(),
    /** Uploaded files (files domain) by kind. */
    photos: jsonb('photos')
      .$type<{ kind: 'ID_FRONT' | 'ID_BACK' | 'RELATION_PROOF'; fileId: string }[]>()
      .notNull(),
    status: text('status').notNull(),
    courier: text('courier'),
    trackingNo: text('tracking_no'),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    refuseReason: text('refuse_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('record_copy_orders_user').on(t.userId, t.hospitalId)],
);
