import {
  applyHealthCode,
  certifyContact,
  getVirtualCardCode,
  type HealthCode,
  listHealthCards,
} from '@patient/contract';
import { validateMainlandId } from '@patient/validation';
import { and, asc, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import { lockAccount } from '../../platform/auth/users.ts';
import { chinaDate, chinaToday } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError, conflict, inputError, tooManyRequests } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { type ContactRow, ownedContact, rotatingCode, toHealthCard } from './common.ts';
import {
  askHealthPlatform,
  type HealthCardPlatform,
  HealthCardPlatformError,
} from './health-code-platform.ts';
import type { PatientIndex } from './his.ts';
import { accountPhoneProof, hisPhoneForProof } from './proof.ts';
import { certificationAttempts, contacts, healthCards, healthCodes } from './tables.ts';

/** Real-name authentication: failed attempts allowed per contact, and per account, each China day. */
export const CERTIFICATION_LIMITS = { perContactPerDay: 5, perAccountPerDay: 10 } as const;

/** Midnight in China (UTC+8) of the day of `at`, as an instant. */
function chinaDayStart(at: Date): Date {
  return new Date(`${chinaDate(at)}T00:00:00.000+08:00`);
}

/** A name as the real-name platform compares it: trimmed, single spaces, letters upper-cased, one kind of dot. */
const normaliseName = (name: string) =>
  name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[•・.．]/g, '·')
    .toUpperCase();

const notMainlandId = (what: string) =>
  businessError(400, '暂不支持该证件类型', `${what}目前仅支持使用居民身份证的就诊人`);

async function failuresSince(db: DbOrTx, since: Date, scope: SQL) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(certificationAttempts)
    .where(
      and(scope, eq(certificationAttempts.succeeded, false), gte(certificationAttempts.createdAt, since)),
    );
  return n;
}

function toHealthCode(row: typeof healthCodes.$inferSelect, contact: ContactRow): HealthCode {
  return {
    contactId: String(row.contactId),
    healthCodeId: row.codeId,
    patientName: contact.name,
    color: row.color as HealthCode['color'],
    issuedAt: row.issuedAt.toISOString(),
  };
}

