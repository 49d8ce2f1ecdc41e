import { createHmac } from 'node:crypto';
import type { Contact, HealthCard } from '@patient/contract';
import { and, eq } from 'drizzle-orm';
import { MINUTE } from '../clock.ts';
import type { DbOrTx } from '../db/connect.ts';
import { contacts, type healthCards, users } from '../db/schema.ts';
import type { RequestContext } from '../http/context.ts';
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
      ethnicity: row.ethnicity ?? null,
      occupation: row.occupation ?? null,
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

/** Patient codes, health-card and health-code QR codes change every minute. */
export const ROTATING_CODE_MS = MINUTE;

/** A code valid for the current minute, derived from the server secret (nobody can precompute it). */
export function rotatingCode(ctx: RequestContext, purpose: string, subject: string, digits: number) {
  const now = ctx.clock.now().getTime();
  const window = Math.floor(now / ROTATING_CODE_MS);
  const mac = createHmac('sha256', ctx.secret).update(`${purpose}:${subject}:${window}`).digest('hex');
  const n = BigInt(`0x${mac.slice(0, 24)}`) % 10n ** BigInt(digits);
  return {
    value: n.toString().padStart(digits, '0'),
    expiresAt: new Date((window + 1) * ROTATING_CODE_MS).toISOString(),
  };
}

export const toHealthCard = (card: typeof healthCards.$inferSelect, contact: ContactRow): HealthCard => ({
  healthCardId: String(card.id),
  contactId: String(card.contactId),
  cardNo: card.cardNo,
  patientName: contact.name,
  cardPackageOrderId: card.cardPackageOrderId ?? null,
});
