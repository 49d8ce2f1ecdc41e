import type { NotificationKind } from '@patient/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { contacts } from '../patients/index.ts';
import { notifications } from './tables.ts';

/** One message to write for an account. */
export interface NewNotification {
  userId: number;
  hospitalId: string;
  /** The contact it is about: nothing is written while that contact's switch (/messageNotify) is off. */
  contactId?: number | null;
  kind: NotificationKind;
  title: string;
  body: string[];
  /** An app path (where the app shows what it is about). */
  link?: string | null;
  at: Date;
}

/**
 * Writes a message to the account's inbox (in the caller's transaction). A message about a contact is written
 * only while the contact's notification switch is on; answers whether it was written.
 */
export async function notify(db: DbOrTx, message: NewNotification): Promise<boolean> {
  if (message.contactId != null) {
    const [contact] = await db
      .select({ notify: contacts.notify })
      .from(contacts)
      .where(and(eq(contacts.id, message.contactId), eq(contacts.userId, message.userId)));
    if (!contact?.notify) return false;
  }
  await db.insert(notifications).values({
    userId: message.userId,
    hospitalId: message.hospitalId,
    contactId: message.contactId ?? null,
    kind: message.kind,
    title: message.title,
    body: message.body,
    link: message.link ?? null,
    sentAt: message.at,
    createdAt: message.at,
  });
  return true;
}
