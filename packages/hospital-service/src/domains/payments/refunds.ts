import { formatYuan } from '@patient/validation';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MINUTE } from '../../platform/clock.ts';
import { transactionNow } from '../../platform/database/now.ts';
import type { AppDeps } from '../../platform/http/context.ts';
import { businessError } from '../../platform/http/errors.ts';
import { reverseSettlement } from '../insurance/index.ts';
import { notify } from '../notifications/index.ts';
import { PaymentProviderError, type RefundResult } from './providers/provider.ts';
import { payments, refunds } from './tables.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payables' | 'paymentProviders' | 'insuranceCentre'>;

/** How long an accepted refund waits for its notification before the payments-sweep job asks the provider. */
export const REFUND_QUERY_AFTER_MS = MINUTE;

/** Refunds one sweep looks at. */
const SWEEP_BATCH = 50;

/** The refund, its payment and the provider that took the money. */
async function refundWithPayment(deps: Deps, where: ReturnType<typeof eq>) {
  const [row] = await deps.db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(where)
    .limit(1);
  if (!row) return null;
  // Payments confirmed before providers were recorded came through the sandbox notification.
  const provider = deps.paymentProviders.byName(row.payment.provider ?? 'sandbox');
  return { ...row, provider };
}

/**
 * Applies the provider's word on a refund, once: SUCCESS finishes it (refund SUCCESS, payment REFUNDED, the
 * order's domain told); CLOSED and ABNORMAL mark it FAILED (the money did not go back: the hospital acts, the
 * patient still reads 退款中); PROCESSING notes that the provider has it. Returns whether the refund finished.
 */
export async function applyRefundResult(deps: Deps, result: RefundResult): Promise<boolean> {
  const found = await refundWithPayment(deps, eq(refunds.refundNo, result.refundNo));
  if (!found) throw businessError(404, '退款记录不存在', '没有这个退款单号');
  if (result.amountFen !== found.refund.amount) {
    throw businessError(400, '退款金额不一致', '退款金额与退款申请不一致，已拒绝');
  }
  const payable = deps.payables.of(found.payment.orderType);
  return deps.db.transaction(async (tx) => {
    // The order's locks, then the payment, then the refund.
    await payable.lock(tx, found.payment.orderId, deps.clock.now());
    await tx.select().from(payments).where(eq(payments.id, found.payment.id)).for('update');
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, found.refund.id)).for('update');
    if (refund.status !== 'PROCESSING') return false;
    const now = await transactionNow(tx, deps.clock);
    const seen = {
      submittedAt: refund.submittedAt ?? now,
      checkedAt: now,
      providerRefundId: result.providerRefundId ?? refund.providerRefundId,
    };
    if (result.state === 'PROCESSING') {
      await tx.update(refunds).set(seen).where(eq(refunds.id, refund.id));
      return false;
    }
    if (result.state !== 'SUCCESS') {
      await tx
        .update(refunds)
        .set({ ...seen, status: 'FAILED', finishedAt: now })
        .where(eq(refunds.id, refund.id));
      return false;
    }
    const refundedAt = result.refundedAt ?? now;
    await tx
      .update(refunds)
      .set({ ...seen, status: 'SUCCESS', finishedAt: refundedAt })
      .where(eq(refunds.id, refund.id));
    await tx
      .update(payments)
      .set({ status: 'REFUNDED', refundedAt })
      .where(eq(payments.id, found.payment.id));
    // The insurance part of the order's split goes back with its cash part.
    await reverseSettlement(tx, deps.insuranceCentre, payable.orderType, found.payment.orderId, now);
    await payable.refunded(tx, found.payment.orderId, refundedAt);
    const order = await payable.describe(tx, found.payment.orderId, now);
    if (order && refund.amount > 0) {
      await notify(tx, {
        userId: order.userId,
        hospitalId: order.hospitalId,
        contactId: order.contactId,
        kind: 'REFUND',
        title: '退款成功',
        body: [
          `${order.description}的退款 ${formatYuan(refund.amount)} 已原路退回。`,
          '到账时间以支付渠道为准，一般为1至3个工作日。',
        ],
        link: order.detailPath,
        at: refundedAt,
      });
    }
    return true;
  });
}

/**
 * Asks the provider for a refund recorded by requestRefund (after its transaction committed). The refund
 * number makes a repeated request harmless. A provider that cannot be reached leaves it to the payments-sweep job.
 */
export async function submitRefund(deps: Deps, refundId: number, log: FastifyBaseLogger): Promise<void> {
  const found = await refundWithPayment(deps, eq(refunds.id, refundId));
  if (found?.refund.status !== 'PROCESSING') return;
  const { refund, payment, provider } = found;
  // Nothing was collected, so nothing goes back through a provider (insurance's part is reversed on success).
  if (refund.amount === 0) {
    await applyRefundResult(deps, {
      refundNo: refund.refundNo,
      state: 'SUCCESS',
      amountFen: 0,
      refundedAt: deps.clock.now(),
    });
    return;
  }
  if (!provider) {
    log.error({ refundId, provider: payment.provider }, 'refund: the payment provider is not configured');
    return;
  }
  try {
    const result = await provider.refund({
      tradeNo: payment.tradeNo,
      refundNo: refund.refundNo,
      amountFen: refund.amount,
      totalFen: payment.amount,
      reason: refund.reason,
    });
    await applyRefundResult(deps, result);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log.warn(
      { refundId, provider: provider.name, code: err.code, detail: err.detail },
      'refund not accepted',
    );
  }
}

/**
 * The payments-sweep job's part: refunds the provider never accepted are submitted again; accepted ones whose
 * notification is late are queried. Returns how many finished.
 */
export async function sweepRefunds(deps: Deps, log: FastifyBaseLogger): Promise<number> {
  const queryBefore = new Date(deps.clock.now().getTime() - REFUND_QUERY_AFTER_MS);
  const open = await deps.db
    .select({ id: refunds.id, refundNo: refunds.refundNo, submittedAt: refunds.submittedAt })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'PROCESSING'),
        or(isNull(refunds.submittedAt), isNull(refunds.checkedAt), lte(refunds.checkedAt, queryBefore)),
      ),
    )
    .orderBy(refunds.id)
    .limit(SWEEP_BATCH);
  let finished = 0;
  for (const row of open) {
    if (row.submittedAt === null) {
      await submitRefund(deps, row.id, log);
      continue;
    }
    const found = await refundWithPayment(deps, eq(refunds.id, row.id));
    if (!found?.provider) continue;
    try {
      const result = await found.provider.queryRefund(row.refundNo, found.payment.tradeNo);
      if (await applyRefundResult(deps, result)) finished++;
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      log.warn({ refundId: row.id, code: err.code, detail: err.detail }, 'refund query failed');
    }
  }
  return finished;
}
