import type { TrackingState } from '@patient/contract';
import { type Clock, HOUR } from '../../platform/clock.ts';

/** What the system is called in a patient's message when it fails (askOutside). */
export const COURIER_SYSTEM = '快递公司';

/** A parcel the record room hands to the courier. */
export interface Parcel {
  orderId: number;
  hospitalId: string;
  handedOverAt: Date;
  /**
   * The number on the waybill the hospital's dispatch desk printed from its courier account, when it has one;
   * a courier that issues numbers itself may go without (the simulated one does).
   */
  trackingNo?: string;
  addressee: { name: string; phone: string; region: string[]; detail: string };
}

/** One posted parcel as the courier knows it. */
export interface Shipment {
  trackingNo: string;
  shippedAt: Date;
  /** Where it goes: the address's province, city and county (and street). */
  region: string[];
  /** The addressee's phone (some couriers check its last four digits before they answer). */
  phone: string;
}

export interface TrackingEvent {
  at: Date;
  text: string;
}

/** A parcel's journey so far, newest event first (no events: the courier has no record of it yet). */
export interface Journey {
  state: TrackingState;
  events: TrackingEvent[];
}

/**
 * The courier refused what it was asked (a tracking number it cannot take): a business answer, not an outage
 * (askOutside lets it through; the caller answers 400 with its message).
 */
export class CourierRefusal extends Error {
  override readonly name = 'CourierRefusal';
}

/**
 * The courier company that posts the hospital's record copies (port `courier`). Every call goes through
 * askOutside (a deadline; a failure changes nothing of ours) and may be aborted by `signal`.
 */
export interface Courier {
  /** The company as the patient reads it (顺丰速运). */
  readonly company: string;
  /**
   * Hands a parcel over: the tracking number it travels under. Idempotent for an order (asked again, the same
   * number). Throws {@link CourierRefusal} for a number it cannot take; any other error is an outage.
   */
  ship(parcel: Parcel, signal?: AbortSignal): Promise<{ trackingNo: string }>;
  /** The parcel's journey as the courier knows it now. Any error is an outage (the patient reads 暂时无法获取). */
  track(shipment: Shipment, signal?: AbortSignal): Promise<Journey>;
}

/** A tracking number as couriers (and kuaidi100) take it: 6–32 letters and digits. */
export const TRACKING_NO = /^[A-Za-z0-9]{6,32}$/;

/** Refuses a tracking number that cannot be one. */
export function checkTrackingNo(trackingNo: string): string {
  const number = trackingNo.trim();
  if (!TRACKING_NO.test(number)) throw new CourierRefusal('快递单号应为 6 到 32 位字母或数字');
  return number;
}

/**
 * The simulated courier (no outside system): it issues SF-style numbers itself and each parcel follows the
 * same timeline from when it was posted, by the service's clock.
 */
export class SimulatedCourier implements Courier {
  /** A simulation: production refuses to start with it (simulated-ports.ts) unless DEMO_SIMULATED_PORTS allows it. */
  readonly simulated = true;
  readonly company = '顺丰速运';
  private readonly issued = new Map<number, string>();

  constructor(private readonly clock: Pick<Clock, 'now'> = { now: () => new Date() }) {}

  async ship(parcel: Parcel): Promise<{ trackingNo: string }> {
    const known = this.issued.get(parcel.orderId);
    if (known) return { trackingNo: known };
    const trackingNo =
      parcel.trackingNo !== undefined
        ? checkTrackingNo(parcel.trackingNo)
        : `SF${String(parcel.handedOverAt.getTime()).slice(-7)}${String(parcel.orderId).padStart(6, '0')}`;
    this.issued.set(parcel.orderId, trackingNo);
    return { trackingNo };
  }

  async track(shipment: Shipment): Promise<Journey> {
    const [province, city = '', county = ''] = shipment.region;
    const steps: [afterHours: number, text: string][] = [
      [0, '【医院病案室】顺丰速运已收取快件'],
      [3, '快件已发出，正在发往分拣中心'],
      [10, '快件已到达【转运中心】，正在分拣'],
      [20, `快件已到达【${province}${city}集散中心】`],
      [26, `快件已到达【${county}营业点】，快递员正在派送，请保持电话畅通`],
      [30, '快件已签收，签收人：本人。感谢使用顺丰速运，期待再次为您服务'],
    ];
    const elapsed = this.clock.now().getTime() - shipment.shippedAt.getTime();
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
