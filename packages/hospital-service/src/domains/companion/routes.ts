import {
  ageOn,
  applyCompanionCard,
  COMPANION_MIN_AGE,
  cancelCompanionCard,
  getCompanionCard,
  getCompanionCardStatus,
  getCompanionDeclaration,
  getCompanionPass,
  listCompanionCards,
  listCompanionInpatients,
  type PassCheck,
  transferCompanionCard,
  verifyCompanionPass,
  withdrawCompanionApplication,
} from '@patient/contract';
import { maskName, maskPhone, validateMainlandId } from '@patient/validation';
import { and, asc, desc, eq } from 'drizzle-orm';
import { users } from '../../platform/auth/tables.ts';
import { chinaDate } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { violatedConstraint } from '../../platform/database/errors.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { type BillingHis, stayOfAccount, staysInHospital } from '../fees/index.ts';
import { requireHospital } from '../hospitals/index.ts';
import { ACTIVE, cardNow, ownedCard, statusesOf, toCard } from './cards.ts';
import { issuePass, readPass } from './pass.ts';
import { COMPANION_NOTICE, COMPANION_PROMISE } from './seed-data.ts';
import { companionCards, companionQuestions } from './tables.ts';

/** The refusal of a second card for the same companion and stay. */
export const ONE_CARD_PER_STAY = () =>
  businessError(
    409,
    '不能重复申请',
    '该陪护人本次住院已有审核中或已生效的陪护证，不能重复申请；如需更换陪护人，请先撤回或注销原陪护证',
  );

async function questionsOf(db: DbOrTx, hospitalId: string) {
  return db
    .select()
    .from(companionQuestions)
    .where(eq(companionQuestions.hospitalId, hospitalId))
    .orderBy(asc(companionQuestions.position), asc(companionQuestions.id));
}

const PASS_MESSAGES: Record<PassCheck['reason'], string> = {
  OK: '核验通过，请进入病区',
  INVALID: '无效的陪护证二维码',
  EXPIRED: '二维码已过期，请刷新后重新出示',
  NOT_EFFECTIVE: '陪护证未生效',
  CANCELLED: '陪护证已注销',
  DISCHARGED: '患者已出院，陪护证已失效',
};

/**
 * The companion card calls (001 §7 'Companion card'; glossary in @patient/contract companion-card.ts); the stays
 * come from fees, over its billing HIS port.
 */
