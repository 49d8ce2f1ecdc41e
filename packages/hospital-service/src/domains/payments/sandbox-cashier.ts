import { toCapitalAmount } from '@patient/validation';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseId } from '../../platform/database/ids.ts';
import type { AppDeps } from '../../platform/http/context.ts';
import {
  escapeHtml,
  htmlPage,
  isSafeReturnPath,
  pageUserId,
  sendHtml,
} from '../../platform/http/html-page.ts';
import { isSameOriginForm } from '../../platform/http/origin.ts';
import { hospitals } from '../hospitals/index.ts';
import type { PaymentRow } from './ledger.ts';
import { fenToYuan } from './providers/provider.ts';
import { applyRefundResult } from './refunds.ts';
import { notificationOf, SANDBOX_PROVIDER, toPayment, withPaymentId } from './routes.ts';
import { sandboxBook } from './sandbox-book.ts';
import { payments, refunds } from './tables.ts';

/**
 * The sandbox cashier: the payment provider's page for development and the browser tests (the real
 * gateways lie outside the product). Never mounted in production. Paying makes the service send itself the
 * signed payment notification, exactly as a provider would, then returns to the app (303) with ?paymentId=….
 */
export const CASHIER_PREFIX = '/hospital-service/sandbox/cashier';

/** The sandbox refund desk: the logged-in user's refunds the sandbox has not paid back yet (`?returnPath=`). */
export const REFUND_DESK = '/hospital-service/sandbox/refunds';

const STATUS_TEXT: Record<string, string> = {
  PENDING: '待支付',
  PAID: '已支付',
  CLOSED: '已关闭（订单已取消或超时）',
  REFUNDED: '已退款',
};

const message = (reply: FastifyReply, status: number, text: string) =>
  sendHtml(reply, status, htmlPage('收银台', `<div class="card"><p>${escapeHtml(text)}</p></div>`));

/** The logged-in user's payment with its order and what was bought, or null. */
async function ownPayment(deps: AppDeps, request: FastifyRequest, paymentId: string) {
  const userId = await pageUserId(deps, request);
  const id = parseId(paymentId);
  if (userId === null || id === null) return null;
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)))
    .limit(1);
  if (!row) return null;
  const order = await deps.payables.of(row.orderType).describe(deps.db, row.orderId, deps.clock.now());
  if (!order) return null;
  const [hospital] = await deps.db
    .select({ name: hospitals.name })
    .from(hospitals)
    .where(eq(hospitals.id, order.hospitalId));
  return { payment: row, order, hospital: hospital?.name ?? '' };
}

/**
 * The sandbox collects a pending sandbox payment, under the locks a provider notification takes (the order's,
 * then the payment row FOR UPDATE): its books get the trade number's one collection, however many times the
 * patient confirms at once. Returns the payment to notify about, or null when there is nothing to collect
 * (paid, closed, or handed to another provider since).
 */
async function collect(deps: AppDeps, known: PaymentRow): Promise<PaymentRow | null> {
  const payable = deps.payables.of(known.orderType);
  return deps.db.transaction(async (tx) => {
    await payable.lock(tx, known.orderId, deps.clock.now());
    const [payment] = await tx.select().from(payments).where(eq(payments.id, known.id)).for('update');
    if (payment.status !== 'PENDING' || payment.provider !== SANDBOX_PROVIDER) return null;
    await sandboxBook(tx, deps.clock).record({
      type: 'pay',
      tradeNo: payment.tradeNo,
      amountFen: payment.amount,
    });
    return payment;
  });
}

function returnPathOf(query: unknown): string | null {
  const value = (query as Record<string, unknown> | undefined)?.returnPath;
  const path = typeof value === 'string' && value !== '' ? value : '/';
  return isSafeReturnPath(path) ? path : null;
}

