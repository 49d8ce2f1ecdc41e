import type { Payables } from './payable.ts';
import type { PaymentProviders } from './providers/registry.ts';

declare module '../../platform/http/context.ts' {
  interface DomainDeps {
    /** The payment providers, per hospital and channel (built at start-up). */
    paymentProviders: PaymentProviders;
    /** The paying domains, by order type (payments dispatches on `payments.order_type`). */
    payables: Payables;
  }
}
