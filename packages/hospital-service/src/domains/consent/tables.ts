import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';

/**
 * Each hospital's 隐私政策 (POLICY) and 用户协议 (AGREEMENT), one row per version (a YYYY-MM-DD date); the
 * current one is the greatest version. A new version is a new row: the old text stays, so a consent always
 * names the text that was agreed to.
 */
export const privacyDocuments = pgTable(
  'privacy_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    sections: jsonb('sections').$type<{ heading: string; paragraphs: string[] }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('privacy_documents_version').on(t.hospitalId, t.kind, t.version)],
);

/**
 * An account's consents at one hospital: the kind (POLICY, AGREEMENT, SENSITIVE), the version agreed to and
 * when; a withdrawal sets `withdrawn_at` (rows are never deleted: the history is the record).
 */
export const consents = pgTable(
  'consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    agreedAt: timestamp('agreed_at', { withTimezone: true, mode: 'date' }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('consents_user').on(t.userId, t.hospitalId)],
);
