import {
  addHealthCardToPackage,
  addMedicalCard,
  filePatientRecord,
  findHisCards,
  findHisCardsByType,
  getHealthCardInfo,
  getHealthCardQRCode,
  getPatientCode,
  type HisCard,
  hasPatientRecord,
  listMedicalCards,
  type MedicalCard,
  registerAndBindHealthCard,
  removeMedicalCard,
  setDefaultMedicalCard,
} from '@patient/contract';
import { convertId15To18 } from '@patient/validation';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { lockAccount } from '../../platform/auth/users.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import { parseId } from '../../platform/database/ids.ts';
import { type RequestContext, userOf } from '../../platform/http/context.ts';
import { businessError, conflict, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { hospitals, requireHospital } from '../hospitals/index.ts';
import {
  type ContactRow,
  hisIdentityRequired,
  isHisProven,
  ownedContact,
  provenContact,
  rotatingCode,
  toHealthCard,
} from './common.ts';
import {
  askHealthPlatform,
  type HealthCardPlatform,
  HealthCardPlatformError,
} from './health-code-platform.ts';
import {
  askPatientIndex,
  type HisCardRecord,
  type HisPerson,
  identityKeyOf,
  type PatientIndex,
  PatientIndexError,
} from './his.ts';
import { contacts, healthCards, medicalCards } from './tables.ts';

/** Most cards (all hospitals together) bound to one contact. */
export const MAX_CARDS_PER_CONTACT = 10;

type CardRow = typeof medicalCards.$inferSelect;

const personOf = (contact: ContactRow, hospitalId: string): HisPerson => ({
  hospitalId,
  identityCard: contact.documentNumber,
  name: contact.name,
});

function toCard(row: CardRow, contact: ContactRow): MedicalCard {
  return {
    cardId: String(row.id),
    contactId: String(row.contactId),
    medicalCardNo: row.medicalCardNo,
    hospitalId: row.hospitalId,
    identityCard: contact.documentNumber,
    patientName: contact.name,
    type: row.type as MedicalCard['type'],
    isDefault: row.isDefault,
  };
}

/** Binds a card (first card of a contact becomes its default). */
async function bindCard(
  tx: DbOrTx,
  userId: number,
  contact: ContactRow,
  hospitalId: string,
  card: { medicalCardNo: string; type: string },
  now: Date,
): Promise<CardRow> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(medicalCards)
    .where(eq(medicalCards.contactId, contact.id));
  if (n >= MAX_CARDS_PER_CONTACT) {
    throw conflict(
      `每位就诊人最多绑定${MAX_CARDS_PER_CONTACT}张就诊卡`,
      `每位就诊人最多绑定${MAX_CARDS_PER_CONTACT}张就诊卡，请先解绑不用的卡`,
    );
  }
  const [existingDefault] = await tx
    .select({ id: medicalCards.id })
    .from(medicalCards)
    .where(and(eq(medicalCards.contactId, contact.id), eq(medicalCards.isDefault, true)))
    .limit(1);
  const [row] = await tx
    .insert(medicalCards)
    .values({
      userId,
      contactId: contact.id,
      hospitalId,
      medicalCardNo: card.medicalCardNo,
      type: card.type,
      isDefault: !existingDefault,
      createdAt: now,
    })
    .returning();
  return row;
}

const alreadyBound = () => conflict('该就诊卡已绑定', '该就诊卡已绑定到此就诊人，无需重复绑定');

/** The contact read again inside the transaction is no longer the person the HIS was asked about. */
const personChanged = () =>
  businessError(409, '就诊人信息已变更', '就诊人的姓名或证件信息刚刚变更，请刷新后重试');

const samePerson = (a: ContactRow, b: ContactRow) =>
  a.documentNumber === b.documentNumber && a.name === b.name && a.documentType === b.documentType;

/** A refusal of the HIS or the health platform (its own reason) as the patient reads it. */
const refusedBy = (what: string) => (error: unknown) => {
  if (error instanceof PatientIndexError || error instanceof HealthCardPlatformError) {
    throw businessError(400, `${what}失败`, error.message);
  }
  throw error;
};

/** Normalises an identity number from a URL for comparison with stored (18-character) numbers. */
function identityForLookup(identityCard: string): string {
  const key = identityKeyOf(identityCard);
  return /^\d{15}$/.test(key) ? convertId15To18(key) : key;
}

