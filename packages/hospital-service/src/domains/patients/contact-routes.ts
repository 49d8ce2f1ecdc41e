import {
  addContact,
  editContact,
  getContact,
  listContacts,
  saveContact,
  sendContactPhoneCode,
  sendHisIdentityCode,
  setDefaultContact,
  updateContactNotification,
  updatePatientAddress,
  verifyContactPhone,
  verifyHisIdentity,
} from '@patient/contract';
import {
  GUARDIAN_CONSENT_AGE,
  type IdDocumentType,
  isMobilePhone,
  needsGuardianConsent,
  validateIdDocument,
  validateMainlandId,
} from '@patient/validation';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { lockAccount } from '../../platform/auth/users.ts';
import { chinaDate, chinaToday } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError, conflict, inputError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requesterOf, sendCode, verifyCode } from '../accounts/index.ts';
import { checkGuardianConsent } from '../consent/index.ts';
import { ethnicityName, occupationName } from '../reference/index.ts';
import { type ContactRow, isHisProven, ownedContact, toContact } from './common.ts';
import { HIS_SYSTEM, type PatientIndex } from './his.ts';
import {
  accountPhone,
  accountPhoneProof,
  hisPhoneForProof,
  hisPhoneOfContact,
  recordProof,
} from './proof.ts';
import { contacts, healthCards, medicalCards } from './tables.ts';

const NAME_PATTERN = /^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z·•.' -]*$/u;

function checkName(name: string): void {
  if (!NAME_PATTERN.test(name)) throw inputError('name', '姓名只能包含汉字、英文字母、空格和“·”');
}

function checkPhone(phone: string): void {
  if (!isMobilePhone(phone)) throw inputError('phone', '请输入正确的手机号码');
}

const DICTIONARY_FIELDS = {
  ethnicity: { lookup: ethnicityName, message: '民族不在民族字典中，请从列表中选择' },
  occupation: { lookup: occupationName, message: '职业不在职业字典中，请从列表中选择' },
} as const;

/**
 * A dictionary value (getNatEthOccInfo) given by code or name, as the name to store; an empty string
 * clears it (null); undefined leaves it unchanged.
 */
function dictionaryValue(field: keyof typeof DICTIONARY_FIELDS, value: string | undefined) {
  if (value === undefined) return undefined;
  if (value.trim() === '') return null;
  const name = DICTIONARY_FIELDS[field].lookup(value);
  if (!name) throw inputError(field, DICTIONARY_FIELDS[field].message);
  return name;
}

