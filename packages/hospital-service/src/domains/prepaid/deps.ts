import type { PrepaidLedger } from './his.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The hospital's prepaid account ledger: open, credit, the hospital's spending, refund, close (default: SimulatedPrepaidLedger). */
    prepaidLedger: PrepaidLedger;
  }
}
