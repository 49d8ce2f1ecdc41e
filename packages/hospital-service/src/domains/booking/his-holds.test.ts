import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endActiveOrders,
  freeSlot,
  lock,
  newPatient,
  pay,
  pendingOrder,
  unlock,
} from '../../test/booking.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { syncHisHolds } from './his-holds.ts';
import {
  type HisConfirmation,
  type HisHold,
  type HisSlotRef,
  ScheduleHisRefusal,
  SimulatedScheduleHis,
} from './schedule-his.ts';
import { appointmentOrders, sources } from './tables.ts';

/**
 * The HIS's slot stock behind scheduleHis: a hold before our order is written, its confirmation once paid, its
 * release when the order lets go — and a HIS that fails, hangs or refuses leaves nothing written.
 */
class ControlledScheduleHis extends SimulatedScheduleHis {
  readonly timeoutMs = 200;
  holdMode: 'ok' | 'hang' | 'fail' | 'full' | 'refuse' = 'ok';
  releaseFails = false;
  readonly calls: string[] = [];
  readonly confirmations: HisConfirmation[] = [];

  constructor() {
    super(async () => []);
  }

  override async hold(request: Parameters<SimulatedScheduleHis['hold']>[0]): Promise<HisHold> {
    this.calls.push(`hold ${request.orderNo}`);
    if (this.holdMode === 'hang') return new Promise<never>(() => {});
    if (this.holdMode === 'fail') throw new Error('ECONNREFUSED');
    if (this.holdMode === 'full') throw new ScheduleHisRefusal('号源已约满', true);
    if (this.holdMode === 'refuse') throw new ScheduleHisRefusal('该医生本时段仅限现场挂号');
    return super.hold(request);
  }

  override async confirm(holdRef: string, confirmation: HisConfirmation) {
    this.calls.push(`confirm ${confirmation.orderNo}`);
    this.confirmations.push(confirmation);
    return super.confirm(holdRef, confirmation);
  }

  override async release(holdRef: string) {
    this.calls.push(`release ${holdRef}`);
    if (this.releaseFails) throw new Error('ETIMEDOUT');
    return super.release(holdRef);
  }
}

const his = new ControlledScheduleHis();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ ports: { scheduleHis: his } });
});
afterAll(() => server?.close());

const ordersOn = (sourceId: string) =>
  server.database.db
    .select()
    .from(appointmentOrders)
    .where(eq(appointmentOrders.sourceId, Number(sourceId)));
const claimedOf = async (sourceId: string) =>
  (
    await server.database.db
      .select()
      .from(sources)
      .where(eq(sources.id, Number(sourceId)))
  )[0].claimed;

