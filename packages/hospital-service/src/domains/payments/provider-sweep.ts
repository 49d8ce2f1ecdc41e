import { and, eq, isNull, lte, notInArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MINUTE } from '../../platform/clock.ts';
import type { AppDeps } from '../../platform/http/context.ts';
import type { PaymentRow } from './ledger.ts';
import { PaymentProviderError } from './providers/provider.ts';
import { applyPaymentNotice, NO_CHARGE, SANDBOX_PROVIDER } from './routes.ts';
import { payments } from './tables.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payables' | 'paymentProviders' | 'insuranceCentre'>;

/** How long a payment handed to a provider waits for its notification before the sweeper asks. */
export const PAYMENT_QUERY_AFTER_MS = MINUTE;

/** Payments handed to a provider outside the service (NULL is not in any list: not one of them). */
const atOutsideProvider = notInArray(payments.provider, [SANDBOX_PROVIDER, NO_CHARGE]);

/** Payments one sweep asks about, of each kind. */
const SWEEP_BATCH = 50;

/**
 * The sweeper's part for payments handed to a provider (WeChat Pay H5, Alipay wap): a pending one whose
 * notification is late is queried, and applied when the provider says it was paid; a closed one (hold ended,
 * order cancelled) is closed at the provider too, or, if it was paid there after all, applied (the order's
 * domain books it or gives the money back). Returns how many payments were applied and closed.
 */
export async function sweepProviderPayments(
  deps: Deps,
  log: FastifyBaseLogger,
): Promise<{ applied: number; closed: number }> {
  const askBefore = new Date(deps.clock.now().getTime() - PAYMENT_QUERY_AFTER_MS);
  const quiet = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'PENDING'),
        atOutsideProvider,
        lte(payments.createdAt, askBefore),
        or(isNull(payments.providerCheckedAt), lte(payments.providerCheckedAt, askBefore)),
      ),
    )
    .orderBy(payments.id)
    .limit(SWEEP_BATCH);
  const closed = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'CLOSED'), atOutsideProvider, isNull(payments.providerClosedAt)))
    .orderBy(payments.id)
    .limit(SWEEP_BATCH);

  const result = { applied: 0, closed: 0 };
  for (const row of [...quiet, ...closed]) {
    const provider = deps.paymentProviders.byName(row.provider as string);
    if (!provider) continue;
    try {
      const state = await provider.queryPayment(row.tradeNo);
      if (state.state === 'PAID' && state.amountFen !== undefined) {
        await applyPaymentNotice(deps, row, { provider: provider.name, amountFen: state.amountFen }, log);
        result.applied++;
      } else if (row.status === 'CLOSED' && state.state === 'PENDING') {
        await provider.closePayment(row.tradeNo);
        result.closed++;
      }
      await markAsked(deps, row);
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      log.warn(
        { paymentId: row.id, provider: provider.name, code: err.code, detail: err.detail },
        'payment check failed',
      );
      // Asked again a minute later, not at every sweep.
      if (row.status === 'PENDING')
        await deps.db
          .update(payments)
          .set({ providerCheckedAt: deps.clock.now() })
          .where(eq(payments.id, row.id));
    }
  }
  return result;
}

async function markAsked(deps: Deps, row: PaymentRow): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .update(payments)
    .set(
      row.status === 'CLOSED'
        ? { providerCheckedAt: now, providerClosedAt: now }
        : { providerCheckedAt: now },
    )
    .where(eq(payments.id, row.id));
}
