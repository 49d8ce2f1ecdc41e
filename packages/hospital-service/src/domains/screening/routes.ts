import {
  getLastScreening,
  getScreeningForm,
  getScreeningStreet,
  type HealthInfo,
  healthInfoProblems,
  listScreeningAnswers,
  listScreeningStreets,
  type ScreeningForm,
  type ScreeningResult,
  type ScreeningStreet,
  submitScreening,
} from '@patient/contract';
import { maskIdCard, maskName, maskPhone, validateMainlandId } from '@patient/validation';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { chinaDate } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { violatedConstraint } from '../../platform/database/errors.ts';
import { parseId } from '../../platform/database/ids.ts';
import { userOf } from '../../platform/http/context.ts';
import { conflict, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';
import { assessRisk } from './scoring.ts';
import { screeningCommunities, screeningStreets, screenings } from './tables.ts';

type StreetRow = typeof screeningStreets.$inferSelect;
type ScreeningRow = typeof screenings.$inferSelect;

const statusOf = (s: StreetRow, today: string) => (today > s.endDate ? 'ENDED' : 'OPEN');

async function communitiesOf(db: DbOrTx, streetIds: number[]) {
  if (streetIds.length === 0) return [];
  return db
    .select()
    .from(screeningCommunities)
    .where(inArray(screeningCommunities.streetId, streetIds))
    .orderBy(asc(screeningCommunities.sort), asc(screeningCommunities.id));
}

function toStreet(
  s: StreetRow,
  communities: (typeof screeningCommunities.$inferSelect)[],
  today: string,
): ScreeningStreet {
  return {
    streetId: String(s.id),
    name: s.name,
    title: s.title,
    intro: s.intro,
    place: s.place,
    startDate: s.startDate,
    endDate: s.endDate,
    status: statusOf(s, today),
    communities: communities
      .filter((c) => c.streetId === s.id)
      .map((c) => ({ communityId: String(c.id), name: c.name })),
  };
}

/** A community and its street, or 404 (a malformed id answers as a missing one). */
async function requireCommunity(db: DbOrTx, communityId: string) {
  const id = parseId(communityId);
  const [row] =
    id === null
      ? []
      : await db
          .select({ community: screeningCommunities, street: screeningStreets })
          .from(screeningCommunities)
          .innerJoin(screeningStreets, eq(screeningStreets.id, screeningCommunities.streetId))
          .where(eq(screeningCommunities.id, id))
          .limit(1);
  if (!row) throw notFound('筛查社区');
  return row;
}

/** The 18-character ID number, or 400 with validation's message. */
function idNumber(value: string, today: Date, field = 'identityCard'): string {
  const checked = validateMainlandId(value.trim().replace(/x$/, 'X'), today);
  if (!checked.valid || !checked.id18) throw inputError(field, checked.message);
  return checked.id18;
}

function toResult(r: ScreeningRow, street: StreetRow, communityName: string): ScreeningResult {
  return {
    screeningId: String(r.id),
    streetName: street.name,
    communityName,
    title: street.title,
    name: maskName(r.name),
    identityCard: maskIdCard(r.identityCard),
    phone: maskPhone(r.phone),
    submittedAt: r.submittedAt.toISOString(),
    level: r.level as ScreeningResult['level'],
    score: r.score,
    bmi: r.bmi,
    factors: r.factors,
    advice: r.advice,
  };
}

/** The account's screenings (newest first) with their street and community, filtered by `where`. */
async function resultsOf(db: DbOrTx, where: ReturnType<typeof and>, limit = 50) {
  const rows = await db
    .select({ s: screenings, street: screeningStreets, community: screeningCommunities.name })
    .from(screenings)
    .innerJoin(screeningStreets, eq(screeningStreets.id, screenings.streetId))
    .innerJoin(screeningCommunities, eq(screeningCommunities.id, screenings.communityId))
    .where(where)
    .orderBy(desc(screenings.submittedAt), desc(screenings.id))
    .limit(limit);
  return rows.map((r) => toResult(r.s, r.street, r.community));
}

/** Checks the answers against the questionnaire: required ones, one option for SINGLE, known options. */
function checkAnswers(street: StreetRow, answers: Record<string, string[]>): Record<string, string[]> {
  for (const key of Object.keys(answers)) {
    if (!street.questions.some((q) => q.questionId === key)) throw inputError(`answers.${key}`, '没有这道题');
  }
  const clean: Record<string, string[]> = {};
  street.questions.forEach((q, i) => {
    const field = `answers.${q.questionId}`;
    const given = answers[q.questionId] ?? [];
    if (given.length === 0) {
      if (q.required) throw inputError(field, `请回答第${i + 1}题`);
      return;
    }
    if (q.type === 'SINGLE' && given.length > 1) throw inputError(field, `第${i + 1}题只能选一项`);
    if (new Set(given).size !== given.length || !given.every((v) => q.options.some((o) => o.value === v)))
      throw inputError(field, `第${i + 1}题的选项不正确`);
    const none = q.options.filter((o) => o.none).map((o) => o.value);
    if (given.length > 1 && given.some((v) => none.includes(v)))
      throw inputError(field, `第${i + 1}题选了“以上都没有”，不能再选其他项`);
    clean[q.questionId] = given;
  });
  return clean;
}

function checkHealth(h: HealthInfo) {
  const problems = healthInfoProblems(h);
  const [field] = Object.keys(problems);
  if (field) throw inputError(`health.${field}`, problems[field]);
  for (const [key, list] of [
    ['history', h.history],
    ['familyHistory', h.familyHistory],
  ] as const) {
    if (new Set(list).size !== list.length) throw inputError(`health.${key}`, '疾病不能重复选择');
  }
}

/** Completed years at `today` (China date) of someone born on `birthDate`. */
const ageOn = (birthDate: string, today: string) =>
  Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4)) - (today.slice(5) < birthDate.slice(5) ? 1 : 0);

