import { createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  getPayment,
  type PayChannel,
  type Payment,
  paymentNotification,
  selfOrMedicalPreSettle,
  startPayment,
} from '@patient/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { chinaDate } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { parseId } from '../../platform/database/ids.ts';
import { transactionNow } from '../../platform/database/now.ts';
import { type AppDeps, type RequestContext, userOf } from '../../platform/http/context.ts';
import { businessError, conflict, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { type PaymentRow, paymentOf, requestRefund, yuanText } from './ledger.ts';
import type { Payable, PayableOrder } from './payable.ts';
import { PaymentProviderError, type ProviderNotification } from './providers/provider.ts';
import { signSandboxNotification } from './providers/sandbox.ts';
import { submitRefund } from './refunds.ts';
import { payments } from './tables.ts';

/** HMAC-SHA256 (hex) over `paymentId|tradeNo|amount`: the sandbox provider's signature. */
export const signNotification = signSandboxNotification;

/** The notification the provider sends once the patient has paid (the sandbox cashier sends it). */
export function notificationOf(secret: Buffer, payment: PaymentRow) {
  const paymentId = String(payment.id);
  const amount = yuanText(payment.amount);
  return {
    paymentId,
    tradeNo: payment.tradeNo,
    amount,
    signature: signSandboxNotification(secret, paymentId, payment.tradeNo, amount),
  };
}

/** The payment as the patient sees it: a pending payment of an order that can no longer be paid is CLOSED. */
export function toPayment(row: PaymentRow, order: PayableOrder | null): Payment {
  const orderOpen = order?.payability === 'PAYABLE';
  return {
    paymentId: String(row.id),
    orderType: row.orderType as Payment['orderType'],
    orderId: String(row.orderId),
    channel: row.channel as PayChannel,
    amount: yuanText(row.amount),
    status: row.status === 'PENDING' && !orderOpen ? 'CLOSED' : (row.status as Payment['status']),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

/** The user's order of a paying domain, locked (inside a transaction) or as it is; '订单不存在' otherwise. */
async function ownOrder(
  db: DbOrTx,
  payable: Payable,
  userId: number,
  orderId: string,
  now: Date,
  lock: boolean,
): Promise<PayableOrder> {
  const id = parseId(orderId);
  const order =
    id === null ? null : lock ? await payable.lock(db, id, now) : await payable.describe(db, id, now);
  if (!order || order.userId !== userId) throw notFound('订单');
  return order;
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

/**
 * Applies a payment the provider confirmed (order and payment locked by the caller): PAID through `provider`,
 * and the order's domain keeps it or the money goes back (a refund is requested: the id to submit).
 */
async function applyPaid(
  tx: DbOrTx,
  payable: Payable,
  payment: PaymentRow,
  provider: string,
  now: Date,
): Promise<number | null> {
  await tx.update(payments).set({ status: 'PAID', paidAt: now, provider }).where(eq(payments.id, payment.id));
  const outcome = await payable.paid(tx, payment.orderId, now);
  return outcome.kept ? null : requestRefund(tx, payable.orderType, payment.orderId, outcome.reason, now);
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
  deps: Pick<AppDeps, 'db' | 'clock' | 'payables' | 'paymentProviders'>,
  known: PaymentRow,
  notice: { provider: string; amountFen: number },
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (notice.amountFen !== known.amount) {
    throw businessError(400, '支付金额不一致', '通知的支付金额与订单应付金额不一致，已拒绝');
  }
  const payable = deps.payables.of(known.orderType);
  const applied = await deps.db.transaction(async (tx) => {
    // The order's locks, then the payment (the order every path locks in); the time is taken after the
    // locks, from the database, so that an instance never books a place another instance has given away since.
    await payable.lock(tx, known.orderId, deps.clock.now());
    const [payment] = await tx.select().from(payments).where(eq(payments.id, known.id)).for('update');
    if (payment.status !== 'PENDING' && payment.status !== 'CLOSED') return null;
    const now = await transactionNow(tx, deps.clock);
    return { refundId: await applyPaid(tx, payable, payment, notice.provider, now) };
  });
  if (applied?.refundId) await submitRefund(deps, applied.refundId, log);
  return applied !== null;
}

export const paymentRoutes = [
  route(startPayment, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    if (body.channel === 'SANDBOX' && ctx.production) {
      throw businessError(400, '不支持的支付方式', '当前环境不支持沙箱支付，请在微信或支付宝中支付');
    }
    if (body.returnPath !== undefined && !isSafeReturnPath(body.returnPath)) {
      throw inputError('returnPath', '返回地址必须是本站路径');
    }
    const payable = ctx.payables.of(body.orderType);
    const { order, payment } = await ctx.db.transaction(async (tx) => {
      // The order's locks, then the payment: every path takes them in this order.
      const order = await ownOrder(tx, payable, user.id, body.orderId, now, true);
      const existing = await paymentOf(tx, body.orderType, order.id, true);
      // Paid already: the PAID payment is the answer (below, without anything to pay with).
      if (order.payability === 'PAID' && existing?.status === 'PAID') return { order, payment: existing };
      if (order.payability === 'PAID') throw conflict('订单已支付', '该订单已支付成功，无需重复支付');
      if (order.payability !== 'PAYABLE') throw order.payability;
      if (existing) {
        if (existing.status !== 'PENDING') throw conflict('订单不能支付', '订单状态已变化，请刷新后重试');
        if (existing.channel === body.channel) return { order, payment: existing };
        const [updated] = await tx
          .update(payments)
          .set({ channel: body.channel })
          .where(eq(payments.id, existing.id))
          .returning();
        return { order, payment: updated };
      }
      const [created] = await tx
        .insert(payments)
        .values({
          userId: user.id,
          orderType: body.orderType,
          orderId: order.id,
          channel: body.channel,
          amount: order.amountFen,
          status: 'PENDING',
          tradeNo: newTradeNo(now),
          createdAt: now,
        })
        .returning();
      return { order, payment: created };
    });
    if (payment.status === 'PAID') {
      // Never a second charge: no pay sheet, no cashier; the client shows the success page.
      return { payment: toPayment(payment, order), wechat: null, alipay: null, sandbox: null };
    }
    let wechat = null;
    if (body.channel === 'WECHAT_JSAPI') {
      const appId = await ctx.payables.wechatAppIdOf(ctx.db, order.hospitalId);
      if (body.appId && body.appId !== appId) throw inputError('appId', 'appId 与医院的支付配置不一致');
      wechat = wechatParams(ctx, appId, payment, now);
    }
    const returnPath = body.returnPath ?? order.detailPath;
    return {
      payment: toPayment(payment, order),
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
            .select()
            .from(payments)
            .where(and(eq(payments.id, id), eq(payments.userId, user.id)))
            .limit(1);
    if (!row) throw notFound('支付记录');
    const order = await ctx.payables.of(row.orderType).describe(ctx.db, row.orderId, ctx.clock.now());
    return toPayment(row, order);
  }),

  route(selfOrMedicalPreSettle, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const payable = ctx.payables.of(body.orderType);
    const split = await ctx.db.transaction(async (tx) => {
      const order = await ownOrder(tx, payable, user.id, body.orderId, now, true);
      const started = (await paymentOf(tx, body.orderType, order.id)) !== null;
      return payable.preSettle(tx, order.id, body.mode, now, started);
    });
    return {
      total: yuanText(split.totalFen),
      insurancePays: yuanText(split.insuranceFen),
      selfPays: yuanText(split.selfFen),
    };
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
    const applied = await applyPaymentNotice(
      ctx,
      known,
      { provider: 'sandbox', amountFen: notice.amountFen },
      ctx.log,
    );
    ctx.log.info({ paymentId: known.id, applied }, 'payment notification');
    return { applied };
  }),
];