describe('the HIS holds the place (scheduleHis)', () => {
  it('a HIS that hangs or fails: state 503 in Chinese, no order, no place taken', async () => {
    const client = await server.login('13800138000');
    const slot = await freeSlot(client, '1000');
    const before = await claimedOf(slot.source.sourceId);
    his.holdMode = 'hang';
    const hung = await lock(client, slot.source.sourceId);
    expect(hung.body).toMatchObject({
      state: 503,
      msg: '医院信息系统（HIS）号源暂不可用',
      subMsg: '医院信息系统（HIS）号源响应超时，请稍后再试（本次操作未生效）',
    });
    his.holdMode = 'fail';
    const failed = await lock(client, slot.source.sourceId);
    expect(failed.body).toMatchObject({
      state: 503,
      subMsg: '医院信息系统（HIS）号源暂时无法访问，请稍后再试（本次操作未生效）',
    });
    expect(await ordersOn(slot.source.sourceId)).toEqual([]);
    expect(await claimedOf(slot.source.sourceId)).toBe(before);
    his.holdMode = 'ok';
  });

  it('a HIS that refuses: 号源已约满 or its reason, nothing written', async () => {
    const client = await server.login('13800138000');
    const slot = await freeSlot(client, '1000');
    his.holdMode = 'full';
    expect((await lock(client, slot.source.sourceId)).body).toMatchObject({ state: 409, msg: '号源已约满' });
    his.holdMode = 'refuse';
    expect((await lock(client, slot.source.sourceId)).body).toMatchObject({
      state: 409,
      msg: '号源不可预约',
      subMsg: '该医生本时段仅限现场挂号',
    });
    expect(await ordersOn(slot.source.sourceId)).toEqual([]);
    his.holdMode = 'ok';
  });

  it('holds for our order number; a let-go hold is released at once', async () => {
    const client = await server.login('13800138000');
    const slot = await freeSlot(client, '1000');
    const answer = await lock(client, slot.source.sourceId);
    expect(answer.body).toMatchObject({ state: 200 });
    const orderId = (answer.body.results as { orderId: string }).orderId;
    expect(his.calls).toContain(`hold ${orderId}`);
    const [order] = await ordersOn(slot.source.sourceId);
    expect(order).toMatchObject({ id: Number(orderId), hisSync: null });
    expect(order.hisHoldRef).toMatch(/^SIMHOLD/);
    expect((await unlock(client, orderId)).body).toMatchObject({ state: 200, results: true });
    expect(his.calls).toContain(`release ${order.hisHoldRef}`);
    const [after] = await ordersOn(slot.source.sourceId);
    expect(after).toMatchObject({ status: 'CANCELLED', hisSync: null });
  });

  it('a release that fails is kept and done by the sweeper later', async () => {
    const client = await server.login('13800138000');
    const slot = await freeSlot(client, '1000');
    const orderId = ((await lock(client, slot.source.sourceId)).body.results as { orderId: string }).orderId;
    his.releaseFails = true;
    expect((await unlock(client, orderId)).body).toMatchObject({ state: 200, results: true });
    const pending = () =>
      server.database.db
        .select({ hisSync: appointmentOrders.hisSync })
        .from(appointmentOrders)
        .where(eq(appointmentOrders.id, Number(orderId)));
    expect(await pending()).toEqual([{ hisSync: 'RELEASE' }]);
    expect(await syncHisHolds(server.database.db, his)).toBe(0);
    his.releaseFails = false;
    expect(await syncHisHolds(server.database.db, his)).toBe(1);
    expect(await pending()).toEqual([{ hisSync: null }]);
  });

  it('a paid order is confirmed in the HIS with the patient (by the sweeper when not at once)', async () => {
    const patient = await newPatient(server, '13700137301', ['1000']);
    const slot = await freeSlot(patient.client, '1000');
    const orderId = await pendingOrder(patient, '1000', slot.source.sourceId);
    await pay(server, patient.client, orderId);
    const row = async () =>
      (
        await server.database.db
          .select()
          .from(appointmentOrders)
          .where(and(eq(appointmentOrders.id, Number(orderId))))
      )[0];
    expect(await row()).toMatchObject({ status: 'BOOKED', hisSync: 'CONFIRM' });
    expect(await syncHisHolds(server.database.db, his)).toBeGreaterThanOrEqual(1);
    expect(await row()).toMatchObject({ hisSync: null });
    const confirmed = his.confirmations.find((c) => c.orderNo === orderId);
    expect(confirmed?.patient.name).toBe(patient.cards['1000'].patientName);
    expect(confirmed?.patient.medicalCardNo).toBe(patient.cards['1000'].medicalCardNo);
    await endActiveOrders(server);
  });
});

// The slot reference the HIS is asked about is in its own codes, not our ids.
it('asks the HIS in its own codes', async () => {
  const seen: HisSlotRef[] = [];
  const spy = new (class extends SimulatedScheduleHis {
    override async hold(request: Parameters<SimulatedScheduleHis['hold']>[0]) {
      seen.push(request.slot);
      return super.hold(request);
    }
  })(async () => []);
  const other = await startServer({ ports: { scheduleHis: spy } });
  try {
    const client = await other.login('13800138000');
    const slot = await freeSlot(client, '1000');
    expect((await lock(client, slot.source.sourceId)).body).toMatchObject({ state: 200 });
    expect(seen[0]).toMatchObject({
      hospitalId: '1000',
      date: slot.item.date,
      startTime: slot.source.startTime,
      endTime: slot.source.endTime,
    });
    expect(seen[0].departmentCode).toMatch(/\S/);
  } finally {
    await other.close();
  }
});
