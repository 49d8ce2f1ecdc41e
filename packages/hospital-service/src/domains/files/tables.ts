import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';

/**
 * Files the patients uploaded (photos of documents): whose they are, what they are by content, where the bytes
 * are in the file storage. Only the uploading account may read one.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The name in the file storage (random, 32 hex digits). */
    storageKey: text('storage_key').notNull().unique(),
    /** By content: image/jpeg | image/png | image/webp */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When an application kept it (`attachFiles`); null a day after the upload: abandoned, swept away. */
    attachedAt: timestamp('attached_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploaded_files_user').on(t.userId),
    index('uploaded_files_unattached').on(t.uploadedAt).where(sql`${t.attachedAt} IS NULL`),
  ],
);
