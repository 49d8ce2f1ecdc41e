import { randomInt } from 'node:crypto';
import {
  getPayment,
  getSettlement,
  type PayChannel,
  type Payment,
  payChannel,
  payChannels,
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
import { isSafeReturnPath } from '../../platform/http/html-page.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { confirmSettlement, dropPreSettlement, preSettleOrder } from '../insurance/index.ts';
import { type PaymentRow, paymentOf, requestRefund } from './ledger.ts';
import type { Payable, PayableOrder, Settlement } from './payable.ts';
import { payerAuthorizePath, payerOf } from './payer-routes.ts';
import type { PayerAuth } from './providers/payer-auth.ts';
import {
  type ClientPayment,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderNotification,
} from './providers/provider.ts';
import { NOTIFY_PREFIX, PROVIDER_CHANNEL } from './providers/registry.ts';
import { signSandboxNotification } from './providers/sandbox.ts';
import { submitRefund } from './refunds.ts';
import { payments } from './tables.ts';

/** HMAC-SHA256 (hex) over `paymentId|tradeNo|amount` (fen): the sandbox provider's signature. */
export const signNotification = signSandboxNotification;

/** The notification the provider sends once the patient has paid (the sandbox cashier sends it). */
export function notificationOf(secret: Buffer, payment: PaymentRow) {
  const paymentId = String(payment.id);
  return {
    paymentId,
    tradeNo: payment.tradeNo,
    amount: payment.amount,
    signature: signSandboxNotification(secret, paymentId, payment.tradeNo, payment.amount),
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
    amount: row.amount,
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

/** The cashier of the sandbox channel (see sandbox.ts). */
export const cashierUrl = (paymentId: string, returnPath: string): string =>
  `/hospital-service/sandbox/cashier/${paymentId}?returnPath=${encodeURIComponent(returnPath)}`;

/**
 * Applies a payment the provider confirmed (order and payment locked by the caller): PAID through `provider`,
 * and the order's domain keeps it or the money goes back (a refund is requested: the id to submit).
 */
async function applyPaid(
  deps: Pick<AppDeps, 'insuranceCentre'>,
  tx: DbOrTx,
  payable: Payable,
  payment: PaymentRow,
  provider: string,
  now: Date,
): Promise<number | null> {
  await tx.update(payments).set({ status: 'PAID', paidAt: now, provider }).where(eq(payments.id, payment.id));
  // The cash part is paid: the insurance part of a MEDICAL split is charged at the centre (it goes back with
  // the refund, see refunds.ts); if the centre refuses, the order cannot keep the money either.
  const refusal = await confirmSettlement(tx, deps.insuranceCentre, payable.orderType, payment.orderId, now);
  const outcome = await payable.paid(tx, payment.orderId, now, refusal ?? undefined);
  return outcome.kept ? null : requestRefund(tx, payable.orderType, payment.orderId, outcome.reason, now);
}

/** The payment of our trade number, or null. */
export async function paymentOfTrade(db: DbOrTx, tradeNo: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.tradeNo, tradeNo)).limit(1);
  return row ?? null;
}

/**
 * Applies a verified payment notification for `known` once: a wrong amount, or a provider other than the one
 * the payment was started with (checked on the locked row), is refused (400) and changes nothing; a payment
 * already PAID or REFUNDED is left alone (false).
 */
export async function applyPaymentNotice(
  deps: Pick<AppDeps, 'db' | 'clock' | 'payables' | 'paymentProviders' | 'insuranceCentre'>,
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
    if (payment.provider !== notice.provider) {
      throw businessError(400, '支付渠道不一致', '该笔支付不是通过此支付渠道发起的，已拒绝');
    }
    if (payment.status !== 'PENDING' && payment.status !== 'CLOSED') return null;
    const now = await transactionNow(tx, deps.clock);
    return { refundId: await applyPaid(deps, tx, payable, payment, notice.provider, now) };
  });
  if (applied?.refundId) await submitRefund(deps, applied.refundId, log);
  return applied !== null;
}

