import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';

/**
 * The hospital's queues (seeded per hospital): each clinic's consulting rooms, the examination rooms, the
 * pharmacies. `ref` ties a queue to what feeds it: the clinic's department id, the examination type, the
 * pharmacy ('WEST', 'TCM').
 */
export const queues = pgTable(
  'queues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    /** CLINIC | EXAM | PHARMACY */
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    /** Shortest and longest seconds between two calls of the simulated HIS. */
    paceMin: integer('pace_min').notNull(),
    paceMax: integer('pace_max').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('queues_hospital_kind_ref').on(t.hospitalId, t.kind, t.ref)],
);

/**
 * The calls the simulated HIS has made (written as the service's clock runs: see his.ts). `issued` is the
 * highest number the desk had handed out to walk-in patients when the call was made.
 */
export const queueCalls = pgTable(
  'queue_calls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    number: integer('number').notNull(),
    issued: integer('issued').notNull(),
    calledAt: timestamp('called_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('queue_calls_number').on(t.queueId, t.date, t.number)],
);

/**
 * The numbers the simulated HIS handed out at sign-in (its book, kept in the service's database so that every
 * instance hands out the same numbers; a real HIS keeps its own): one per sign-in id, queue and day.
 */
export const queueHisTickets = pgTable(
  'queue_his_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    signId: text('sign_id').notNull(),
    number: integer('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('queue_his_tickets_sign').on(t.queueId, t.date, t.signId),
    uniqueIndex('queue_his_tickets_number').on(t.queueId, t.date, t.number),
  ],
);

/** A patient's sign-in: their number in a queue on a day. One per source (an appointment, an examination…). */
export const queueEntries = pgTable(
  'queue_entries',
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
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** The sign-in's id: APPOINTMENT-<order id>, CHECKUP-<request id>, PRESCRIPTION-<prescription no>. */
    signId: text('sign_id').notNull(),
    title: text('title').notNull(),
    patientName: text('patient_name').notNull(),
    number: integer('number').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('queue_entries_sign').on(t.hospitalId, t.signId, t.date),
    uniqueIndex('queue_entries_number').on(t.queueId, t.date, t.number),
    index('queue_entries_user_date').on(t.userId, t.date),
  ],
);
