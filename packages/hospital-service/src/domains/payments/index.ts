/** Payments: one payment per order of any paying domain, through the payment providers. */
import './deps.ts';

export { blockersOfDeletion, erasePersonalData } from './erasure.ts';
export {
  closePendingPayments,
  type PaymentRow,
  paidPaymentsOf,
  paymentOf,
  requestRefund,
} from './ledger.ts';
export type { PaidOutcome, Payable, PayableOrder, Settlement } from './payable.ts';
export { Payables } from './payable.ts';
export { sweepProviderPayments } from './provider-sweep.ts';
export { applyRefundResult, submitRefund, sweepRefunds } from './refunds.ts';
export { type SandboxBook, sandboxBook } from './sandbox-book.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import { registerProviderNotifications } from './notify.ts';
import { registerPayerRoutes } from './payer-routes.ts';
import { sweepProviderPayments } from './provider-sweep.ts';
import { sweepRefunds } from './refunds.ts';
import { paymentRoutes } from './routes.ts';
import { registerSandboxCashier } from './sandbox-cashier.ts';

export { registerSandboxCashier };

import * as tables from './tables.ts';

/** Payments of every paying domain's orders (their `payables`); the providers' notifications, the sandbox cashier. */
export const paymentsModule = defineDomain({
  name: 'payments',
  tables,
  routes: () => paymentRoutes,
  http: (app, { deps }) => {
    registerProviderNotifications(app, deps);
    registerPayerRoutes(app, deps);
  },
  devRoutes: (app, { deps }) => registerSandboxCashier(app, deps),
  jobs: ({ deps }) => [
    {
      // A payment or refund the provider's notification never announced: asked of the provider.
      name: 'payments-sweep',
      cron: '* * * * *',
      run: async (log) => {
        const payments = await sweepProviderPayments(deps, log);
        const refunds = await sweepRefunds(deps, log);
        return { ...payments, refunds };
      },
    },
  ],
});
