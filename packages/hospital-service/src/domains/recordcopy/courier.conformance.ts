import { trackingState } from '@patient/contract';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { askOutside, OutsideSystemError } from '../../platform/outside-system.ts';
import { COURIER_SYSTEM, type Courier, CourierRefusal, type Parcel, type Shipment } from './courier.ts';

/** A courier implementation under test, and how the test moves the other side. */
export interface CourierUnderTest {
  courier: Courier;
  /** The instant the test posts its parcels at (the courier's own clock, where it has one). */
  now: () => Date;
  /** The parcel travels on until it is signed for (the clock, or the courier's own record of it). */
  deliver: (shipment: Shipment) => Promise<void>;
  /** Makes the other side fail until the test ends (an outage), when the test can. */
  breakDown?: () => void;
}

const ADDRESSEE = {
  name: '张伟',
  phone: '13800138000',
  region: ['浙江省', '台州市', '路桥区', '路桥街道'],
  detail: '银安街1号',
};

let next = 0;
/** A waybill number no other test used (SF + 13 digits). */
const waybill = () => `SF14${String(Date.now()).slice(-6)}${String(++next).padStart(5, '0')}`;

let orders = 900_000;
const parcelOf = (t: CourierUnderTest, trackingNo?: string): Parcel => ({
  orderId: ++orders,
  hospitalId: '1000',
  handedOverAt: t.now(),
  trackingNo,
  addressee: ADDRESSEE,
});

/**
 * What every {@link Courier} must do for the service: run it with `make` giving a fresh implementation (a real
 * adapter against a local server playing its company; without `breakDown`, the outage case is left out).
 */
export function courierConformance(name: string, make: () => CourierUnderTest | Promise<CourierUnderTest>) {
  describe(`Courier conformance: ${name}`, () => {
    it('has a company name the patient can read', async () => {
      const { courier } = await make();
      expect(courier.company.trim()).not.toBe('');
    });

    it('ships a parcel under the waybill number the desk gives, the same number when asked again', async () => {
      const t = await make();
      const trackingNo = waybill();
      const parcel = parcelOf(t, trackingNo);
      expect(await t.courier.ship(parcel)).toEqual({ trackingNo });
      expect(await t.courier.ship(parcel)).toEqual({ trackingNo });
    });

    it('without a number: issues one of its own, or refuses with CourierRefusal — nothing else', async () => {
      const t = await make();
      const answer = await t.courier.ship(parcelOf(t)).catch((e: unknown) => e);
      if (answer instanceof Error) expect(answer).toBeInstanceOf(CourierRefusal);
      else expect((answer as { trackingNo: string }).trackingNo).toMatch(/^[A-Za-z0-9]{6,32}$/);
    });

    it('refuses a number that cannot be a waybill with CourierRefusal (askOutside lets it through)', async () => {
      const t = await make();
      for (const bad of ['12', 'SF 1234 5678', '顺丰1234567', 'x'.repeat(33)]) {
        const error = await askOutside(COURIER_SYSTEM, (signal) => t.courier.ship(parcelOf(t, bad), signal), {
          passThrough: (e) => e instanceof CourierRefusal,
        }).catch((e: unknown) => e);
        expect(error, bad).toBeInstanceOf(CourierRefusal);
        expect((error as Error).message).not.toBe('');
      }
    });

    it('tracks a parcel just handed over: on its way, events newest first, each with a time and a text', async () => {
      const t = await make();
      const { trackingNo } = await t.courier.ship(parcelOf(t, waybill()));
      const shipment = { trackingNo, shippedAt: t.now(), region: ADDRESSEE.region, phone: ADDRESSEE.phone };
      const journey = await t.courier.track(shipment);
      expect(journey.state).toBe('IN_TRANSIT');
      for (const event of journey.events) {
        expect(event.at).toBeInstanceOf(Date);
        expect(Number.isNaN(event.at.getTime())).toBe(false);
        expect(event.text.trim()).not.toBe('');
      }
    });

    it('follows the parcel until it is signed for; the newest event first', async () => {
      const t = await make();
      const { trackingNo } = await t.courier.ship(parcelOf(t, waybill()));
      const shipment = { trackingNo, shippedAt: t.now(), region: ADDRESSEE.region, phone: ADDRESSEE.phone };
      await t.deliver(shipment);
      const journey = await t.courier.track(shipment);
      expect(z.safeParse(trackingState, journey.state).success).toBe(true);
      expect(journey.state).toBe('SIGNED');
      expect(journey.events.length).toBeGreaterThan(1);
      const times = journey.events.map((e) => e.at.getTime());
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(journey.events[0].text).toContain('签收');
    });

    it('an outage is an error askOutside turns into 503 naming the courier (never a refusal)', async () => {
      const t = await make();
      if (!t.breakDown) return;
      const { trackingNo } = await t.courier.ship(parcelOf(t, waybill()));
      t.breakDown();
      const shipment = { trackingNo, shippedAt: t.now(), region: ADDRESSEE.region, phone: ADDRESSEE.phone };
      const error = await askOutside(COURIER_SYSTEM, (signal) => t.courier.track(shipment, signal), {
        passThrough: (e) => e instanceof CourierRefusal,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutsideSystemError);
      expect((error as OutsideSystemError).envelope).toMatchObject({ state: 503, msg: '快递公司暂不可用' });
    });
  });
}
