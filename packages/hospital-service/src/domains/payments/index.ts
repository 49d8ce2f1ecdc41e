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