const channelClosed = () =>
  businessError(400, '该支付方式未开通', '医院尚未开通该支付方式，请换一种支付方式，或到医院窗口缴费');

/** `path` with `paymentId` added to its query. */
export const withPaymentId = (path: string, paymentId: string): string =>
  `${path}${path.includes('?') ? '&' : '?'}paymentId=${encodeURIComponent(paymentId)}`;

/**
 * Closes a pending payment at the provider it was handed to, before the patient pays on another channel. If
 * the provider says it was paid meanwhile, that payment is applied (the start then answers PAID); if the
 * provider cannot be asked, the patient tries again later.
 */
async function retireAtProvider(ctx: RequestContext, payment: PaymentRow): Promise<void> {
  const provider = payment.provider ? ctx.paymentProviders.byName(payment.provider) : null;
  const later = () => conflict('请稍后再试', '上一笔支付正在确认中，请稍后再试');
  if (!provider) throw later();
  try {
    const state = await provider.queryPayment(payment.tradeNo);
    if (state.state === 'PAID' && state.amountFen !== undefined) {
      await applyPaymentNotice(
        ctx,
        payment,
        { provider: provider.name, amountFen: state.amountFen },
        ctx.log,
      );
      return;
    }
    if (state.state === 'PENDING') await provider.closePayment(payment.tradeNo);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    ctx.log.warn({ paymentId: payment.id, code: err.code, detail: err.detail }, 'payment not closed');
    throw later();
  }
}

/**
 * A split as the contract answers it. `paid` only while the order's payment stands PAID: a charge whose money
 * is going back (REFUNDING) or went back (REFUNDED) is not paid.
 */
export const settlementResult = (
  order: Pick<PayableOrder, 'description' | 'detailPath'>,
  split: Settlement,
  payment: Pick<PaymentRow, 'status'> | null,
) => ({
  mode: split.mode,
  total: split.totalFen,
  insurancePays: split.fundFen + split.accountFen,
  fundPays: split.fundFen,
  accountPays: split.accountFen,
  selfPays: split.cashFen,
  paid: payment?.status === 'PAID',
  description: order.description,
  detailPath: order.detailPath,
});

/** The channels where the provider's own JSAPI pay sheet takes the payment; the payer must be known. */
const JSAPI = new Set<PayChannel>(['WECHAT_JSAPI', 'ALIPAY_TRADE']);

/** Whether `provider` can take `channel`: its notifications need PUBLIC_BASE_URL, JSAPI also the payer's identity. */
function isOpen(ctx: Pick<AppDeps, 'paymentProviders'>, provider: PaymentProvider, channel: PayChannel) {
  if (provider.kind === 'sandbox') return true;
  if (!ctx.paymentProviders.publicBaseUrl) return false;
  return !JSAPI.has(channel) || provider.payerAuth !== undefined;
}

/** The channels js_pay takes for the hospital: those with a provider able to take them. */
export function openChannels(ctx: Pick<AppDeps, 'paymentProviders'>, hospitalId: string): PayChannel[] {
  return payChannel.options.filter((channel) => {
    const provider = ctx.paymentProviders.forChannel(hospitalId, channel);
    return provider !== null && isOpen(ctx, provider, channel);
  });
}

/** `payments.provider` of an order that had nothing to collect (its cash part was 0). */
export const NO_CHARGE = 'none';

/** `payments.provider` of a payment started on the sandbox cashier. */
export const SANDBOX_PROVIDER = 'sandbox';

/** Whether the payment was handed to a provider outside the service (not the sandbox, not a free order). */
export const isAtOutsideProvider = (row: Pick<PaymentRow, 'provider'>): boolean =>
  row.provider !== null && row.provider !== SANDBOX_PROVIDER && row.provider !== NO_CHARGE;

