import type { Courier } from './courier.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The courier that posts record copies (default: SimulatedCourier). */
    courier: Courier;
  }
}
