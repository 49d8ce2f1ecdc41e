/** Payments: one payment per order of any paying domain, through the payment providers. */
export {
  closePendingPayments,
  type PaymentRow,
  paymentOf,
  refundPaidPayment,
  yuanText,
} from './ledger.ts';
export type { PaidOutcome, Payable, PayableOrder, Settlement } from './payable.ts';
export { Payables } from './payable.ts';
export * from './tables.ts';