export function registerSandboxCashier(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (cashier) => {
    // The confirm button posts an HTML form; only these routes read form bodies.
    cashier.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    cashier.get<{ Params: { paymentId: string } }>(`${CASHIER_PREFIX}/:paymentId`, async (request, reply) => {
      const returnPath = returnPathOf(request.query);
      if (!returnPath) return message(reply, 400, '返回地址不正确，请从预约页面重新发起支付。');
      const found = await ownPayment(deps, request, request.params.paymentId);
      if (!found) return message(reply, 404, '支付记录不存在，请登录后从预约页面重新发起支付。');
      const payment = toPayment(found.payment, found.order);
      const paymentId = payment.paymentId;
      const back = withPaymentId(returnPath, paymentId);
      const q = `?returnPath=${encodeURIComponent(returnPath)}`;
      const rows: [string, string][] = [
        ['收款方', found.hospital],
        ...found.order.facts,
        ['交易号', found.payment.tradeNo],
        ['状态', STATUS_TEXT[payment.status] ?? payment.status],
      ];
      const open = payment.status === 'PENDING' && found.payment.provider === SANDBOX_PROVIDER;
      const actions = open
        ? `<form method="post" action="${escapeHtml(`${CASHIER_PREFIX}/${paymentId}/confirm${q}`)}">
<button type="submit">确认支付</button>
</form>
<a href="${escapeHtml(`${CASHIER_PREFIX}/${paymentId}/cancel${q}`)}">取消支付</a>`
        : `<a href="${escapeHtml(back)}">返回</a>`;
      const amount = fenToYuan(found.payment.amount);
      return sendHtml(
        reply,
        200,
        htmlPage(
          '收银台（沙箱）',
          `<div class="card">
<p class="amount">¥${escapeHtml(amount)}</p>
<p class="capital">${escapeHtml(toCapitalAmount(amount))}</p>
<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
</div>
${actions}
<p class="note">沙箱收银台，仅用于开发与测试，不会产生真实扣款。</p>`,
        ),
      );
    });

    cashier.post<{ Params: { paymentId: string } }>(
      `${CASHIER_PREFIX}/:paymentId/confirm`,
      async (request, reply) => {
        // The form cannot send the channel header; the browser must say it is this page's own form.
        if (!isSameOriginForm(request)) {
          return message(reply, 403, '该支付请求来自其他网站，已被拒绝。请回到医院应用重新发起支付。');
        }
        const returnPath = returnPathOf(request.query);
        if (!returnPath) return message(reply, 400, '返回地址不正确，请从预约页面重新发起支付。');
        const found = await ownPayment(deps, request, request.params.paymentId);
        if (!found) return message(reply, 404, '支付记录不存在，请登录后从预约页面重新发起支付。');
        const collected = await collect(deps, found.payment);
        if (collected) {
          // The provider's server-to-server notification, signed with the server secret.
          const answer = await app.inject({
            method: 'POST',
            url: '/hospital-service/v1/pay_orders/notify',
            payload: notificationOf(deps.secret, collected),
          });
          const state = (answer.json() as { state?: number }).state;
          if (state !== 200) return message(reply, 502, '支付结果通知失败，请返回后重试。');
        }
        return reply.redirect(withPaymentId(returnPath, String(found.payment.id)), 303);
      },
    );

    // The sandbox's refund desk: what a provider does in its own time (pays a refund back), done at once.
    cashier.get(REFUND_DESK, async (request, reply) => {
      const returnPath = returnPathOf(request.query);
      if (!returnPath) return message(reply, 400, '返回地址不正确。');
      const userId = await pageUserId(deps, request);
      if (userId === null) return message(reply, 401, '请先登录。');
      const waiting = await deps.db
        .select({ refund: refunds, payment: payments })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(and(eq(payments.userId, userId), eq(refunds.status, 'PROCESSING')))
        .orderBy(desc(refunds.id));
      const q = `?returnPath=${encodeURIComponent(returnPath)}`;
      const cards = waiting
        .filter(({ payment }) => (payment.provider ?? 'sandbox') === 'sandbox')
        .map(
          ({ refund, payment }) => `<div class="card">
<p class="amount">¥${escapeHtml(fenToYuan(refund.amount))}</p>
<dl><dt>退款原因</dt><dd>${escapeHtml(refund.reason)}</dd><dt>交易号</dt><dd>${escapeHtml(payment.tradeNo)}</dd><dt>退款单号</dt><dd>${escapeHtml(refund.refundNo)}</dd></dl>
<form method="post" action="${escapeHtml(`${REFUND_DESK}/${refund.refundNo}/pay-back${q}`)}"><button type="submit">退款到账</button></form>
</div>`,
        );
      return sendHtml(
        reply,
        200,
        htmlPage(
          '退款处理（沙箱）',
          `${cards.join('') || '<div class="card"><p>没有处理中的退款。</p></div>'}
<a href="${escapeHtml(returnPath)}">返回</a>
<p class="note">沙箱退款台，仅用于开发与测试：真实支付渠道在数分钟到数日内原路退回。</p>`,
        ),
      );
    });

    cashier.post<{ Params: { refundNo: string } }>(
      `${REFUND_DESK}/:refundNo/pay-back`,
      async (request, reply) => {
        if (!isSameOriginForm(request)) return message(reply, 403, '该请求来自其他网站，已被拒绝。');
        const returnPath = returnPathOf(request.query);
        if (!returnPath) return message(reply, 400, '返回地址不正确。');
        const userId = await pageUserId(deps, request);
        const sandbox = deps.paymentProviders.byName('sandbox');
        const [own] =
          userId === null || !/^RF\w{1,40}$/.test(request.params.refundNo)
            ? []
            : await deps.db
                .select({ refundNo: refunds.refundNo, tradeNo: payments.tradeNo })
                .from(refunds)
                .innerJoin(payments, eq(payments.id, refunds.paymentId))
                .where(and(eq(refunds.refundNo, request.params.refundNo), eq(payments.userId, userId)));
        if (!own || !sandbox) return message(reply, 404, '退款记录不存在。');
        await sandboxBook(deps.db, deps.clock).payBackNow(own.refundNo);
        // As the sweeper would on its next round: the provider is asked and its answer applied.
        await applyRefundResult(deps, await sandbox.queryRefund(own.refundNo, own.tradeNo));
        return reply.redirect(returnPath, 303);
      },
    );

    cashier.get<{ Params: { paymentId: string } }>(
      `${CASHIER_PREFIX}/:paymentId/cancel`,
      async (request, reply) => {
        const returnPath = returnPathOf(request.query);
        if (!returnPath) return message(reply, 400, '返回地址不正确，请从预约页面重新发起支付。');
        const id = parseId(request.params.paymentId);
        if (id === null) return message(reply, 404, '支付记录不存在。');
        return reply.redirect(withPaymentId(returnPath, String(id)), 303);
      },
    );
  });
}
