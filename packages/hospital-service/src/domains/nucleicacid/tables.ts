import type { NucleicAcidResult } from '@patient/contract';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';

/**
 * Nucleic acid test orders: who is tested (a contact of the account, its name and document as they were),
 * the type and its price then, and the status (NO_PAY → PAID → SAMPLED → REPORTED; CANCEL before sampling).
 * `result` is the laboratory's report, kept once it is reported.
 */
export const nucleicAcidOrders = pgTable(
  'nucleic_acid_orders',
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
    documentNumber: text('document_number').notNull(),
    /** SINGLE | MIXED */
    type: text('type').notNull(),
    itemName: text('item_name').notNull(),
    priceFen: integer('price_fen').notNull(),
    status: text('status').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }).notNull(),
    sampleNo: text('sample_no'),
    result: jsonb('result').$type<NucleicAcidResult>(),
    /** The health declaration sent with the order (question texts as they were); null: none was made. */
    health: jsonb('health').$type<{ code: string; text: string; answer: boolean; flagged: boolean }[]>(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    sampledAt: timestamp('sampled_at', { withTimezone: true, mode: 'date' }),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('nucleic_acid_orders_user').on(t.userId, t.hospitalId),
    index('nucleic_acid_orders_contact').on(t.contactId, t.hospitalId),
  ],
);
