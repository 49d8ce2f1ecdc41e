import type { Courier } from './courier.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The courier that posts record copies (default: kuaidi100 when KUAIDI100_* are set, else SimulatedCourier). */
    courier: Courier;
  }
}
