import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { createdAt } from '../../platform/database/columns.ts';

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    /** login | contact_phone */
    purpose: text('purpose').notNull(),
    /** HMAC-SHA-256 of the code; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    /** Set when a newer code for the same phone and purpose was sent. */
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sms_codes_phone_purpose_created').on(t.phone, t.purpose, t.createdAt)],
);
