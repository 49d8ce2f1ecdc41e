import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
