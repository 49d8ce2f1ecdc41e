import {
  cancelNucleicAcidOrder,
  checkNucleicAcidHealth,
  createNucleicAcidOrder,
  type EndpointParsedInput,
  getNucleicAcidHealthQuestions,
  getNucleicAcidItems,
  getNucleicAcidOrder,
  getNucleicAcidOrderById,
  listNucleicAcidOrderHealth,
  listNucleicAcidOrders,
  listNucleicAcidOrdersPage,
  type NucleicAcidType,
  preCommitNucleicAcid,
  refundNucleicAcidOrder,
} from '@patient/contract';
import { maskIdCard, maskName } from '@patient/validation';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { DAY } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { type RequestContext, userOf } from '../../platform/http/context.ts';
import { businessError, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { type ContactRow, contacts, ownedContact } from '../patients/index.ts';
import { closePendingPayments, requestRefund, submitRefund } from '../payments/index.ts';
import { OPEN_STATUSES, type OrderRow, ownedOrder, toOrder } from './orders.ts';
import {
  NUCLEIC_ACID_HEALTH_NOTICE,
  NUCLEIC_ACID_HEALTH_QUESTIONS,
  NUCLEIC_ACID_VALID_DAYS,
  nucleicAcidItemOf,
  nucleicAcidItemsOf,
} from './seed-data.ts';
import { nucleicAcidOrders } from './tables.ts';

/** Orders and results are health data: never kept by a browser or a proxy. */
const noStore = (ctx: RequestContext) => ctx.reply.header('cache-control', 'no-store');

const alreadyBooked = () =>
  businessError(
    400,
    '已有未完成的预约',
    '该就诊人已有待支付或待采样的核酸检测预约，请采样后再预约，或先取消原预约',
  );

/** The checks of pre-commit and of the order: the hospital, the account's contact, the type, no open order. */
async function checkOrder(
  db: DbOrTx,
  userId: number,
  body: {
    hospitalId: string;
    contactId: string;
    type: NucleicAcidType;
    health?: { code: string; answer: boolean }[];
  },
) {
  const health = body.health === undefined ? null : declarationOf(body.health);
  const hospital = await requireHospital(db, body.hospitalId);
  const contact = await ownedContact(db, userId, body.contactId);
  const item = nucleicAcidItemOf(body.type);
  if (!item) throw inputError('type', '请选择检测类型');
  await requireNoOpenOrder(db, contact, body.hospitalId);
  return { hospital, contact, item, health };
}

/** The declaration as saved: every question answered exactly once (else 400), each answer flagged or not. */
function declarationOf(answers: { code: string; answer: boolean }[]) {
  const known = new Set<string>(NUCLEIC_ACID_HEALTH_QUESTIONS.map((q) => q.code));
  const seen = new Set<string>();
  for (const a of answers) {
    if (!known.has(a.code)) throw inputError('health', '健康申报中有未知的问题');
    if (seen.has(a.code)) throw inputError('health', '健康申报的问题只能回答一次');
    seen.add(a.code);
  }
  if (seen.size !== known.size) throw inputError('health', '请回答全部健康申报问题');
  return NUCLEIC_ACID_HEALTH_QUESTIONS.map((q) => {
    const answer = answers.find((a) => a.code === q.code)?.answer === true;
    return { code: q.code, text: q.text, answer, flagged: answer === q.flaggedAnswer };
  });
}

async function requireNoOpenOrder(db: DbOrTx, contact: ContactRow, hospitalId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(nucleicAcidOrders)
    .where(
      and(
        eq(nucleicAcidOrders.contactId, contact.id),
        eq(nucleicAcidOrders.hospitalId, hospitalId),
        inArray(nucleicAcidOrders.status, [...OPEN_STATUSES]),
      ),
    );
  if (n > 0) throw alreadyBooked();
}

/** Cancels the user's order before sampling: unpaid (`paid` false) or paid with its refund (`paid` true). */
async function cancel(ctx: RequestContext, orderId: string, paid: boolean, hospitalId?: string) {
  noStore(ctx);
  const user = userOf(ctx);
  const now = ctx.clock.now();
  const { row, refundId } = await ctx.db.transaction(async (tx) => {
    const order = await ownedOrder(tx, user.id, orderId, true);
    if (hospitalId !== undefined && order.hospitalId !== hospitalId) {
      // Another hospital's order under this hospital's path: as if it did not exist.
      throw notFound('核酸检测订单');
    }
    if (order.status === 'CANCEL') return { row: order, refundId: null };
    if (order.status === 'SAMPLED' || order.status === 'REPORTED') {
      throw businessError(400, '不能取消', '已采样的核酸检测不能取消，也不能退款');
    }
    if (!paid && order.status === 'PAID') {
      throw businessError(400, '订单已支付', '该订单已支付，请使用“取消预约并退款”');
    }
    await closePendingPayments(tx, 'NUCLEIC_ACID', [order.id], now);
    const [updated] = await tx
      .update(nucleicAcidOrders)
      .set({ status: 'CANCEL', cancelledAt: now, updatedAt: now })
      .where(eq(nucleicAcidOrders.id, order.id))
      .returning();
    const refund =
      order.status === 'PAID'
        ? await requestRefund(tx, 'NUCLEIC_ACID', order.id, '核酸检测预约已取消', now)
        : null;
    return { row: updated, refundId: refund };
  });
  if (refundId !== null) await submitRefund(ctx, refundId, ctx.log);
  return answer(ctx, row);
}

async function answer(ctx: RequestContext, row: OrderRow) {
  const hospital = await requireHospital(ctx.db, row.hospitalId);
  return toOrder(ctx.db, row, hospital.name);
}

/** The nucleic acid test calls. */
/** One page of the account's orders at the hospital, newest first (natOrder/page and order/page). */
async function ordersPage(
  ctx: RequestContext,
  query: EndpointParsedInput<typeof listNucleicAcidOrders>['query'],
) {
  noStore(ctx);
  const user = userOf(ctx);
  const hospital = await requireHospital(ctx.db, query.hospitalId);
  const page = query.page ?? 1;
  const size = query.size ?? 10;
  const mine = and(eq(nucleicAcidOrders.userId, user.id), eq(nucleicAcidOrders.hospitalId, query.hospitalId));
  const [{ total }] = await ctx.db.select({ total: count() }).from(nucleicAcidOrders).where(mine);
  const rows = await ctx.db
    .select()
    .from(nucleicAcidOrders)
    .where(mine)
    .orderBy(desc(nucleicAcidOrders.createdAt), desc(nucleicAcidOrders.id))
    .limit(size)
    .offset((page - 1) * size);
  const records = await Promise.all(rows.map((r) => toOrder(ctx.db, r, hospital.name)));
  return { records, total, page, size };
}

export const nucleicAcidRoutes = [
  route(getNucleicAcidItems, async ({ query }, ctx) => {
    const hospital = await requireHospital(ctx.db, query.hospitalId);
    return nucleicAcidItemsOf(hospital.name);
  }),

  route(preCommitNucleicAcid, async ({ body }, ctx) => {
    noStore(ctx);
    const { hospital, contact, item } = await checkOrder(ctx.db, userOf(ctx).id, body);
    return {
      type: item.type,
      itemName: item.name,
      priceFen: item.priceFen,
      patientName: maskName(contact.name),
      documentNumber: maskIdCard(contact.documentNumber),
      place: nucleicAcidItemsOf(hospital.name).place,
      validDays: NUCLEIC_ACID_VALID_DAYS,
    };
  }),

  route(createNucleicAcidOrder, async ({ body }, ctx) => {
    noStore(ctx);
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const { hospital, contact, item, health } = await checkOrder(ctx.db, user.id, body);
    const row = await ctx.db.transaction(async (tx) => {
      // One contact's orders are counted one at a time (its row is the lock).
      await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contact.id)).for('update');
      await requireNoOpenOrder(tx, contact, body.hospitalId);
      const [inserted] = await tx
        .insert(nucleicAcidOrders)
        .values({
          userId: user.id,
          contactId: contact.id,
          hospitalId: body.hospitalId,
          patientName: contact.name,
          documentNumber: contact.documentNumber,
          type: item.type,
          itemName: item.name,
          priceFen: item.priceFen,
          status: 'NO_PAY',
          health,
          validUntil: new Date(now.getTime() + NUCLEIC_ACID_VALID_DAYS * DAY),
          updatedAt: now,
          createdAt: now,
        })
        .returning();
      return inserted;
    });
    return toOrder(ctx.db, row, hospital.name);
  }),

  route(listNucleicAcidOrders, async ({ query }, ctx) => ordersPage(ctx, query)),
  route(listNucleicAcidOrdersPage, async ({ query }, ctx) => ordersPage(ctx, query)),

  route(getNucleicAcidOrder, async ({ params }, ctx) => {
    noStore(ctx);
    return answer(ctx, await ownedOrder(ctx.db, userOf(ctx).id, params.orderId));
  }),
  route(getNucleicAcidOrderById, async ({ params }, ctx) => {
    noStore(ctx);
    return answer(ctx, await ownedOrder(ctx.db, userOf(ctx).id, params.orderId));
  }),
  route(cancelNucleicAcidOrder, async ({ params }, ctx) =>
    cancel(ctx, params.orderId, false, params.hospitalId),
  ),

  route(refundNucleicAcidOrder, async ({ params }, ctx) => cancel(ctx, params.orderId, true)),

  route(getNucleicAcidHealthQuestions, async ({ query }, ctx) => {
    await requireHospital(ctx.db, query.hospitalId);
    return {
      questions: NUCLEIC_ACID_HEALTH_QUESTIONS.map((q) => ({ ...q })),
      notice: NUCLEIC_ACID_HEALTH_NOTICE,
    };
  }),

  route(listNucleicAcidOrderHealth, async ({ query }, ctx) => {
    noStore(ctx);
    const order = await ownedOrder(ctx.db, userOf(ctx).id, query.orderId);
    return order.health ?? [];
  }),

  route(checkNucleicAcidHealth, async ({ query }, ctx) => {
    noStore(ctx);
    const order = await ownedOrder(ctx.db, userOf(ctx).id, query.orderId);
    if (!order.health) {
      return {
        declared: false,
        passed: false,
        flagged: [],
        advice: '该预约尚未填写健康申报，采样前请先如实填写',
      };
    }
    const flagged = order.health.filter((a) => a.flagged).map((a) => a.text);
    return flagged.length === 0
      ? { declared: true, passed: true, flagged, advice: '健康申报已通过，请按预约到核酸采样点采样' }
      : { declared: true, passed: false, flagged, advice: '健康申报有异常情况，请到发热门诊采样检测' };
  }),
];