function checkBirthDate(birthDate: string, today: string): void {
  const d = new Date(`${birthDate}T00:00:00.000Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== birthDate) {
    throw inputError('birthDate', '出生日期无效');
  }
  if (birthDate > today) throw inputError('birthDate', '出生日期不能晚于今天');
}

/**
 * Checks the document number for its type (the shared rules of @patient/validation) and normalises
 * it: letters upper-cased, a 15-digit mainland ID turned into its 18-character form. For a resident
 * ID card the birth date and sex come from the number.
 */
export function normaliseDocument(
  type: IdDocumentType,
  number: string,
  now: Date,
): { documentNumber: string; birthDate?: string; sex?: 'MALE' | 'FEMALE' } {
  const today = chinaToday(now);
  const result = validateIdDocument(type, number, today);
  if (!result.valid) throw inputError('documentNumber', result.message);
  if (type === 'IDENTITY_CARD' || type === 'IDENTITY_CARD_MUM') {
    const id = validateMainlandId(number, today);
    const id18 = id.id18 ?? number;
    if (type === 'IDENTITY_CARD') {
      return {
        documentNumber: id18,
        birthDate: id.birthDate ?? undefined,
        sex: Number(id18[16]) % 2 === 1 ? 'MALE' : 'FEMALE',
      };
    }
    return { documentNumber: id18 };
  }
  return { documentNumber: number.toUpperCase() };
}

async function assertNoDuplicate(
  db: DbOrTx,
  userId: number,
  documentType: string,
  documentNumber: string,
  exceptId?: number,
) {
  const conditions = [
    eq(contacts.userId, userId),
    eq(contacts.documentType, documentType),
    eq(contacts.documentNumber, documentNumber),
  ];
  if (exceptId !== undefined) conditions.push(ne(contacts.id, exceptId));
  const [dup] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(...conditions))
    .limit(1);
  if (dup) throw conflict('该就诊人已存在', '该证件号码的就诊人已在您的账号中，请勿重复添加');
}

async function assertSingleSelf(db: DbOrTx, userId: number, exceptId?: number) {
  const conditions = [eq(contacts.userId, userId), eq(contacts.relation, 'SELF')];
  if (exceptId !== undefined) conditions.push(ne(contacts.id, exceptId));
  const [self] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(...conditions))
    .limit(1);
  if (self) throw conflict('本人已添加', '每个账号只能添加一位关系为“本人”的就诊人');
}

async function hasCards(db: DbOrTx, contactId: number): Promise<boolean> {
  const [m] = await db.select({ n: count() }).from(medicalCards).where(eq(medicalCards.contactId, contactId));
  const [h] = await db.select({ n: count() }).from(healthCards).where(eq(healthCards.contactId, contactId));
  return m.n + h.n > 0;
}

/**
 * What a code for the contact's identity proves: this contact as this person (another name or document, or
 * another contact, does not verify with it).
 */
const identitySubject = (contact: ContactRow): string =>
  `${contact.id}|${contact.documentType}|${contact.documentNumber}|${contact.name}`;

/**
 * The HIS phone as the patient sees it: 138****8000. The first three digits too (unlike maskPhone's
 * *******8000), so that the family can tell whose phone the code went to.
 */
const maskHisPhone = (phone: string): string => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

type GuardianConsentInput = { hospitalId: string; version: string } | undefined;

/**
 * The guardian consent columns for a contact with this document (个人信息保护法 §31): for a child under 14 the
 * account holder's consent on the child's behalf is required (else 400) and recorded; nobody else has one.
 */
async function guardianConsentOf(
  db: DbOrTx,
  document: { documentType: string; documentNumber: string },
  consent: GuardianConsentInput,
  now: Date,
) {
  if (!needsGuardianConsent(document.documentType, document.documentNumber, chinaDate(now))) {
    return { guardianConsentHospitalId: null, guardianConsentVersion: null, guardianConsentAt: null };
  }
  if (!consent) {
    throw inputError(
      'guardianConsent',
      `就诊人未满${GUARDIAN_CONSENT_AGE}周岁，需由您确认是其父母或其他监护人，并同意代其授权处理个人信息`,
    );
  }
  await checkGuardianConsent(db, consent);
  return {
    guardianConsentHospitalId: consent.hospitalId,
    guardianConsentVersion: consent.version,
    guardianConsentAt: now,
  };
}

const rethrowDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error))
    throw conflict('该就诊人已存在', '该证件号码的就诊人已在您的账号中，请勿重复添加');
  throw error;
};

/** Contacts; the HIS's patient index gives the phone that proves one. */
/** The HIS holds no phone for the person: the code cannot be sent (a face proves them instead). */
const noHisPhone = () =>
  businessError(
    404,
    '医院未登记该就诊人的手机号',
    `${HIS_SYSTEM}中没有该就诊人的手机号，无法发送验证码，请使用人脸识别验证或到医院窗口登记`,
  );

export const contactRoutes = (patientIndex: PatientIndex) => [
  route(listContacts, async (_input, ctx) => {
    const user = userOf(ctx);
    const rows = await ctx.db
      .select()
      .from(contacts)
      .where(eq(contacts.userId, user.id))
      .orderBy(desc(contacts.isDefault), asc(contacts.createdAt), asc(contacts.id));
    return rows.map(toContact);
  }),

  route(getContact, async ({ params }, ctx) => {
    return toContact(await ownedContact(ctx.db, userOf(ctx).id, params.contactId));
  }),

  route(addContact, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    checkName(body.name);
    checkPhone(body.phone);
    const doc = normaliseDocument(body.documentType, body.documentNumber, now);
    if (body.birthDate) checkBirthDate(body.birthDate, chinaDate(now));
    const ethnicity = dictionaryValue('ethnicity', body.ethnicity) ?? null;
    const occupation = dictionaryValue('occupation', body.occupation) ?? null;
    const relation = body.relation ?? 'OTHER';
    const { maxContacts } = ctx.settings;
    const person = { name: body.name, documentType: body.documentType, documentNumber: doc.documentNumber };
    const hisPhone = await hisPhoneForProof(patientIndex, person);
    const guardian = await guardianConsentOf(ctx.db, { ...body, ...doc }, body.guardianConsent, now);

    const row = await ctx.db
      .transaction(async (tx) => {
        await lockAccount(tx, user.id);
        const [{ n }] = await tx.select({ n: count() }).from(contacts).where(eq(contacts.userId, user.id));
        if (n >= maxContacts) {
          throw conflict(
            `最多只能添加${maxContacts}位就诊人`,
            `每个账号最多添加${maxContacts}位就诊人，请先删除不再使用的就诊人`,
          );
        }
        await assertNoDuplicate(tx, user.id, body.documentType, doc.documentNumber);
        if (relation === 'SELF') await assertSingleSelf(tx, user.id);
        const [existingDefault] = await tx
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.userId, user.id), eq(contacts.isDefault, true)))
          .limit(1);
        const [inserted] = await tx
          .insert(contacts)
          .values({
            userId: user.id,
            ...person,
            ...(await accountPhoneProof(tx, user.id, hisPhone, now)),
            phone: body.phone,
            phoneVerified: body.phone === (await accountPhone(tx, user.id)),
            sex: doc.sex ?? body.sex ?? null,
            birthDate: doc.birthDate ?? body.birthDate ?? null,
            relation,
            isDefault: !existingDefault,
            address: body.address?.trim() || null,
            ethnicity,
            occupation,
            ...guardian,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return inserted;
      })
      .catch(rethrowDuplicate);
    return toContact(row);
  }),

  route(editContact, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    // The HIS's phone of the person as the edit leaves them, asked before the transaction.
    const before = await ownedContact(ctx.db, user.id, body.contactId);
    const personAfter = (current: typeof before) => {
      const documentType = body.documentType ?? (current.documentType as IdDocumentType);
      return {
        name: body.name ?? current.name,
        documentType,
        documentNumber: normaliseDocument(documentType, body.documentNumber ?? current.documentNumber, now)
          .documentNumber,
      };
    };
    let asked: ReturnType<typeof personAfter> | null = null;
    try {
      asked = personAfter(before);
    } catch {
      // Invalid input: the checks below answer it in their order.
    }
    const hisPhone = asked ? await hisPhoneForProof(patientIndex, asked) : null;
    const row = await ctx.db
      .transaction(async (tx) => {
        await lockAccount(tx, user.id);
        const current = await ownedContact(tx, user.id, body.contactId);
        const name = body.name ?? current.name;
        const documentType = body.documentType ?? (current.documentType as IdDocumentType);
        const rawNumber = body.documentNumber ?? current.documentNumber;
        if (body.name !== undefined) checkName(name);
        if (body.phone !== undefined) checkPhone(body.phone);
        if (body.birthDate) checkBirthDate(body.birthDate, chinaDate(now));
        const ethnicity = dictionaryValue('ethnicity', body.ethnicity);
        const occupation = dictionaryValue('occupation', body.occupation);
        const doc = normaliseDocument(documentType, rawNumber, now);
        const identityChanged =
          name !== current.name ||
          documentType !== current.documentType ||
          doc.documentNumber !== current.documentNumber;
        if (identityChanged) {
          if (await hasCards(tx, current.id)) {
            throw conflict(
              '该就诊人已绑定就诊卡',
              '该就诊人已绑定就诊卡或电子健康卡，如需修改姓名或证件信息，请先解绑',
            );
          }
          if (current.certified) {
            throw conflict(
              '已实名认证的就诊人不能修改姓名或证件信息',
              '该就诊人已通过实名认证，姓名和证件信息不能修改；如信息有误，请删除后重新添加',
            );
          }
          await assertNoDuplicate(tx, user.id, documentType, doc.documentNumber, current.id);
        }
        if (body.relation === 'SELF' && current.relation !== 'SELF')
          await assertSingleSelf(tx, user.id, current.id);
        // Another person (a child's document): the guardian consents for that one, again.
        const guardian = identityChanged
          ? await guardianConsentOf(
              tx,
              { documentType, documentNumber: doc.documentNumber },
              body.guardianConsent,
              now,
            )
          : {};
        const phone = body.phone ?? current.phone;
        const phoneChanged = phone !== current.phone;
        const [updated] = await tx
          .update(contacts)
          .set({
            name,
            documentType,
            documentNumber: doc.documentNumber,
            phone,
            phoneVerified: phoneChanged ? phone === (await accountPhone(tx, user.id)) : current.phoneVerified,
            sex: doc.sex ?? body.sex ?? current.sex,
            birthDate: doc.birthDate ?? body.birthDate ?? current.birthDate,
            relation: body.relation ?? current.relation,
            address: body.address !== undefined ? body.address.trim() || null : current.address,
            ethnicity: ethnicity === undefined ? current.ethnicity : ethnicity,
            occupation: occupation === undefined ? current.occupation : occupation,
            // Proven was this person; another name or document must be proven again (the account's phone may).
            ...(identityChanged || current.hisProof === null
              ? await accountPhoneProof(
                  tx,
                  user.id,
                  // Another person than the one asked about (an edit in between): no proof from the phone.
                  name === asked?.name &&
                    documentType === asked.documentType &&
                    doc.documentNumber === asked.documentNumber
                    ? hisPhone
                    : null,
                  now,
                )
              : { hisProof: current.hisProof, hisVerifiedAt: current.hisVerifiedAt }),
            ...guardian,
            updatedAt: now,
          })
          .where(and(eq(contacts.id, current.id), eq(contacts.userId, user.id)))
          .returning();
        return updated;
      })
      .catch(rethrowDuplicate);
    return toContact(row);
  }),

  route(setDefaultContact, async ({ query }, ctx) => {
    const user = userOf(ctx);
    await ctx.db.transaction(async (tx) => {
      await lockAccount(tx, user.id);
      const contact = await ownedContact(tx, user.id, query.contactId);
      if (query.isDefault) {
        // Two statements: the partial unique index allows one default per account at any moment.
        await tx
          .update(contacts)
          .set({ isDefault: false })
          .where(
            and(eq(contacts.userId, user.id), eq(contacts.isDefault, true), ne(contacts.id, contact.id)),
          );
        await tx.update(contacts).set({ isDefault: true }).where(eq(contacts.id, contact.id));
      } else {
        await tx.update(contacts).set({ isDefault: false }).where(eq(contacts.id, contact.id));
      }
    });
    return true;
  }),

  route(saveContact, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const row = await ctx.db.transaction(async (tx) => {
      await lockAccount(tx, user.id);
      const current = await ownedContact(tx, user.id, body.contactId);
      if (body.relation === 'SELF' && current.relation !== 'SELF')
        await assertSingleSelf(tx, user.id, current.id);
      const [updated] = await tx
        .update(contacts)
        .set({
          relation: body.relation ?? current.relation,
          address: body.address !== undefined ? body.address.trim() || null : current.address,
          updatedAt: ctx.clock.now(),
        })
        .where(eq(contacts.id, current.id))
        .returning();
      return updated;
    });
    return toContact(row);
  }),

  route(updatePatientAddress, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const current = await ownedContact(ctx.db, user.id, body.contactId);
    const [updated] = await ctx.db
      .update(contacts)
      .set({ address: body.address, updatedAt: ctx.clock.now() })
      .where(and(eq(contacts.id, current.id), eq(contacts.userId, user.id)))
      .returning();
    return toContact(updated);
  }),

  route(updateContactNotification, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const current = await ownedContact(ctx.db, user.id, body.contactId);
    await ctx.db
      .update(contacts)
      .set({ notify: body.notify, updatedAt: ctx.clock.now() })
      .where(and(eq(contacts.id, current.id), eq(contacts.userId, user.id)));
    return true;
  }),

  route(sendContactPhoneCode, async ({ query }, ctx) => {
    userOf(ctx);
    checkPhone(query.phone);
    return sendCode(ctx, query.phone, 'contact_phone', requesterOf(ctx));
  }),

  route(verifyContactPhone, async ({ query }, ctx) => {
    const user = userOf(ctx);
    checkPhone(query.phone);
    const current = await ownedContact(ctx.db, user.id, query.contactId);
    await verifyCode(ctx, query.phone, 'contact_phone', query.number, user.id);
    await ctx.db
      .update(contacts)
      .set({ phone: query.phone, phoneVerified: true, updatedAt: ctx.clock.now() })
      .where(and(eq(contacts.id, current.id), eq(contacts.userId, user.id)));
    return true;
  }),

  route(sendHisIdentityCode, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const contact = await ownedContact(ctx.db, user.id, params.contactId);
    if (isHisProven(contact)) {
      throw conflict('就诊人身份已验证', '该就诊人身份已验证，可直接查看其就诊卡、报告和费用等信息');
    }
    const phone = await hisPhoneOfContact(patientIndex, contact);
    if (phone === null) throw noHisPhone();
    const sent = await sendCode(ctx, phone, 'his_identity', requesterOf(ctx), identitySubject(contact));
    return { maskedPhone: maskHisPhone(phone), resendAfterSeconds: sent.resendAfterSeconds };
  }),

  route(verifyHisIdentity, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const contact = await ownedContact(ctx.db, user.id, params.contactId);
    if (isHisProven(contact)) return toContact(contact);
    const phone = await hisPhoneOfContact(patientIndex, contact);
    if (phone === null) throw noHisPhone();
    await verifyCode(ctx, phone, 'his_identity', body.code, user.id, identitySubject(contact));
    // Only while the contact is still the person the code was for (an edit in between resets the proof).
    const updated = await recordProof(ctx.db, contact, contact, 'SMS', ctx.clock.now());
    if (!updated) throw businessError(409, '就诊人信息已变更', '就诊人信息已变更，请重新获取验证码');
    return toContact(updated);
  }),
];