export const companionRoutes = (billingHis: BillingHis) => [
  route(listCompanionInpatients, async ({ query }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, query.hospitalId);
    const stays = await staysInHospital(ctx.db, billingHis, user.id, query.hospitalId);
    return stays.map((s) => ({
      stayId: String(s.stayId),
      contactId: String(s.contactId),
      patientName: s.patientName,
      admissionNo: s.admissionNo,
      department: s.department,
      ward: s.ward,
      bed: s.bed,
      admittedOn: s.admittedOn,
    }));
  }),

  route(getCompanionDeclaration, async ({ query }, ctx) => {
    await requireHospital(ctx.db, query.hospitalId);
    const questions = await questionsOf(ctx.db, query.hospitalId);
    return {
      notice: [...COMPANION_NOTICE],
      questions: questions.map((q) => ({ code: q.code, text: q.text, allowedAnswer: q.allowedAnswer })),
      promise: COMPANION_PROMISE,
    };
  }),

  route(applyCompanionCard, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    await requireHospital(ctx.db, body.hospitalId);
    const stay = await stayOfAccount(ctx.db, user.id, body.stayId);
    if (!stay || stay.hospitalId !== body.hospitalId) throw notFound('住院记录');
    if (!stay.inHospital) throw businessError(400, '患者已出院', '患者已出院，不能再申请陪护证');

    const today = chinaDate(now);
    const id = validateMainlandId(body.companionIdCard, new Date(`${today}T12:00:00`));
    if (!id.valid || !id.id18 || !id.birthDate) throw inputError('companionIdCard', id.message);
    if (ageOn(id.birthDate, today) < COMPANION_MIN_AGE) {
      throw inputError('companionIdCard', `陪护人须年满${COMPANION_MIN_AGE}周岁`);
    }
    const questions = await questionsOf(ctx.db, body.hospitalId);
    const answers = new Map(body.answers.map((a) => [a.code, a.answer]));
    if (
      answers.size !== body.answers.length ||
      answers.size !== questions.length ||
      questions.some((q) => !answers.has(q.code))
    ) {
      throw inputError('answers', '请回答全部健康申报问题');
    }
    const failed = questions.filter((q) => answers.get(q.code) !== q.allowedAnswer);
    if (failed.length > 0) {
      throw businessError(
        400,
        '健康申报未通过',
        `根据您的健康申报（${failed.map((q) => q.text.replace(/[？?]$/, '')).join('；')}），暂不能陪护，请更换陪护人或咨询病区护士站`,
      );
    }
    if (!body.promised) throw inputError('promised', '请阅读并勾选健康申报承诺');

    try {
      const row = await ctx.db.transaction(async (tx) => {
        const [held] = await tx
          .select({ id: companionCards.id, status: companionCards.status })
          .from(companionCards)
          .where(
            and(
              eq(companionCards.hospitalId, stay.hospitalId),
              eq(companionCards.admissionNo, stay.admissionNo),
              eq(companionCards.companionIdCard, id.id18 as string),
            ),
          )
          .orderBy(desc(companionCards.id));
        if (held && ACTIVE.has(held.status)) throw ONE_CARD_PER_STAY();
        const [inserted] = await tx
          .insert(companionCards)
          .values({
            userId: user.id,
            hospitalId: stay.hospitalId,
            contactId: stay.contactId,
            stayId: stay.stayId,
            admissionNo: stay.admissionNo,
            patientName: stay.patientName,
            department: stay.department,
            ward: stay.ward,
            bed: stay.bed,
            companionName: body.companionName,
            companionIdCard: id.id18 as string,
            companionPhone: body.companionPhone,
            relation: body.relation,
            declaration: questions.map((q) => ({
              code: q.code,
              text: q.text,
              answer: answers.get(q.code) as boolean,
            })),
            status: 'APPLYING',
            updatedAt: now,
            createdAt: now,
          })
          .returning();
        return inserted;
      });
      return toCard(row, 'APPLYING');
    } catch (error) {
      // Two applications at the same moment: the index lets one through.
      if (violatedConstraint(error) === 'companion_cards_one_per_stay') throw ONE_CARD_PER_STAY();
      throw error;
    }
  }),

  route(listCompanionCards, async ({ body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, body.hospitalId);
    const rows = await ctx.db
      .select()
      .from(companionCards)
      .where(and(eq(companionCards.userId, user.id), eq(companionCards.hospitalId, body.hospitalId)))
      .orderBy(desc(companionCards.createdAt), desc(companionCards.id));
    const statuses = await statusesOf(ctx.db, rows);
    const wanted = body.statuses && body.statuses.length > 0 ? new Set<string>(body.statuses) : null;
    const chosen = rows.filter((r) => !wanted || wanted.has(statuses.get(r.id) ?? 'EXPIRED'));
    const start = (body.pageNum - 1) * body.pageSize;
    return {
      list: chosen.slice(start, start + body.pageSize).map((r) => toCard(r, statuses.get(r.id) ?? 'EXPIRED')),
      total: chosen.length,
    };
  }),

  route(getCompanionCard, async ({ query }, ctx) => {
    const row = await ownedCard(ctx.db, userOf(ctx).id, query.cardId);
    return cardNow(ctx.db, row);
  }),

  route(getCompanionCardStatus, async ({ query }, ctx) => {
    const row = await ownedCard(ctx.db, userOf(ctx).id, query.cardId);
    const card = await cardNow(ctx.db, row);
    return { cardId: card.cardId, status: card.status };
  }),

  route(withdrawCompanionApplication, async ({ query }, ctx) => {
    // A GET that changes state (the spec's method): never kept by a cache.
    ctx.reply.header('cache-control', 'no-store');
    const user = userOf(ctx);
    const now = ctx.clock.now();
    return ctx.db.transaction(async (tx) => {
      const row = await ownedCard(tx, user.id, query.cardId, true);
      const card = await cardNow(tx, row);
      if (card.status === 'WITHDRAWN') return card;
      if (card.status !== 'APPLYING') {
        throw businessError(
          400,
          '不能撤回',
          card.status === 'EFFECTIVE' ? '申请已审核通过，如不再陪护请注销陪护证' : '该申请已办结，不能撤回',
        );
      }
      const [updated] = await tx
        .update(companionCards)
        .set({ status: 'WITHDRAWN', withdrawnAt: now, updatedAt: now })
        .where(eq(companionCards.id, row.id))
        .returning();
      return toCard(updated, 'WITHDRAWN');
    });
  }),

  route(transferCompanionCard, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    return ctx.db.transaction(async (tx) => {
      const row = await ownedCard(tx, user.id, body.cardId, true);
      const card = await cardNow(tx, row);
      if (card.status !== 'APPLYING' && card.status !== 'EFFECTIVE') {
        throw businessError(409, '不能转交', '只有审核中或已生效的陪护证可以转交给陪护人');
      }
      const [companion] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phone, row.companionPhone))
        .limit(1);
      if (!companion) {
        throw businessError(
          409,
          '陪护人尚未登录',
          `请陪护人先用手机号 ${maskPhone(row.companionPhone)} 登录本应用，再转交陪护证`,
        );
      }
      if (companion.id === user.id) {
        throw businessError(409, '无需转交', '陪护证已在陪护人本人的账号中');
      }
      const [updated] = await tx
        .update(companionCards)
        .set({ userId: companion.id, updatedAt: now })
        .where(eq(companionCards.id, row.id))
        .returning();
      return cardNow(tx, updated);
    });
  }),

  route(cancelCompanionCard, async ({ query }, ctx) => {
    // A GET that changes state (the spec's method): never kept by a cache.
    ctx.reply.header('cache-control', 'no-store');
    const user = userOf(ctx);
    const now = ctx.clock.now();
    return ctx.db.transaction(async (tx) => {
      const row = await ownedCard(tx, user.id, query.cardId, true);
      const card = await cardNow(tx, row);
      if (card.status === 'CANCELLED') return card;
      if (card.status !== 'EFFECTIVE') {
        throw businessError(
          400,
          '不能注销',
          card.status === 'APPLYING' ? '申请尚在审核中，如不再需要请撤回申请' : '只有已生效的陪护证可以注销',
        );
      }
      const [updated] = await tx
        .update(companionCards)
        .set({ status: 'CANCELLED', cancelledAt: now, updatedAt: now })
        .where(eq(companionCards.id, row.id))
        .returning();
      return toCard(updated, 'CANCELLED');
    });
  }),

  route(getCompanionPass, async ({ query }, ctx) => {
    const row = await ownedCard(ctx.db, userOf(ctx).id, query.cardId);
    const card = await cardNow(ctx.db, row);
    if (card.status !== 'EFFECTIVE') {
      throw businessError(
        400,
        '陪护证不可用',
        `陪护证${card.status === 'APPLYING' ? '尚在审核中' : '已失效'}，不能出示二维码`,
      );
    }
    const pass = issuePass(ctx.secret, row.id, ctx.clock.now());
    return {
      cardId: card.cardId,
      token: pass.token,
      expiresAt: pass.expiresAt.toISOString(),
      refreshInSeconds: pass.refreshInSeconds,
    };
  }),

  route(verifyCompanionPass, async ({ body }, ctx) => {
    const read = readPass(ctx.secret, body.token, ctx.clock.now());
    const answer = (reason: PassCheck['reason'], card: PassCheck['card'] = null): PassCheck => ({
      valid: reason === 'OK',
      reason,
      message: PASS_MESSAGES[reason],
      card,
    });
    if (!read.ok) return answer(read.reason);
    const [row] = await ctx.db.select().from(companionCards).where(eq(companionCards.id, read.cardId));
    if (!row) return answer('INVALID');
    const status = (await statusesOf(ctx.db, [row])).get(row.id);
    const facts = {
      cardId: String(row.id),
      companionName: maskName(row.companionName),
      patientName: maskName(row.patientName),
      ward: row.ward,
      bed: row.bed,
    };
    if (status === 'EFFECTIVE') return answer('OK', facts);
    if (status === 'CANCELLED') return answer('CANCELLED', facts);
    if (status === 'EXPIRED') return answer('DISCHARGED', facts);
    return answer('NOT_EFFECTIVE', facts);
  }),
];
