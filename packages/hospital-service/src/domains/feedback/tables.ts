import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';

/** Complaints, suggestions and praise, and the hospital's reply (written when the service desk answers). */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    /** COMPLAINT | SUGGESTION | PRAISE */
    kind: text('kind').notNull(),
    category: text('category').notNull(),
    content: jsonb('content').$type<string[]>().notNull(),
    phone: text('phone').notNull(),
    /** The uploaded files (files domain) sent with it, in order. */
    photoIds: jsonb('photo_ids').$type<number[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
    reply: jsonb('reply').$type<string[]>(),
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('feedbacks_user').on(t.userId, t.hospitalId)],
);

/**
 * The follow-up tasks the hospital gives a contact after a visit or a stay (`inhospital_id`): a satisfaction
 * survey, a bedside scale, a discharge follow-up, an article to read, a return-visit reminder. Done once.
 */
export const followUpTasks = pgTable(
  'follow_up_tasks',
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
    inhospitalId: text('inhospital_id').notNull(),
    /** The task's number in links (taskId). */
    taskNo: text('task_no').notNull(),
    /** SATISFACTION | SCALE | MISSION | STUDY | RETURN_VISIT */
    kind: text('kind').notNull(),
    /** The questionnaire, scale (scaleId) or article it shows (seed-data.ts). */
    template: text('template').notNull(),
    department: text('department').notNull(),
    patientName: text('patient_name').notNull(),
    /** RETURN_VISIT: the day to come back. */
    returnDate: text('return_date'),
    returnDoctor: text('return_doctor'),
    /** PENDING | DONE */
    status: text('status').notNull(),
    answers: jsonb('answers').$type<Record<string, string[]>>(),
    score: integer('score'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follow_up_tasks_no').on(t.hospitalId, t.taskNo),
    index('follow_up_tasks_user').on(t.userId, t.inhospitalId),
  ],
);

/**
 * Push links (001 §7 'Questionnaire push'): a follow-up task pushed to its account with a disposable login code.
 * Only the code's hash is kept; it logs in once (`usedAt`), before `expiresAt`, and dies after
 * PUSH_CODE_MAX_FAILURES wrong tries. `iuid` is the link's public name.
 */
export const followUpPushes = pgTable(
  'follow_up_pushes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    iuid: text('iuid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => followUpTasks.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    failures: integer('failures').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('follow_up_pushes_user').on(t.userId, t.createdAt)],
);

/**
 * The follow-up platform's signed calls already accepted, kept until their timestamp leaves the skew window:
 * the same signature twice is a replay (403). The signature covers the call, its timestamp and its fields.
 */
export const followUpPlatformCalls = pgTable(
  'follow_up_platform_calls',
  {
    signature: text('signature').primaryKey(),
    call: text('call').notNull(),
    /** The signed timestamp + PLATFORM_CLOCK_SKEW_MS: after it the timestamp itself is refused. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('follow_up_platform_calls_expiry').on(t.expiresAt)],
);
