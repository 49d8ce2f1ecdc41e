import { timestamp } from 'drizzle-orm/pg-core';

/** The `created_at` column every table has. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
