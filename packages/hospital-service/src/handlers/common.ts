import type { Contact } from '@patient/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/connect.ts';
import { contacts, users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';

export type ContactRow = typeof contacts.$inferSelect;

/**
 * Our ids are positive int4 numbers; anything else cannot exist. Returning null lets the caller
 * answer exactly as for a missing row.
 */
export function parseId(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** The user's contact, or '就诊人不存在' — the same answer for someone else's contact as for none. */
export async function ownedContact(db: DbOrTx, userId: number, contactId: string): Promise<ContactRow> {
  const id = parseId(contactId);
  const [row] =
    id === null
      ? []
      : await db
          .select()
          .from(contacts)
          .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
          .limit(1);
  if (!row) throw notFound('就诊人');
  return row;
}

/**
 * Serialises changes to one account's contacts and cards (limit, duplicates, defaults): the user row
 * is locked until the transaction ends. PGlite runs one transaction at a time anyway; on PostgreSQL
 * this is what makes concurrent calls safe.
 */
export async function lockAccount(tx: DbOrTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export function toContact(row: ContactRow): Contact {
  return {
    contactId: String(row.id),
    contactDO: {
      name: row.name,
      documentType: row.documentType as Contact['contactDO']['documentType'],
      documentNumber: row.documentNumber,
      phone: row.phone,
      phoneVerified: row.phoneVerified,
      sex: (row.sex as Contact['contactDO']['sex']) ?? null,
      birthDate: row.birthDate ?? null,
      relation: row.relation as Contact['contactDO']['relation'],
      isDefault: row.isDefault,
      certified: row.certified,
      notify: row.notify,
      address: row.address ?? null,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

/** Postgres unique violation (a race the locks should already prevent). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
