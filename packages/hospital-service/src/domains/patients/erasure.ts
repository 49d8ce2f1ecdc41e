import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/database/connect.ts';
import { ERASED } from '../../platform/privacy/erasure.ts';
import {
  certificationAttempts,
  contacts,
  faceVerifications,
  healthCards,
  healthCodes,
  medicalCards,
} from './tables.ts';

/** The shared contact of detached rows, under the shared account (no name, no document, no phone). */
export async function erasedContactId(tx: Tx, erasedAccountId: number): Promise<number> {
  const key = { userId: erasedAccountId, documentType: 'OTHER', documentNumber: ERASED };
  await tx
    .insert(contacts)
    .values({ ...key, name: ERASED, phone: '', relation: 'OTHER' })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, key.userId),
        eq(contacts.documentType, key.documentType),
        eq(contacts.documentNumber, key.documentNumber),
      ),
    );
  return row.id;
}

/**
 * The rows that go with one contact (or with every contact of the account): medical cards, health card, health
 * code, face verifications (and the account's certification attempts).
 */
export async function eraseContactData(tx: Tx, accountId: number, contactId?: number): Promise<void> {
  const of = (userId: AnyPgColumn, contact: AnyPgColumn) =>
    contactId === undefined ? eq(userId, accountId) : and(eq(userId, accountId), eq(contact, contactId));
  await tx.delete(medicalCards).where(of(medicalCards.userId, medicalCards.contactId));
  await tx.delete(healthCards).where(of(healthCards.userId, healthCards.contactId));
  await tx.delete(healthCodes).where(of(healthCodes.userId, healthCodes.contactId));
  await tx.delete(faceVerifications).where(of(faceVerifications.userId, faceVerifications.contactId));
  // A contact's authentication attempts stay with the account (its daily limit counts them; they hold no
  // personal data and lose the contact by its foreign key); the account's go with it.
  if (contactId === undefined)
    await tx.delete(certificationAttempts).where(eq(certificationAttempts.userId, accountId));
}

/** The account's contacts (`contactId`: that one) and everything of theirs this domain holds. */
export async function erasePersonalData(tx: Tx, accountId: number, contactId?: number): Promise<void> {
  await eraseContactData(tx, accountId, contactId);
  await tx
    .delete(contacts)
    .where(
      and(eq(contacts.userId, accountId), contactId === undefined ? undefined : eq(contacts.id, contactId)),
    );
}
