import type { Courier } from './courier.ts';
import type { RecordCopyHis } from './his.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The courier that posts record copies (default: kuaidi100 when KUAIDI100_* are set, else SimulatedCourier). */
    courier: Courier;
    /** The HIS's stays whose medical records can be copied (default: SimulatedRecordCopyHis). */
    recordCopyHis: RecordCopyHis;
  }
}
