import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';

/**
 * The hospital's staff who may use the staff calls (the nurse side of bed reservation), as the
 * corporate-messaging platform (企业微信) knows them: `corp_user_id` is the member's userid in the hospital's
 * corporation, which the platform's code-to-user exchange answers with.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    corpUserId: text('corp_user_id').notNull(),
    name: text('name').notNull(),
    /** 护士长, 护士… */
    title: text('title').notNull(),
    /** The ward codes (beds domain) she handles. */
    wards: jsonb('wards').$type<string[]>().notNull(),
    /** active | disabled */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_members_corp_user').on(t.hospitalId, t.corpUserId)],
);

/** Staff sessions: like the patients' (a token hash, one day), apart from them. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
);

/**
 * 访问记录: every read (and change) of a patient's data by a member of staff — who, what, when, why. Append-only:
 * the service has no call that changes or deletes a row, and the database refuses it too (migration
 * 0025_staff_data_access: a trigger allows only an account's or a staff member's removal to detach its rows, and a
 * DELETE only from the retention job, which sets `app.access_log_retention`).
 */
export const staffDataAccess = pgTable(
  'staff_data_access',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    staffId: integer('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** The name and title when it happened (kept when the member leaves). */
    staffName: text('staff_name').notNull(),
    staffTitle: text('staff_title').notNull(),
    /** Whose data: the account (null: registered at the desk, or the account was deleted). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The contact's masked name. */
    patientName: text('patient_name').notNull(),
    /** LIST | VIEW | CHANGE (contract: dataAccessAction) */
    action: text('action').notNull(),
    /** What, in words (床位预约 BR00000012). */
    what: text('what').notNull(),
    /** Why (安排住院床位). */
    purpose: text('purpose').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('staff_data_access_user').on(t.userId, t.hospitalId, t.at),
    index('staff_data_access_at').on(t.at),
  ],
);
