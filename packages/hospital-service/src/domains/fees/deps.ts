import type { BillingHis } from './his.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The hospital's billing system: outpatient orders, stays, day charges, payment confirmations (default: SimulatedBillingHis). */
    billingHis: BillingHis;
  }
}
