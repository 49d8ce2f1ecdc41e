import type { HisSettlements } from './his.ts';
import type { EInvoicePlatform } from './platform.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The HIS's settlements of a person, paid at its windows (default: SimulatedHisSettlements). */
    hisSettlements: HisSettlements;
    /** The provincial medical e-invoice platform: issue and render (default: SimulatedEInvoicePlatform). */
    eInvoicePlatform: EInvoicePlatform;
  }
}
