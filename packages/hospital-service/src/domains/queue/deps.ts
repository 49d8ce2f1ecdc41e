import type { QueueHis } from './his.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The queue calling system: queue states, sign-ins, today's prescriptions (default: SimulatedQueueHis). */
    queueHis: QueueHis;
  }
}
