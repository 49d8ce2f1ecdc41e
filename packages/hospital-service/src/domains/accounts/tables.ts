import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    /** login | contact_phone | his_identity */
    purpose: text('purpose').notNull(),
    /** HMAC-SHA-256 of the code; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    /** Set when a newer code for the same phone and purpose was sent. */
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
    /**
     * Who asked for it, for the sending limits (codes.ts): the client address (IPv6 as its /64) and, for
     * codes a logged-in user asks for, the account — whose code it then is (no other account can use it).
     * Rows live two days.
     */
    clientIp: text('client_ip'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('sms_codes_phone_purpose_created').on(t.phone, t.purpose, t.createdAt),
    index('sms_codes_created').on(t.createdAt),
    index('sms_codes_client_created').on(t.clientIp, t.createdAt),
    index('sms_codes_user_created').on(t.userId, t.createdAt),
  ],
);