/** The user's contacts that are this person (same document number and name). */
async function contactsMatching(db: DbOrTx, userId: number, identityCard: string, name: string) {
  const rows = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.documentNumber, identityForLookup(identityCard))));
  return rows.filter((c) => c.name === name.trim());
}

async function findCards(
  index: PatientIndex,
  ctx: RequestContext,
  params: { hospitalId: string; identityCard: string; patientName: string },
  type?: string,
): Promise<HisCard[]> {
  const user = userOf(ctx);
  await requireHospital(ctx.db, params.hospitalId);
  // Only people in the user's own account can be looked up: the HIS is not a public directory.
  const matching = await contactsMatching(ctx.db, user.id, params.identityCard, params.patientName);
  if (matching.length === 0) return [];
  // …and only once the contact is proven (the HIS phone's code, the account's phone, a face): before the HIS is asked,
  // so that the refusal says nothing about what the HIS holds.
  const mine = matching.filter(isHisProven);
  if (mine.length === 0) throw hisIdentityRequired(matching[0].id);
  const person = personOf(mine[0], params.hospitalId);
  const his = (await askPatientIndex(index, (i) => i.cardsOf(person))).filter(
    (c) => !type || c.type === type,
  );
  const bound = await ctx.db
    .select({ medicalCardNo: medicalCards.medicalCardNo, contactId: medicalCards.contactId })
    .from(medicalCards)
    .where(and(eq(medicalCards.userId, user.id), eq(medicalCards.hospitalId, params.hospitalId)));
  const ids = new Set(mine.map((c) => c.id));
  return his.map((c) => ({
    medicalCardNo: c.medicalCardNo,
    type: c.type,
    patientName: mine[0].name,
    hospitalId: params.hospitalId,
    bound: bound.some((b) => b.medicalCardNo === c.medicalCardNo && ids.has(b.contactId)),
  }));
}

/**
 * What the health-card platform needs that the contact lacks: a resident ID card, ethnicity,
 * occupation and address. The app sends the patient to /perfectHealthCard with this list.
 */
export function healthCardGaps(contact: ContactRow): { field: string; label: string }[] {
  const gaps: { field: string; label: string }[] = [];
  if (contact.documentType !== 'IDENTITY_CARD')
    gaps.push({ field: 'documentNumber', label: '居民身份证号码' });
  if (!contact.ethnicity) gaps.push({ field: 'ethnicity', label: '民族' });
  if (!contact.occupation) gaps.push({ field: 'occupation', label: '职业' });
  if (!contact.address) gaps.push({ field: 'address', label: '住址' });
  return gaps;
}

async function ownedHealthCard(db: DbOrTx, userId: number, healthCardId: string) {
  const id = parseId(healthCardId);
  const [row] =
    id === null
      ? []
      : await db
          .select({ card: healthCards, contact: contacts })
          .from(healthCards)
          .innerJoin(contacts, eq(contacts.id, healthCards.contactId))
          .where(and(eq(healthCards.id, id), eq(healthCards.userId, userId)))
          .limit(1);
  if (!row) throw notFound('电子健康卡');
  return row;
}

/** What the card calls ask outside. */
export interface CardPorts {
  patientIndex: PatientIndex;
  healthCardPlatform: HealthCardPlatform;
}