/** Real-name certification, health cards' list, health codes (the health platform's). */
export const healthRoutes = (patientIndex: PatientIndex, healthCardPlatform: HealthCardPlatform) => [
  /**
   * The service plays the real-name platform: the name and resident ID number given must be the
   * contact's (compared normalised: trimmed, upper-cased, a 15-digit number as its 18-digit form) and
   * a valid number. Only resident ID cards can be certified (a newborn under the mother's ID card is
   * not the card's holder). Failures are counted; after 5 on one contact (or 10 in the account) in a
   * China day, certification waits until the next day.
   */
  route(certifyContact, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const asked = await ownedContact(ctx.db, user.id, params.contactId);
    const hisPhone = asked.hisProof === null ? await hisPhoneForProof(patientIndex, asked) : null;
    const outcome = await ctx.db.transaction(async (tx) => {
      await lockAccount(tx, user.id);
      const contact = await ownedContact(tx, user.id, params.contactId);
      if (contact.documentType !== 'IDENTITY_CARD') throw notMainlandId('实名认证');
      const id = validateMainlandId(body.documentNumber.trim().toUpperCase(), chinaToday(now));
      if (!id.valid || !id.id18) throw inputError('documentNumber', id.message);

      const since = chinaDayStart(now);
      const contactFailures = await failuresSince(tx, since, eq(certificationAttempts.contactId, contact.id));
      if (contactFailures >= CERTIFICATION_LIMITS.perContactPerDay) {
        throw tooManyRequests(
          '实名认证失败次数过多',
          `该就诊人今日实名认证已失败${CERTIFICATION_LIMITS.perContactPerDay}次，为保护您的信息安全，请明天再试`,
        );
      }
      const accountFailures = await failuresSince(tx, since, eq(certificationAttempts.userId, user.id));
      if (accountFailures >= CERTIFICATION_LIMITS.perAccountPerDay) {
        throw tooManyRequests('实名认证失败次数过多', '您的账号今日实名认证失败次数过多，请明天再试');
      }

      const matches =
        id.id18 === contact.documentNumber.toUpperCase() &&
        normaliseName(body.name) === normaliseName(contact.name);
      await tx
        .insert(certificationAttempts)
        .values({ userId: user.id, contactId: contact.id, succeeded: matches, createdAt: now });
      if (!matches) {
        const left = Math.min(
          CERTIFICATION_LIMITS.perContactPerDay - contactFailures - 1,
          CERTIFICATION_LIMITS.perAccountPerDay - accountFailures - 1,
        );
        return { certifiedAt: null, left };
      }
      if (contact.certifiedAt) return { certifiedAt: contact.certifiedAt, left: 0 };
      await tx
        .update(contacts)
        .set({
          certified: true,
          certifiedAt: now,
          updatedAt: now,
          // Certification proves nothing for the hospital's data; the account's own phone may.
          ...(contact.hisProof === null
            ? await accountPhoneProof(
                tx,
                user.id,
                contact.documentNumber === asked.documentNumber && contact.name === asked.name
                  ? hisPhone
                  : null,
                now,
              )
            : {}),
        })
        .where(and(eq(contacts.id, contact.id), eq(contacts.userId, user.id)));
      return { certifiedAt: now, left: 0 };
    });
    // Thrown after the transaction, so that the failed attempt stays counted.
    if (!outcome.certifiedAt) {
      throw businessError(
        400,
        '姓名与证件号码不一致',
        outcome.left > 0
          ? `姓名与证件号码不一致，请核对后重试（今日还可尝试${outcome.left}次）`
          : '姓名与证件号码不一致，今日尝试次数已用完，请明天再试',
      );
    }
    return { certified: true, certifiedAt: outcome.certifiedAt.toISOString() };
  }),

  route(listHealthCards, async (_input, ctx) => {
    const user = userOf(ctx);
    const rows = await ctx.db
      .select({ card: healthCards, contact: contacts })
      .from(healthCards)
      .innerJoin(contacts, eq(contacts.id, healthCards.contactId))
      .where(and(eq(healthCards.userId, user.id), eq(contacts.userId, user.id)))
      .orderBy(desc(contacts.isDefault), asc(healthCards.createdAt), asc(healthCards.id));
    return rows.map((r) => toHealthCard(r.card, r.contact));
  }),

  /**
   * The service plays the health-code platform: a certified contact with a resident ID card gets a
   * code (applying again returns the same one); the colour comes from src/health-code.ts.
   */
  route(applyHealthCode, async ({ query }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const existingCode = (db: DbOrTx, contactId: number) =>
      db
        .select()
        .from(healthCodes)
        .where(and(eq(healthCodes.contactId, contactId), eq(healthCodes.userId, user.id)))
        .limit(1);
    const asked = await ownedContact(ctx.db, user.id, query.contactId);
    const [had] = await existingCode(ctx.db, asked.id);
    if (had) return toHealthCode(had, asked);
    if (asked.documentType !== 'IDENTITY_CARD') throw notMainlandId('健康码');
    if (!asked.certified) {
      throw businessError(400, '请先完成实名认证', '申领健康码前，请先完成该就诊人的实名认证');
    }
    // The platform issues the code first; only its answer is written here.
    const code = await askHealthPlatform(healthCardPlatform, (p) =>
      p.healthCode({ name: asked.name, idNumber: asked.documentNumber }),
    ).catch((error: unknown) => {
      if (error instanceof HealthCardPlatformError) throw businessError(400, '健康码申领失败', error.message);
      throw error;
    });
    return ctx.db
      .transaction(async (tx) => {
        await lockAccount(tx, user.id);
        const contact = await ownedContact(tx, user.id, query.contactId);
        const [existing] = await existingCode(tx, contact.id);
        if (existing) return toHealthCode(existing, contact);
        if (contact.documentNumber !== asked.documentNumber || contact.name !== asked.name) {
          throw businessError(409, '就诊人信息已变更', '就诊人的姓名或证件信息刚刚变更，请刷新后重试');
        }
        const [row] = await tx
          .insert(healthCodes)
          .values({
            userId: user.id,
            contactId: contact.id,
            codeId: code.codeId,
            color: code.color,
            issuedAt: now,
          })
          .returning();
        return toHealthCode(row, contact);
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw conflict('该就诊人已申领健康码');
        throw error;
      });
  }),

  route(getVirtualCardCode, async ({ query }, ctx) => {
    const user = userOf(ctx);
    const contact = await ownedContact(ctx.db, user.id, query.contactId);
    const [code] = await ctx.db
      .select()
      .from(healthCodes)
      .where(and(eq(healthCodes.contactId, contact.id), eq(healthCodes.userId, user.id)))
      .limit(1);
    if (!code) throw businessError(404, '尚未申领健康码', '该就诊人尚未申领健康码，请先申领');
    const rotating = rotatingCode(ctx, 'health-code-qr', code.codeId, 20);
    return {
      qrCode: `${code.codeId}:${rotating.value}`,
      color: code.color as HealthCode['color'],
      expiresAt: rotating.expiresAt,
    };
  }),
];
