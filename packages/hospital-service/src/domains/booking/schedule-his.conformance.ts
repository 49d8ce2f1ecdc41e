import { describe, expect, it } from 'vitest';
import {
  type HisConfirmation,
  type HisSchedule,
  type HisSlotRef,
  hourlySlots,
  type ScheduleHis,
  ScheduleHisRefusal,
} from './schedule-his.ts';

/** A port under test: a hospital and dates on which it has open schedules, and its clock. */
export interface ScheduleHisUnderTest {
  port: ScheduleHis;
  hospitalId: string;
  dates: string[];
  now: () => Date;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

const confirmation = (orderNo: string, at: Date): HisConfirmation => ({
  orderNo,
  patient: { name: '李娜', identityCard: '330102199001010027', medicalCardNo: '100012345678' },
  paidFen: 1000,
  paidAt: at,
});

/** The open slots of the listing with their free places, fewest first. */
function openSlots(list: HisSchedule[]): { slot: HisSlotRef; free: number }[] {
  return list
    .filter((s) => s.state === 'OPEN')
    .flatMap((s) =>
      (s.slots ?? hourlySlots(s)).map((slot) => ({
        slot: {
          hospitalId: s.hospitalId,
          departmentCode: s.departmentCode,
          doctorCode: s.doctorCode,
          date: s.date,
          period: s.period,
          startTime: slot.startTime,
          endTime: slot.endTime,
        },
        free: slot.capacity - slot.taken,
      })),
    )
    .filter((x) => x.free > 0)
    .sort((a, b) => a.free - b.free);
}

let orderSeq = 0;
/** A new order number (a port instance may outlive one test). */
const orderNo = () => `T${Date.now()}${String(++orderSeq).padStart(4, '0')}`;

/**
 * What every {@link ScheduleHis} must do for the service: run it with `make` giving a fresh implementation (a
 * real adapter against its local counterpart).
 */
export function scheduleHisConformance(name: string, make: () => ScheduleHisUnderTest): void {
  describe(`ScheduleHis conformance: ${name}`, () => {
    async function setUp() {
      const under = make();
      const list = await under.port.schedules({ hospitalId: under.hospitalId, dates: under.dates });
      const open = openSlots(list);
      if (open.length === 0) throw new Error('no open slot to test with');
      const until = new Date(under.now().getTime() + 10 * 60_000);
      return { ...under, list, open, until };
    }

    it('lists the schedules of the dates in the HIS codes, with their places', async () => {
      const { port, hospitalId, dates, list } = await setUp();
      expect(list.length).toBeGreaterThan(0);
      for (const s of list) {
        expect(s.hospitalId).toBe(hospitalId);
        expect(dates).toContain(s.date);
        expect(['MORNING', 'AFTERNOON']).toContain(s.period);
        expect(s.startTime).toMatch(HHMM);
        expect(s.endTime).toMatch(HHMM);
        expect(Number.isInteger(s.fee) && s.fee >= 0).toBe(true);
        expect(s.remaining).toBeGreaterThanOrEqual(0);
        expect(s.remaining).toBeLessThanOrEqual(s.places);
      }
      // One department's (and one doctor's) only, when asked so.
      const department = list[0].departmentCode;
      const own = await port.schedules({ hospitalId, dates, departmentCode: department });
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((s) => s.departmentCode === department)).toBe(true);
      const doctor = list.find((s) => s.doctorCode !== null)?.doctorCode;
      if (doctor) {
        const theirs = await port.schedules({ hospitalId, dates, doctorCode: doctor });
        expect(theirs.every((s) => s.doctorCode === doctor)).toBe(true);
      }
    });

    it('holds a place until at most the time asked, then confirms it (idempotently)', async () => {
      const { port, open, until, now } = await setUp();
      const no = orderNo();
      const hold = await port.hold({ orderNo: no, slot: open[open.length - 1].slot, until, patient: null });
      expect(hold.holdRef).toMatch(/^[A-Za-z0-9_.:-]{1,128}$/);
      expect(hold.expiresAt.getTime()).toBeGreaterThan(now().getTime());
      expect(hold.expiresAt.getTime()).toBeLessThanOrEqual(until.getTime());
      const confirmed = await port.confirm(hold.holdRef, confirmation(no, now()));
      expect(await port.confirm(hold.holdRef, confirmation(no, now()))).toEqual(confirmed);
    });

    it('is idempotent by order number: holding twice answers the same hold', async () => {
      const { port, open, until } = await setUp();
      const no = orderNo();
      const slot = open[open.length - 1].slot;
      const first = await port.hold({ orderNo: no, slot, until, patient: null });
      const second = await port.hold({ orderNo: no, slot, until, patient: null });
      expect(second.holdRef).toBe(first.holdRef);
      const other = await port.hold({ orderNo: orderNo(), slot, until, patient: null });
      expect(other.holdRef).not.toBe(first.holdRef);
    });

    it('refuses a full slot with its own error (full); a release frees the place for the next hold', async () => {
      const { port, open, until } = await setUp();
      const { slot, free } = open[0];
      const holds = [];
      for (let i = 0; i < free; i++)
        holds.push(await port.hold({ orderNo: orderNo(), slot, until, patient: null }));
      const refused = await port
        .hold({ orderNo: orderNo(), slot, until, patient: null })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ScheduleHisRefusal);
      expect((refused as ScheduleHisRefusal).full).toBe(true);
      await port.release(holds[0].holdRef);
      await expect(port.hold({ orderNo: orderNo(), slot, until, patient: null })).resolves.toMatchObject({
        holdRef: expect.any(String),
      });
    });

    it('release is idempotent, and an unknown hold is no error', async () => {
      const { port, open, until } = await setUp();
      const hold = await port.hold({ orderNo: orderNo(), slot: open[0].slot, until, patient: null });
      await port.release(hold.holdRef);
      await port.release(hold.holdRef);
      await port.release('NO-SUCH-HOLD');
    });

    it('refuses to confirm a hold it does not know (or of another order)', async () => {
      const { port, open, until, now } = await setUp();
      const no = orderNo();
      const hold = await port.hold({ orderNo: no, slot: open[0].slot, until, patient: null });
      await expect(port.confirm('NO-SUCH-HOLD', confirmation(no, now()))).rejects.toBeInstanceOf(
        ScheduleHisRefusal,
      );
      await expect(port.confirm(hold.holdRef, confirmation(orderNo(), now()))).rejects.toBeInstanceOf(
        ScheduleHisRefusal,
      );
    });
  });
}
