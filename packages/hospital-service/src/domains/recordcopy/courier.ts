import type { TrackingState } from '@patient/contract';
import { HOUR } from '../../platform/clock.ts';

/** One posted parcel as the courier knows it. */
export interface Shipment {
  trackingNo: string;
  shippedAt: Date;
  /** Where it goes: the address's province, city and county. */
  region: string[];
}

export interface TrackingEvent {
  at: Date;
  text: string;
}

/**
 * The courier company that posts the hospital's copies: a tracking number for a new parcel, and its journey
 * so far (newest first) as of `now`.
 */
export interface Courier {
  readonly company: string;
  trackingNoFor(orderId: number, shippedAt: Date): string;
  track(shipment: Shipment, now: Date): { state: TrackingState; events: TrackingEvent[] };
}

/** The simulated courier (no outside system): each parcel follows the same timeline from when it was posted. */
export class SimulatedCourier implements Courier {
  readonly simulated = true;
  readonly company = '顺丰速运';

  trackingNoFor(orderId: number, shippedAt: Date): string {
    return `SF${String(shippedAt.getTime()).slice(-7)}${String(orderId).padStart(6, '0')}`;
  }

  track(shipment: Shipment, now: Date) {
    const [province, city = '', county = ''] = shipment.region;
    const steps: [afterHours: number, text: string][] = [
      [0, '【医院病案室】顺丰速运已收取快件'],
      [3, '快件已发出，正在发往分拣中心'],
      [10, '快件已到达【转运中心】，正在分拣'],
      [20, `快件已到达【${province}${city}集散中心】`],
      [26, `快件已到达【${county}营业点】，快递员正在派送，请保持电话畅通`],
      [30, '快件已签收，签收人：本人。感谢使用顺丰速运，期待再次为您服务'],
    ];
    const elapsed = now.getTime() - shipment.shippedAt.getTime();
    const happened = steps.filter(([h]) => h * HOUR <= elapsed);
    const last = happened.length - 1;
    const state: TrackingState = last >= 5 ? 'SIGNED' : last >= 4 ? 'DELIVERING' : 'IN_TRANSIT';
    return {
      state,
      events: happened
        .map(([h, text]) => ({ at: new Date(shipment.shippedAt.getTime() + h * HOUR), text }))
        .reverse(),
    };
  }
}
