import { describe, expect, it } from 'vitest';
import { addDays } from '../../platform/clock.ts';
import { scheduleHisConformance } from './schedule-his.conformance.ts';
import { hourlySlots, ScheduleHisRefusal, SimulatedScheduleHis } from './schedule-his.ts';
import { planSchedules, type ScheduleCatalogue } from './schedule-roll.ts';

const TODAY = '2026-03-02';
const CATALOGUE: ScheduleCatalogue = {
  hospitalId: '1000',
  vip: true,
  clinics: [
    { code: 'NK01', parentName: '内科' },
    { code: 'JZ01', parentName: '急诊医学科' },
  ],
  doctors: [
    { code: 'D001', departmentCode: 'NK01', title: '主任医师' },
    { code: 'D002', departmentCode: 'NK01', title: '主治医师' },
  ],
};

function simulated(at: { now: Date }) {
  return new SimulatedScheduleHis(
    async (hospitalId, dates) =>
      hospitalId === CATALOGUE.hospitalId ? planSchedules(CATALOGUE, dates, TODAY) : [],
    () => at.now,
  );
}

scheduleHisConformance('SimulatedScheduleHis', () => {
  const at = { now: new Date('2026-03-02T01:00:00Z') };
  return {
    port: simulated(at),
    hospitalId: '1000',
    dates: [1, 2, 3, 4, 5].map((d) => addDays(TODAY, d)),
    now: () => at.now,
  };
});

describe('SimulatedScheduleHis', () => {
  it('frees a hold when it runs out; a late confirmation takes the place again while one is left', async () => {
    const at = { now: new Date('2026-03-02T01:00:00Z') };
    const port = simulated(at);
    const listed = await port.schedules({
      hospitalId: '1000',
      dates: [addDays(TODAY, 1), addDays(TODAY, 2)],
    });
    // A slot with exactly one free place: its hold, run out, leaves room for another order.
    const one = listed
      .filter((s) => s.state === 'OPEN')
      .flatMap((s) => hourlySlots(s).map((slot) => ({ ...s, ...slot })))
      .find((s) => s.capacity - s.taken === 1);
    if (!one) throw new Error('no slot with one place');
    const minute = () => new Date(at.now.getTime() + 60_000);
    const paid = (orderNo: string) => ({
      orderNo,
      patient: { name: '李娜', identityCard: '330102199001010027', medicalCardNo: '100012345678' },
      paidFen: one.fee,
      paidAt: at.now,
    });
    const first = await port.hold({ orderNo: 'A1', slot: one, until: minute(), patient: null });
    await expect(
      port.hold({ orderNo: 'A2', slot: one, until: minute(), patient: null }),
    ).rejects.toMatchObject({
      full: true,
    });
    at.now = new Date(at.now.getTime() + 61_000);
    // Run out: the place is free; paid late, it is taken again.
    await expect(port.confirm(first.holdRef, paid('A1'))).resolves.toEqual({ visitNumber: null });
    await expect(
      port.hold({ orderNo: 'A3', slot: one, until: minute(), patient: null }),
    ).rejects.toBeInstanceOf(ScheduleHisRefusal);
    // Run out and the place given to another order: the late confirmation is refused.
    const second = await port
      .hold({ orderNo: 'B1', slot: { ...one }, until: minute(), patient: null })
      .catch(() => null);
    expect(second).toBeNull();
    await port.release(first.holdRef);
    const third = await port.hold({ orderNo: 'C1', slot: one, until: minute(), patient: null });
    at.now = new Date(at.now.getTime() + 61_000);
    await port.hold({ orderNo: 'C2', slot: one, until: minute(), patient: null });
    await expect(port.confirm(third.holdRef, paid('C1'))).rejects.toMatchObject({ full: true });
  });

  it('holds a slot it never listed without counting (the database guards it), and is a simulation', async () => {
    const port = simulated({ now: new Date('2026-03-02T01:00:00Z') });
    expect(port.simulated).toBe(true);
    const slot = {
      hospitalId: '1000',
      departmentCode: 'XX',
      doctorCode: null,
      date: TODAY,
      period: 'MORNING' as const,
      startTime: '08:00',
      endTime: '09:00',
    };
    const until = new Date('2026-03-02T01:10:00Z');
    for (let i = 0; i < 3; i++) await port.hold({ orderNo: `U${i}`, slot, until, patient: null });
  });
});
