import type { Payable, Payables } from './payable.ts';
import type { PaymentProviders } from './providers/registry.ts';

declare module '../../platform/http/context.ts' {
  interface DomainDeps {
    /** The payment providers, per hospital and channel (built at start-up). */
    paymentProviders: PaymentProviders;
    /** The paying domains, by order type (payments dispatches on `payments.order_type`). */
    payables: Payables;
  }
}

declare module '../../platform/module.ts' {
  interface DomainModule {
    /**
     * The orders it lets payments take money for (one per `payments.order_type`), gathered into `Payables`; a
     * function of the resolved ports when a payable confirms payments with an outside system.
     */
    readonly payables?: readonly Payable[] | ((ports: Ports) => readonly Payable[]);
  }
}
