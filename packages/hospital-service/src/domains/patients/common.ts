import { createHmac } from 'node:crypto';
import { type Contact, type HealthCard, SUB_CODE } from '@patient/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { MINUTE } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { ownedRow } from '../../platform/database/owned.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { contacts, type healthCards } from './tables.ts';

export type ContactRow = typeof contacts.$inferSelect;

/** The user's contact, or '就诊人不存在' — the same answer for someone else's contact as for none. */
export async function ownedContact(db: DbOrTx, userId: number, contactId: string): Promise<ContactRow> {
  return ownedRow(db, contacts, contactId, userId, { missing: '就诊人' });
}

/**
 * The identity rule: whether the hospital's data about the contact (HIS cards, reports, records, fees…) may be
 * shown to the account. Only a recorded proof counts (`his_proof`: the HIS phone's code, the account's own login
 * phone being the HIS phone, or a face verification); real-name certification (a name and an ID number, printed
 * on every prescription) never does, whatever the relation.
 */
export const isHisProven = (row: Pick<ContactRow, 'hisProof'>): boolean => row.hisProof !== null;

/** The refusal of HIS data for an unproven contact: state 403, subCode HIS_IDENTITY_REQUIRED. */
export const hisIdentityRequired = (contactId: number): ApiError =>
  new ApiError(200, {
    state: 403,
    msg: '请先验证就诊人身份',
    subMsg:
      '为保护就诊人隐私，查看其在医院的就诊卡、报告和费用等信息前，需先验证身份：向医院登记的手机号发送验证码，或进行人脸识别验证',
    subCode: SUB_CODE.HIS_IDENTITY_REQUIRED,
    results: { contactId: String(contactId) },
  });

/** Throws {@link hisIdentityRequired} unless the contact (already read) is proven. */
export function requireHisProven(row: ContactRow): void {
  if (!isHisProven(row)) throw hisIdentityRequired(row.id);
}

/**
 * The gate of every call that shows or acts on the hospital's data about one contact: the account's contact,
 * proven; otherwise '就诊人不存在' (someone else's or none) or {@link hisIdentityRequired}.
 */
export async function provenContact(db: DbOrTx, userId: number, contactId: string): Promise<ContactRow> {
  const row = await ownedContact(db, userId, contactId);
  requireHisProven(row);
  return row;
}

/** The account's proven contacts (oldest first): the only ones whose hospital data a search may go through. */
export async function provenContacts(db: DbOrTx, userId: number): Promise<ContactRow[]> {
  const rows = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), isNotNull(contacts.hisProof)))
    .orderBy(asc(contacts.id));
  return rows.filter(isHisProven);
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
      hisProof: (row.hisProof as Contact['contactDO']['hisProof']) ?? null,
      notify: row.notify,
      address: row.address ?? null,
      ethnicity: row.ethnicity ?? null,
      occupation: row.occupation ?? null,
      guardianConsent:
        row.guardianConsentVersion && row.guardianConsentAt
          ? { version: row.guardianConsentVersion, agreedAt: row.guardianConsentAt.toISOString() }
          : null,
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