/** js_pay's answer with nothing to pay with. */
const NOTHING = { wechat: null, alipay: null, sandbox: null, redirect: null, authorize: null };

export const paymentRoutes = [
  route(payChannels, async ({ query }, ctx) => {
    await requireHospital(ctx.db, query.hospitalId);
    return { channels: openChannels(ctx, query.hospitalId) };
  }),

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
    const seen = await ownOrder(ctx.db, payable, user.id, body.orderId, now, false);
    // Nothing left to charge (insurance pays it all): no channel, no provider; it is confirmed below.
    const nothingToCharge = seen.amountFen === 0;
    // Every channel but the sandbox goes through a provider adapter (the hospital's), or not at all; a paid
    // order is answered below whatever the channel.
    const provider =
      body.channel === 'SANDBOX' || nothingToCharge
        ? null
        : ctx.paymentProviders.forChannel(seen.hospitalId, body.channel);
    const mayPay = seen.payability !== 'PAID' && !nothingToCharge;
    if (mayPay && body.channel !== 'SANDBOX' && !(provider && isOpen(ctx, provider, body.channel))) {
      throw channelClosed();
    }
    const returnPath = body.returnPath ?? null;
    // Every payment records the provider it is started with: only that provider's notification confirms it.
    const providerName = nothingToCharge
      ? NO_CHARGE
      : body.channel === 'SANDBOX'
        ? SANDBOX_PROVIDER
        : (provider?.name ?? null);

    // JSAPI names the payer: unknown yet, the patient is first sent through the provider's silent authorisation.
    let payerId: string | undefined;
    if (mayPay && provider && JSAPI.has(body.channel)) {
      const auth = provider.payerAuth as PayerAuth;
      if (body.appId && body.appId !== auth.appId) throw inputError('appId', 'appId 与医院的支付配置不一致');
      payerId = (await payerOf(ctx.db, user.id, provider.name, auth.appId)) ?? undefined;
      if (!payerId) {
        const back = body.resumePath ?? returnPath ?? '/';
        return { ...NOTHING, payment: null, authorize: { url: payerAuthorizePath(provider.name, back) } };
      }
    }

    // A payment already handed to a provider on another channel is closed there first (its trade number is
    // then spent: the new channel gets a new one). Closed means it can no longer be paid there.
    const before = await paymentOf(ctx.db, body.orderType, parseId(body.orderId) ?? 0);
    if (
      before?.status === 'PENDING' &&
      isAtOutsideProvider(before) &&
      before.channel !== body.channel &&
      before.userId === user.id
    ) {
      await retireAtProvider(ctx, before);
    }

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
        if (isAtOutsideProvider(existing) && existing.tradeNo !== before?.tradeNo) {
          throw conflict('支付状态已变化', '该订单的支付状态已变化，请刷新后重试');
        }
        const [updated] = await tx
          .update(payments)
          .set({
            channel: body.channel,
            provider: providerName,
            ...(isAtOutsideProvider(existing) ? { tradeNo: newTradeNo(now) } : {}),
          })
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
          provider: providerName,
          createdAt: now,
        })
        .returning();
      return { order, payment: created };
    });
    if (payment.status === 'PENDING' && payment.amount === 0) {
      // Nothing to collect: confirmed at once (the order's domain keeps it, insurance settles its part).
      await applyPaymentNotice(ctx, payment, { provider: NO_CHARGE, amountFen: 0 }, ctx.log);
      const [confirmed] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
      const now = ctx.clock.now();
      return { ...NOTHING, payment: toPayment(confirmed, await payable.describe(ctx.db, order.id, now)) };
    }
    if (payment.status === 'PAID') {
      // Never a second charge: nothing to pay with; the client shows the success page.
      return { ...NOTHING, payment: toPayment(payment, order) };
    }
    const back = returnPath ?? order.detailPath;
    if (!provider) {
      return {
        ...NOTHING,
        payment: toPayment(payment, order),
        sandbox: { cashierUrl: cashierUrl(String(payment.id), back) },
      };
    }
    const base = ctx.paymentProviders.publicBaseUrl as string;
    let client: ClientPayment;
    try {
      client = await provider.createPayment({
        channel: PROVIDER_CHANNEL[body.channel],
        tradeNo: payment.tradeNo,
        amountFen: payment.amount,
        description: order.description,
        notifyUrl: `${base}${NOTIFY_PREFIX}/${provider.name}`,
        returnUrl: `${base}${withPaymentId(back, String(payment.id))}`,
        clientIp: ctx.request.ip,
        payerId,
        expiresAt: order.holdEndsAt ?? undefined,
      });
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      ctx.log.warn(
        { paymentId: payment.id, provider: provider.name, code: err.code, detail: err.detail },
        'payment not created',
      );
      throw businessError(503, '支付渠道暂不可用', err.message);
    }
    const answer = { ...NOTHING, payment: toPayment(payment, order) };
    switch (client.kind) {
      case 'wechat-jsapi':
        return { ...answer, wechat: client.params };
      case 'alipay-jsapi':
        return { ...answer, alipay: { tradeNo: client.providerTradeId } };
      case 'wechat-h5':
        return { ...answer, redirect: { url: client.h5Url } };
      case 'alipay-wap':
        return { ...answer, redirect: { url: client.url } };
      default:
        throw new Error(`${provider.name} answered ${client.kind} for ${body.channel}`);
    }
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

  route(getSettlement, async ({ query }, ctx) => {
    const order = await ownOrder(
      ctx.db,
      ctx.payables.of(query.orderType),
      userOf(ctx).id,
      query.orderId,
      ctx.clock.now(),
      false,
    );
    const payment = await paymentOf(ctx.db, query.orderType, order.id);
    return settlementResult(order, order.settlement, payment);
  }),

  route(selfOrMedicalPreSettle, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const payable = ctx.payables.of(body.orderType);
    if (body.mode === 'MEDICAL' && !body.payAuthNo) {
      throw businessError(400, '请先完成医保授权', '使用医保支付前，请先授权医保电子凭证');
    }
    const { order, settlement, payment } = await ctx.db.transaction(async (tx) => {
      const order = await ownOrder(tx, payable, user.id, body.orderId, now, true);
      const payment = await paymentOf(tx, body.orderType, order.id);
      if (order.payability === 'PAID') return { order, settlement: order.settlement, payment };
      if (order.payability !== 'PAYABLE') throw order.payability;
      const kept = order.settlement;
      if (payment !== null) {
        if (kept.mode === body.mode) return { order, settlement: kept, payment };
        throw conflict('已发起支付', '订单已发起支付，不能再更改结算方式');
      }
      let settlement: Settlement;
      if (body.mode === 'MEDICAL') {
        if (order.contactId === null) throw businessError(400, '不能使用医保结算', '该订单不能使用医保结算');
        const items = await payable.feeItems(tx, order.id);
        const split = await preSettleOrder(
          tx,
          ctx.insuranceCentre,
          {
            orderType: body.orderType,
            orderId: order.id,
            userId: user.id,
            hospitalId: order.hospitalId,
            contactId: order.contactId,
            items,
          },
          body.payAuthNo as string,
          now,
        );
        settlement = { mode: 'MEDICAL', ...split };
      } else {
        await dropPreSettlement(tx, body.orderType, order.id);
        settlement = {
          mode: 'SELF',
          totalFen: kept.totalFen,
          fundFen: 0,
          accountFen: 0,
          cashFen: kept.totalFen,
        };
      }
      await payable.applySettlement(tx, order.id, settlement, now);
      return { order, settlement, payment: null };
    });
    return settlementResult(order, settlement, payment);
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
      { provider: SANDBOX_PROVIDER, amountFen: notice.amountFen },
      ctx.log,
    );
    ctx.log.info({ paymentId: known.id, applied }, 'payment notification');
    return { applied };
  }),
];
