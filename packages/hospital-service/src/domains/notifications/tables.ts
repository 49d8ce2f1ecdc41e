import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';

/**
 * The messages of an account in one hospital (the inbox): written by the domains through `notify` when something
 * happens to the account's orders, feedback or follow-up; read, marked read and deleted by the account only.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    /** The contact it is about (its /messageNotify switch decided whether it was written), or null. */
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** APPOINTMENT | PAYMENT | REFUND | REPORT | QUEUE | FEEDBACK | FOLLOW_UP */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: jsonb('body').$type<string[]>().notNull(),
    /** An app path, or null. */
    link: text('link'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user').on(t.userId, t.hospitalId, t.sentAt)],
);