/** Medical cards (the HIS's patient index), filing (建档), electronic health cards (the health platform). */
export const cardRoutes = ({ patientIndex, healthCardPlatform }: CardPorts) => [
  route(listMedicalCards, async ({ params, query }, ctx) => {
    const user = userOf(ctx);
    const contact = await ownedContact(ctx.db, user.id, params.contactId);
    if (query.hospitalId) await requireHospital(ctx.db, query.hospitalId);
    const conditions = [eq(medicalCards.contactId, contact.id), eq(medicalCards.userId, user.id)];
    if (query.hospitalId) conditions.push(eq(medicalCards.hospitalId, query.hospitalId));
    const rows = await ctx.db
      .select()
      .from(medicalCards)
      .where(and(...conditions))
      .orderBy(desc(medicalCards.isDefault), asc(medicalCards.createdAt), asc(medicalCards.id));
    return rows.map((r) => toCard(r, contact));
  }),

  route(addMedicalCard, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const cardNo = body.medicalCardNo.toUpperCase();
    // The HIS is asked before anything is written: its failure changes nothing.
    const asked = await provenContact(ctx.db, user.id, body.contactId);
    await requireHospital(ctx.db, body.hospitalId);
    const person = personOf(asked, body.hospitalId);
    const hisCards = await askPatientIndex(patientIndex, (i) => i.cardsOf(person));
    const row = await ctx.db
      .transaction(async (tx) => {
        await lockAccount(tx, user.id);
        const contact = await provenContact(tx, user.id, body.contactId);
        if (!samePerson(contact, asked)) throw personChanged();
        const his = hisCards.find((c) => c.medicalCardNo === cardNo);
        if (!his) {
          throw businessError(
            404,
            '未查询到该就诊卡',
            '医院系统中未查询到该就诊人名下的此卡号，请核对卡号或证件信息',
          );
        }
        if (body.type && body.type !== his.type) {
          throw businessError(400, '卡类型不符', '该卡号与所选的卡类型不符，请重新选择');
        }
        const [existing] = await tx
          .select({ id: medicalCards.id })
          .from(medicalCards)
          .where(
            and(
              eq(medicalCards.contactId, contact.id),
              eq(medicalCards.hospitalId, body.hospitalId),
              eq(medicalCards.medicalCardNo, cardNo),
            ),
          )
          .limit(1);
        if (existing) throw alreadyBound();
        return { card: await bindCard(tx, user.id, contact, body.hospitalId, his, now), contact };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw alreadyBound();
        throw error;
      });
    return toCard(row.card, row.contact);
  }),

  route(removeMedicalCard, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const id = parseId(params.cardId);
    const deleted =
      id === null
        ? []
        : await ctx.db
            .delete(medicalCards)
            .where(and(eq(medicalCards.id, id), eq(medicalCards.userId, user.id)))
            .returning({ id: medicalCards.id });
    if (deleted.length === 0) throw notFound('就诊卡');
    return true;
  }),

  route(setDefaultMedicalCard, async ({ query }, ctx) => {
    const user = userOf(ctx);
    await ctx.db.transaction(async (tx) => {
      await lockAccount(tx, user.id);
      const contact = await ownedContact(tx, user.id, query.contactId);
      const [card] = await tx
        .select()
        .from(medicalCards)
        .where(
          and(
            eq(medicalCards.contactId, contact.id),
            eq(medicalCards.userId, user.id),
            eq(medicalCards.medicalCardNo, query.medicalCardNo.trim().toUpperCase()),
          ),
        )
        .orderBy(asc(medicalCards.id))
        .limit(1);
      if (!card) throw notFound('就诊卡');
      await tx
        .update(medicalCards)
        .set({ isDefault: false })
        .where(and(eq(medicalCards.contactId, contact.id), eq(medicalCards.isDefault, true)));
      await tx.update(medicalCards).set({ isDefault: true }).where(eq(medicalCards.id, card.id));
    });
    return true;
  }),

  route(findHisCards, async ({ params }, ctx) => findCards(patientIndex, ctx, params)),

  route(findHisCardsByType, async ({ params }, ctx) => findCards(patientIndex, ctx, params, params.type)),

  route(hasPatientRecord, async ({ params, query }, ctx) => {
    const user = userOf(ctx);
    const contact = await ownedContact(ctx.db, user.id, params.contactId);
    if (identityForLookup(query.idCard) !== contact.documentNumber || query.name !== contact.name) {
      throw businessError(400, '就诊人信息不一致', '姓名或证件号码与就诊人信息不一致');
    }
    const hospitalIds = query.hospitalId
      ? [(await requireHospital(ctx.db, query.hospitalId)).id]
      : (await ctx.db.select({ id: hospitals.id }).from(hospitals).orderBy(hospitals.id)).map((h) => h.id);
    for (const hospitalId of hospitalIds) {
      const person = personOf(contact, hospitalId);
      if (await askPatientIndex(patientIndex, (i) => i.isFiled(person))) return true;
    }
    return false;
  }),

  route(filePatientRecord, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const asked = await ownedContact(ctx.db, user.id, body.contactId);
    await requireHospital(ctx.db, body.hospitalId);
    const person = personOf(asked, body.hospitalId);
    const filedAlready = () => conflict('该就诊人已在本院建档', '该就诊人已在本院建档，请直接绑定就诊卡');
    // The HIS files first (idempotent by identity); only what it confirmed is written here.
    if (await askPatientIndex(patientIndex, (i) => i.isFiled(person))) throw filedAlready();
    const filed = await askPatientIndex(patientIndex, (i) => i.file(person)).catch(refusedBy('建档'));
    if (!filed.created) throw filedAlready();
    const hospitalCard: HisCardRecord | undefined = filed.cards.find((c) => c.type === 'HOSPITAL_CARD');
    if (!hospitalCard) throw new Error('建档后没有院内就诊卡');
    const row = await ctx.db.transaction(async (tx) => {
      await lockAccount(tx, user.id);
      const contact = await ownedContact(tx, user.id, body.contactId);
      if (!samePerson(contact, asked)) throw personChanged();
      return { card: await bindCard(tx, user.id, contact, body.hospitalId, hospitalCard, now), contact };
    });
    return toCard(row.card, row.contact);
  }),

  route(getPatientCode, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const contact = await ownedContact(ctx.db, user.id, body.contactId);
    const code = rotatingCode(ctx, 'patient-code', String(contact.id), 18);
    return { code: `HZ${code.value}`, expiresAt: code.expiresAt };
  }),

  route(registerAndBindHealthCard, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const existingCard = (db: DbOrTx, contactId: number) =>
      db.select().from(healthCards).where(eq(healthCards.contactId, contactId)).limit(1);
    const asked = await ownedContact(ctx.db, user.id, body.contactId);
    const hospital = await requireHospital(ctx.db, body.hospitalId);
    if (!hospital.canGoToHealthCard) {
      throw businessError(403, '本院暂未开通电子健康卡', `${hospital.name}暂未开通电子健康卡服务`);
    }
    const [had] = await existingCard(ctx.db, asked.id);
    if (had) return toHealthCard(had, asked);
    const missing = healthCardGaps(asked);
    if (missing.length > 0) {
      throw businessError(
        400,
        '请先完善健康卡信息',
        `办理电子健康卡还需要：${missing.map((m) => m.label).join('、')}`,
        { missing: missing.map((m) => m.field) },
      );
    }
    // The platform registers first (idempotent by person); only its card is written here.
    const { cardNo } = await askHealthPlatform(healthCardPlatform, (p) =>
      p.registerCard({
        name: asked.name,
        idNumber: asked.documentNumber,
        ethnicity: asked.ethnicity ?? '',
        occupation: asked.occupation ?? '',
        address: asked.address ?? '',
        phone: asked.phone,
        hospitalId: hospital.id,
      }),
    ).catch(refusedBy('电子健康卡办理'));
    return ctx.db
      .transaction(async (tx) => {
        await lockAccount(tx, user.id);
        const contact = await ownedContact(tx, user.id, body.contactId);
        if (!samePerson(contact, asked)) throw personChanged();
        const [existing] = await existingCard(tx, contact.id);
        if (existing) return toHealthCard(existing, contact);
        const [card] = await tx
          .insert(healthCards)
          .values({ userId: user.id, contactId: contact.id, hospitalId: hospital.id, cardNo, createdAt: now })
          .returning();
        return toHealthCard(card, contact);
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw conflict('该就诊人已有电子健康卡');
        throw error;
      });
  }),

  route(getHealthCardQRCode, async ({ params }, ctx) => {
    const { card } = await ownedHealthCard(ctx.db, userOf(ctx).id, params.healthCardId);
    const code = rotatingCode(ctx, 'health-card-qr', card.cardNo, 20);
    return { qrCode: `${card.cardNo.slice(0, 16)}:${code.value}`, expiresAt: code.expiresAt };
  }),

  route(addHealthCardToPackage, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const { card } = await ownedHealthCard(ctx.db, user.id, params.healthCardId);
    if (card.cardPackageOrderId) return { cardPackageOrderId: card.cardPackageOrderId };
    const orderId = `CP${ctx.clock.now().getTime()}${String(card.id).padStart(6, '0')}`;
    await ctx.db
      .update(healthCards)
      .set({ cardPackageOrderId: orderId })
      .where(and(eq(healthCards.id, card.id), eq(healthCards.userId, user.id)));
    return { cardPackageOrderId: orderId };
  }),

  route(getHealthCardInfo, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const contact = await ownedContact(ctx.db, user.id, params.contactId);
    const { card } = await ownedHealthCard(ctx.db, user.id, params.healthCardId);
    if (card.contactId !== contact.id) throw notFound('电子健康卡');
    return toHealthCard(card, contact);
  }),
];
