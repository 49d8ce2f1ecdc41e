import { createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  getPayment,
  type PayChannel,
  type Payment,
  paymentNotification,
  selfOrMedicalPreSettle,
  startPayment,
} from '@patient/contract';
import { and, eq, sql } from 'drizzle-orm';
import { chinaDate } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { parseId } from '../../platform/database/ids.ts';
import { transactionNow } from '../../platform/database/now.ts';
import { type AppDeps, type RequestContext, userOf } from '../../platform/http/context.ts';
import { businessError, conflict, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import {
  appointmentOrders,
  claimablePlaces,
  effectiveStatus,
  insuranceCovers,
  lockSources,
  type OrderRow,
  ownedOrder,
  type PaymentRow,
  paymentOfOrder,
  rulesOf,
  schedules,
  settle,
  settlementOf,
  sources,
  yuan,
} from '../booking/index.ts';
import { PaymentProviderError, type ProviderNotification } from './providers/provider.ts';
import { signSandboxNotification } from './providers/sandbox.ts';
import { payments } from './tables.ts';

/** HMAC-SHA256 (hex) over `paymentId|tradeNo|amount`: the sandbox provider's signature. */
export const signNotification = signSandboxNotification;

/** The notification the provider sends once the patient has paid (the sandbox cashier sends it). */
export function notificationOf(secret: Buffer, payment: PaymentRow) {
  const paymentId = String(payment.id);
  const amount = yuan(payment.amount);
  return {
    paymentId,
    tradeNo: payment.tradeNo,
    amount,
    signature: signSandboxNotification(secret, paymentId, payment.tradeNo, amount),
  };
}

/** The payment as the patient sees it: a pending payment of an order that can no longer be paid is CLOSED. */
export function toPayment(row: PaymentRow, order: OrderRow | null, now: Date): Payment {
  const orderOpen = order !== null && effectiveStatus(order, now) === 'PENDING_PAYMENT';
  return {
    paymentId: String(row.id),
    orderType: row.orderType as Payment['orderType'],
    orderId: String(row.orderId),
    channel: row.channel as PayChannel,
    amount: yuan(row.amount),
    status: row.status === 'PENDING' && !orderOpen ? 'CLOSED' : (row.status as Payment['status']),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

/** Why an order in this status cannot be paid (a paid order with its PAID payment is answered, not refused). */
function notPayable(status: string) {
  switch (status) {
    case 'LOCKED':
      return businessError(400, '请先提交订单', '请先选择就诊人和就诊卡并提交订单，再进行支付');
    case 'BOOKED':
    case 'VISITED':
      return conflict('订单已支付', '该订单已支付成功，无需重复支付');
    case 'EXPIRED':
      return conflict('订单已失效', '订单超时未支付，号源已释放，请重新预约');
    case 'CANCELLED':
      return conflict('订单已取消', '该订单已取消，不能支付');
    case 'REFUNDED':
      return conflict('订单已退号', '该订单已退号退费，不能再次支付');
    case 'STOPPED':
      return conflict('医生已停诊', '该号源已停诊，不能支付');
    default:
      return conflict('订单不能支付', '订单状态已变化，请刷新后重试');
  }
}

/** A payment's trade number: date and 12 random digits. */
const newTradeNo = (now: Date): string =>
  `HS${chinaDate(now).replaceAll('-', '')}${String(randomInt(1e6)).padStart(6, '0')}${String(randomInt(1e6)).padStart(6, '0')}`;

/** The parameters of WeixinJSBridge 'getBrandWCPayRequest', signed with the server secret. */
function wechatParams(ctx: RequestContext, appId: string, payment: PaymentRow, now: Date) {
  const base = {
    appId,
    timeStamp: String(Math.floor(now.getTime() / 1000)),
    nonceStr: randomBytes(16).toString('hex'),
    package: `prepay_id=wx${payment.tradeNo}`,
    signType: 'HMAC-SHA256',
  };
  const text = `appId=${base.appId}&nonceStr=${base.nonceStr}&package=${base.package}&signType=${base.signType}&timeStamp=${base.timeStamp}`;
  return { ...base, paySign: createHmac('sha256', ctx.secret).update(text).digest('hex').toUpperCase() };
}

/** The cashier of the sandbox channel (see sandbox.ts). */
export const cashierUrl = (paymentId: string, returnPath: string): string =>
  `/hospital-service/sandbox/cashier/${paymentId}?returnPath=${encodeURIComponent(returnPath)}`;

/** Same-origin paths only: '/x' yes, '//host' (another site) no. */
export const isSafeReturnPath = (path: string): boolean =>
  /^\/[A-Za-z0-9/_\-?=&%.]*$/.test(path) && !path.startsWith('//') && path.length <= 300;

/** Gives the paid order its place: BOOKED with the half-day's next visit number. */
async function book(tx: DbOrTx, order: OrderRow, now: Date): Promise<void> {
  const [{ seq }] = await tx
    .update(schedules)
    .set({ visitSeq: sql`${schedules.visitSeq} + 1` })
    .where(eq(schedules.id, order.scheduleId))
    .returning({ seq: schedules.visitSeq });
  const [{ reserved }] = await tx
    .select({ reserved: sql<number>`coalesce(sum(${sources.reserved}), 0)::int` })
    .from(sources)
    .where(eq(sources.scheduleId, order.scheduleId));
  await tx
    .update(appointmentOrders)
    .set({
      status: 'BOOKED',
      paidAt: now,
      visitNumber: String(reserved + seq).padStart(3, '0'),
      updatedAt: now,
    })
    .where(eq(appointmentOrders.id, order.id));
}

/** Money that arrived for an order that cannot take it: refunded at once (the order ends REFUNDED). */
async function refundAtOnce(tx: DbOrTx, order: OrderRow, payment: PaymentRow, now: Date, reason: string) {
  await tx.update(payments).set({ status: 'REFUNDED', refundedAt: now }).where(eq(payments.id, payment.id));
  await tx
    .update(appointmentOrders)
    .set({
      status: 'REFUNDED',
      paidAt: now,
      refundedAt: now,
      cancelledAt: order.cancelledAt ?? now,
      cancelReason: reason,
      updatedAt: now,
    })
    .where(eq(appointmentOrders.id, order.id));
}

/**
 * Applies a payment the provider confirmed (payment and order locked by the caller). Within the hold the
 * order is BOOKED. If the hold ran out meanwhile the patient still gets the slot when it is free; otherwise,
 * and for a cancelled order or a stopped clinic, the money is refunded at once.
 */
async function applyPaid(tx: DbOrTx, order: OrderRow, payment: PaymentRow, now: Date): Promise<void> {
  await tx.update(payments).set({ status: 'PAID', paidAt: now }).where(eq(payments.id, payment.id));
  const status = effectiveStatus(order, now);
  if (status === 'PENDING_PAYMENT') return book(tx, order, now);
  if (status === 'EXPIRED') {
    // The source is locked (notification handler). Expired holds, this one included, give their place back
    // first; booking then claims it again, and the database's capacity check has the last word.
    const [schedule] = await tx.select().from(schedules).where(eq(schedules.id, order.scheduleId));
    if (schedule.state !== 'STOPED' && (await claimablePlaces(tx, order.sourceId, now)) > 0) {
      return book(tx, order, now);
    }
    return refundAtOnce(tx, order, payment, now, '支付时号源保留已超时且号源已被预约，支付款项已原路退回');
  }
  if (status === 'STOPPED') return refundAtOnce(tx, order, payment, now, '医生已停诊，支付款项已原路退回');
  return refundAtOnce(tx, order, payment, now, '订单已取消，支付款项已原路退回');
}

/** The payment of our trade number, or null. */
export async function paymentOfTrade(db: DbOrTx, tradeNo: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.tradeNo, tradeNo)).limit(1);
  return row ?? null;
}

/**
 * Applies a verified payment notification for `known` once: a wrong amount is refused (400) before anything
 * changes; a payment already PAID or REFUNDED is left alone (false).
 */
export async function applyPaymentNotice(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  known: PaymentRow,
  amountFen: number,
): Promise<boolean> {
  if (amountFen !== known.amount) {
    throw businessError(400, '支付金额不一致', '通知的支付金额与订单应付金额不一致，已拒绝');
  }
  return deps.db.transaction(async (tx) => {
    // Source, then order, then payment (the order every path locks in); the time is taken after the locks,
    // from the database, so that an instance never books a place another instance has given away since.
    const [{ sourceId }] = await tx
      .select({ sourceId: appointmentOrders.sourceId })
      .from(appointmentOrders)
      .where(eq(appointmentOrders.id, known.orderId));
    await lockSources(tx, [sourceId]);
    const [order] = await tx
      .select()
      .from(appointmentOrders)
      .where(eq(appointmentOrders.id, known.orderId))
      .for('update');
    const [payment] = await tx.select().from(payments).where(eq(payments.id, known.id)).for('update');
    if (payment.status === 'PAID' || payment.status === 'REFUNDED') return false;
    const now = await transactionNow(tx, deps.clock);
    await applyPaid(tx, order, payment, now);
    return true;
  });
}

export const paymentRoutes = [
  route(startPayment, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    if (body.channel === 'SANDBOX' && ctx.production) {
      throw businessError(400, '不支持的支付方式', '当前环境不支持沙箱支付，请在微信或支付宝中支付');
    }
    const returnPath = body.returnPath ?? `/appointmentDetail/${body.orderId}`;
    if (!isSafeReturnPath(returnPath)) throw inputError('returnPath', '返回地址必须是本站路径');
    const payment = await ctx.db.transaction(async (tx) => {
      // Order, then payment: every path takes these locks in this order.
      const order = await ownedOrder(tx, user.id, body.orderId, true);
      const existing = await paymentOfOrder(tx, order.id, true);
      const status = effectiveStatus(order, now);
      // Paid already: the PAID payment is the answer (below, without anything to pay with).
      if ((status === 'BOOKED' || status === 'VISITED') && existing?.status === 'PAID') return existing;
      if (status !== 'PENDING_PAYMENT') throw notPayable(status);
      if (existing) {
        if (existing.status !== 'PENDING') throw notPayable('');
        if (existing.channel === body.channel) return existing;
        const [updated] = await tx
          .update(payments)
          .set({ channel: body.channel })
          .where(eq(payments.id, existing.id))
          .returning();
        return updated;
      }
      const [created] = await tx
        .insert(payments)
        .values({
          userId: user.id,
          orderType: body.orderType,
          orderId: order.id,
          channel: body.channel,
          amount: order.selfPays,
          status: 'PENDING',
          tradeNo: newTradeNo(now),
          createdAt: now,
        })
        .returning();
      return created;
    });
    const order = await ownedOrder(ctx.db, user.id, body.orderId);
    if (payment.status === 'PAID') {
      // Never a second charge: no pay sheet, no cashier; the client shows the success page.
      return { payment: toPayment(payment, order, now), wechat: null, alipay: null, sandbox: null };
    }
    let wechat = null;
    if (body.channel === 'WECHAT_JSAPI') {
      const { paymentAppId } = await rulesOf(ctx.db, order.hospitalId);
      if (body.appId && body.appId !== paymentAppId) {
        throw inputError('appId', 'appId 与医院的支付配置不一致');
      }
      wechat = wechatParams(ctx, paymentAppId, payment, now);
    }
    return {
      payment: toPayment(payment, order, now),
      wechat,
      alipay: body.channel === 'ALIPAY_TRADE' ? { tradeNo: payment.tradeNo } : null,
      sandbox: body.channel === 'SANDBOX' ? { cashierUrl: cashierUrl(String(payment.id), returnPath) } : null,
    };
  }),

  route(getPayment, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const id = parseId(params.paymentId);
    const [row] =
      id === null
        ? []
        : await ctx.db
            .select({ payment: payments, order: appointmentOrders })
            .from(payments)
            .innerJoin(appointmentOrders, eq(appointmentOrders.id, payments.orderId))
            .where(and(eq(payments.id, id), eq(payments.userId, user.id)))
            .limit(1);
    if (!row) throw notFound('支付记录');
    return toPayment(row.payment, row.order, ctx.clock.now());
  }),

  route(selfOrMedicalPreSettle, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const order = await ctx.db.transaction(async (tx) => {
      const row = await ownedOrder(tx, user.id, body.orderId, true);
      const status = effectiveStatus(row, now);
      if (status === 'LOCKED') {
        throw businessError(400, '请先提交订单', '请先选择就诊人和就诊卡并提交订单');
      }
      if (status !== 'PENDING_PAYMENT') return row;
      const [schedule] = await tx.select().from(schedules).where(eq(schedules.id, row.scheduleId));
      if (body.mode === 'MEDICAL') {
        if (row.cardType !== 'INSURANCE_CARD') {
          throw businessError(400, '不能使用医保结算', '所选就诊卡不是医保卡，请使用自费结算或更换医保卡');
        }
        if (!insuranceCovers(schedule.sourceType)) {
          throw businessError(400, '不能使用医保结算', '特需门诊不在医保支付范围内，请使用自费结算');
        }
      }
      const split = settle(row.fee, schedule.sourceType, body.mode);
      if (split.selfPays === row.selfPays && body.mode === row.settlementMode) return row;
      if (await paymentOfOrder(tx, row.id)) {
        throw conflict('已发起支付', '订单已发起支付，不能再更改结算方式');
      }
      const [updated] = await tx
        .update(appointmentOrders)
        .set({ settlementMode: body.mode, ...split, updatedAt: now })
        .where(eq(appointmentOrders.id, row.id))
        .returning();
      return updated;
    });
    return settlementOf(order);
  }),

  route(paymentNotification, async ({ body }, ctx) => {
    const sandbox = ctx.paymentProviders.byName('sandbox');
    if (!sandbox) throw businessError(403, '签名校验失败', '支付通知的签名无效，已拒绝');
    let notice: ProviderNotification;
    try {
      notice = await sandbox.parseNotification(JSON.stringify(body), {});
    } catch (err) {
      if (err instanceof PaymentProviderError) {
        throw businessError(403, '签名校验失败', '支付通知的签名无效，已拒绝');
      }
      throw err;
    }
    if (notice.kind !== 'payment') throw businessError(400, '通知类型错误', '不是支付结果通知');
    const id = parseId(body.paymentId);
    const [known] = id === null ? [] : await ctx.db.select().from(payments).where(eq(payments.id, id));
    if (!known) throw notFound('支付记录');
    if (known.tradeNo !== notice.tradeNo) {
      throw businessError(400, '交易号不一致', '通知的交易号与支付记录不一致');
    }
    const applied = await applyPaymentNotice(ctx, known, notice.amountFen);
    ctx.log.info({ paymentId: known.id, applied }, 'payment notification');
    return { applied };
  }),
];
