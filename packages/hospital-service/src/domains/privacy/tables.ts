import { index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';

/**
 * Copies of an account's personal information (个人信息副本), prepared when asked for: what was held at that
 * moment, as one JSON document (the PDF is drawn from it on download). Readable by the account only, until
 * `expires_at`; deleted with the account.
 */
export const dataCopies = pgTable(
  'data_copies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('data_copies_user').on(t.userId, t.createdAt)],
);