export const screeningRoutes = [
  route(listScreeningStreets, async ({ query }, ctx) => {
    await requireHospital(ctx.db, query.hospitalId);
    const today = chinaDate(ctx.clock.now());
    const streets = await ctx.db
      .select()
      .from(screeningStreets)
      .where(eq(screeningStreets.hospitalId, query.hospitalId))
      .orderBy(asc(screeningStreets.sort), asc(screeningStreets.id));
    const communities = await communitiesOf(
      ctx.db,
      streets.map((s) => s.id),
    );
    // Open campaigns first, each group in the hospital's order.
    return streets
      .map((s) => toStreet(s, communities, today))
      .sort((a, b) => Number(a.status === 'ENDED') - Number(b.status === 'ENDED'));
  }),

  route(getScreeningStreet, async ({ query }, ctx) => {
    const id = parseId(query.streetId);
    const [street] =
      id === null
        ? []
        : await ctx.db.select().from(screeningStreets).where(eq(screeningStreets.id, id)).limit(1);
    if (!street) throw notFound('筛查街道');
    return toStreet(street, await communitiesOf(ctx.db, [street.id]), chinaDate(ctx.clock.now()));
  }),

  route(getScreeningForm, async ({ query }, ctx): Promise<ScreeningForm> => {
    const { community, street } = await requireCommunity(ctx.db, query.communityId);
    return {
      community: { communityId: String(community.id), name: community.name },
      street: { streetId: String(street.id), name: street.name, title: street.title },
      status: statusOf(street, chinaDate(ctx.clock.now())),
      questions: street.questions.map((q) => ({
        questionId: q.questionId,
        title: q.title,
        type: q.type,
        required: q.required,
        options: q.options.map((o) => ({ value: o.value, label: o.label, none: o.none === true })),
      })),
    };
  }),

  route(submitScreening, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const today = chinaDate(now);
    const identityCard = idNumber(body.identityCard, now);
    checkHealth(body.health);
    const { community, street } = await requireCommunity(ctx.db, body.communityId);
    if (statusOf(street, today) === 'ENDED')
      throw conflict('本次筛查已结束', '本次筛查已结束，请关注社区的下一次筛查');
    const answers = checkAnswers(street, body.answers);
    const [contact] = await ctx.db
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.userId, user.id),
          eq(contacts.documentType, 'IDENTITY_CARD'),
          eq(contacts.documentNumber, identityCard),
        ),
      )
      .limit(1);
    if (!contact) throw inputError('identityCard', '该身份证号不是本账号的就诊人，请先添加就诊人');
    if (contact.name !== body.name) throw inputError('name', '姓名与身份证号不一致，请核对');
    const birthDate = `${identityCard.slice(6, 10)}-${identityCard.slice(10, 12)}-${identityCard.slice(12, 14)}`;
    const outcome = assessRisk({
      health: body.health,
      answers,
      questions: street.questions,
      age: ageOn(birthDate, today),
      male: Number(identityCard[16]) % 2 === 1,
    });
    try {
      const [row] = await ctx.db
        .insert(screenings)
        .values({
          userId: user.id,
          contactId: contact.id,
          streetId: street.id,
          communityId: community.id,
          name: contact.name,
          identityCard,
          phone: body.phone,
          address: body.address,
          health: body.health,
          answers,
          ...outcome,
          submittedAt: now,
        })
        .returning();
      return toResult(row, street, community.name);
    } catch (error) {
      if (violatedConstraint(error) === 'screenings_person_campaign')
        throw conflict('已参加本次筛查', '该居民已提交过本次筛查问卷，无需重复提交');
      throw error;
    }
  }),

  route(getLastScreening, async ({ body }, ctx) => {
    const user = userOf(ctx);
    if (body.screeningId !== undefined) {
      const id = parseId(body.screeningId);
      const [found] =
        id === null
          ? []
          : await resultsOf(ctx.db, and(eq(screenings.userId, user.id), eq(screenings.id, id)), 1);
      if (!found) throw notFound('筛查记录');
      return found;
    }
    const [last] = await resultsOf(ctx.db, eq(screenings.userId, user.id), 1);
    return last ?? null;
  }),

  route(listScreeningAnswers, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const identityCard = idNumber(body.identityCard, ctx.clock.now());
    // Only the account's own contacts: another person's ID number answers as nothing found.
    return resultsOf(
      ctx.db,
      and(
        eq(screenings.userId, user.id),
        eq(screenings.identityCard, identityCard),
        eq(screenings.name, body.name),
      ),
    );
  }),
];
