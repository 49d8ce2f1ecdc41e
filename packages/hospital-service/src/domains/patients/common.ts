import { createHmac } from 'node:crypto';
import { type Contact, type HealthCard, SUB_CODE } from '@patient/contract';
import { and, eq } from 'drizzle-orm';
import { MINUTE } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { parseId } from '../../platform/database/ids.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { ApiError, notFound } from '../../platform/http/errors.ts';
import { contacts, type healthCards } from './tables.ts';

export type ContactRow = typeof contacts.$inferSelect;

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
 * Whether the hospital's data about the contact (HIS cards, examination requests) may be shown to the
 * account: the contact is 本人 and certified (the account holder's own real-name check matched this person),
 * or the code sent to the phone the HIS holds for the person was confirmed.
 */
export const isHisProven = (row: Pick<ContactRow, 'relation' | 'certified' | 'hisVerifiedAt'>): boolean =>
  row.hisVerifiedAt !== null || (row.relation === 'SELF' && row.certified);

/** The refusal of HIS data for an unproven contact: state 403, subCode HIS_IDENTITY_REQUIRED. */
export const hisIdentityRequired = (contactId: number): ApiError =>
  new ApiError(200, {
    state: 403,
    msg: '请先验证就诊人身份',
    subMsg: '为保护就诊人隐私，查看其在医院的就诊卡和检查申请前，需先通过医院登记的手机号验证身份',
    subCode: SUB_CODE.HIS_IDENTITY_REQUIRED,
    results: { contactId: String(contactId) },
  });

/** Throws {@link hisIdentityRequired} unless the contact is proven. */
export function requireHisProven(row: ContactRow): void {
  if (!isHisProven(row)) throw hisIdentityRequired(row.id);
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
      hisVerified: isHisProven(row),
      hisVerifiedAt: row.hisVerifiedAt?.toISOString() ?? null,
      notify: row.notify,
      address: row.address ?? null,
      ethnicity: row.ethnicity ?? null,
      occupation: row.occupation ?? null,
    },
    createdAt: row.createdAt.toISOString(),
  };
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
