import type { CheckupHis } from './his.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The HIS's examination requests and the places taken per time slot (default: SimulatedCheckupHis). */
    checkupHis: CheckupHis;
  }
}
