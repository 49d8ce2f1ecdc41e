import type {
  AppointmentOrder,
  Contact,
  Department,
  DepartmentGroup,
  Doctor,
  ScheduleItem,
  Source,
} from '@patient/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { MINUTE, TestClock } from '../../platform/clock.ts';
import {
  bookedOrder,
  endActiveOrders,
  freeSlot,
  lock,
  lockOk,
  newPatient,
  orderOf,
  type Patient,
  pay,
  pendingOrder,
  place,
  remainingOf,
  sourcesOf,
  startPay,
  unlock,
} from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import { Client, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { appointmentOrders } from './tables.ts';

/**
 * Departments, doctors, schedules, the booking rules and the appointment orders, over real HTTP. The clock
 * starts on Monday 2025-03-10 at 09:00 China time. Hospital 1000: 7 days ahead, released 08:00, same-day
 * cut-offs 11:30 / 17:00, cancel until 2 h before the half-day, 10-minute hold, 3 per account and day.
 */
let server: TestServer;
let demo: Client;
let alice: Patient;
let bob: Patient;

const at = (chinaTime: string) => new Date(`${chinaTime}+08:00`);

beforeAll(async () => {
  server = await startServer();
  demo = await server.login(DEMO_PHONE);
  alice = await newPatient(server, '13700001001', ['1000', '1001']);
  bob = await newPatient(server, '13700001002', ['1000']);
});
afterAll(() => server?.close());
// Every test starts at 09:00 with no active orders (each account below its per-day limit).
afterEach(async () => {
  server.clock.set(TEST_START);
  await endActiveOrders(server);
});

const orderCount = async () => (await server.database.db.select({ n: count() }).from(appointmentOrders))[0].n;

describe('departments', () => {
  it('lists two levels with pinyin and initials, and flat with the HIS codes', async () => {
    const groups =
      (await server.client().get<DepartmentGroup[]>('/v1/dept/hospital/1000')).body.results ?? [];
    expect(groups.length).toBeGreaterThanOrEqual(4);
    const internal = groups.find((g) => g.name === '内科') as DepartmentGroup;
    expect(internal.children.length).toBeGreaterThan(0);
    for (const child of internal.children) {
      expect(child.parentId).toBe(internal.departmentId);
      expect(child.pinyin).toMatch(/^[a-z]+$/);
      expect(child.deptId).toMatch(/^D\d{4}$/);
    }
    const flat =
      (await server.client().get<Department[]>('/v1/dept/dept_with_his/hospital/1000')).body.results ?? [];
    expect(flat.length).toBe(groups.length + groups.reduce((n, g) => n + g.children.length, 0));
    expect(flat.find((d) => d.name === '内科')).toMatchObject({
      parentId: null,
      pinyin: 'neike',
      initials: 'nk',
    });
    expect((await server.client().get('/v1/dept/hospital/4242')).body).toMatchObject({
      state: 404,
      msg: '医院不存在',
    });
    expect((await server.client().get('/v1/dept/hospital/10%2000')).status).toBe(400);
  });

  it('finds departments by name, full pinyin and initials (nk, neike → 内科 first)', async () => {
    const search = async (keyword: string) =>
      (
        (await server.client().post<Department[]>('/v1/sources/hospitals/1000/queryBySpell', { keyword }))
          .body.results ?? []
      ).map((d) => d.name);
    for (const keyword of ['nk', 'neike', ' NeiKe ', '内科']) {
      const names = await search(keyword);
      expect(names[0], keyword).toBe('内科');
    }
    const flat =
      (await server.client().get<Department[]>('/v1/dept/dept_with_his/hospital/1000')).body.results ?? [];
    const clinic = flat.find((d) => d.parentId !== null && d.name.endsWith('内科')) as Department;
    expect(await search('neike')).toContain(clinic.name);
    expect((await search(clinic.initials))[0]).toBe(clinic.name);
    expect(await search(clinic.pinyin.slice(0, 4))).toContain(clinic.name);
    expect(await search(clinic.pinyin.slice(2, 7))).toContain(clinic.name);
    expect(await search(clinic.name.slice(0, 2))).toContain(clinic.name);
    expect(await search('zzzz')).toEqual([]);
    const bad = await server.client().post('/v1/sources/hospitals/1000/queryBySpell', { keyword: '   ' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^参数 keyword 不正确/);
    expect(
      (await server.client().post('/v1/sources/hospitals/1000/queryBySpell', { keyword: 'a'.repeat(21) }))
        .status,
    ).toBe(400);
  });
});

describe('doctors and schedules', () => {
  it('lists a clinic’s doctors with a summary per bookable date (the week strip)', async () => {
    const groups =
      (await server.client().get<DepartmentGroup[]>('/v1/dept/hospital/1000')).body.results ?? [];
    const clinic = groups[0].children[0];
    const scheduled = await server.client().post<{
      dates: string[];
      doctors: { doctor: Doctor; days: { date: string; state: string; remaining: number | null }[] }[];
    }>('/v1/schedules_resume/hospitals/1000/query', { departmentId: clinic.departmentId });
    const { dates, doctors } = scheduled.body.results as NonNullable<typeof scheduled.body.results>;
    // 09:00 is after the 08:00 release: tomorrow … today + 7.
    expect(dates).toEqual([
      '2025-03-11',
      '2025-03-12',
      '2025-03-13',
      '2025-03-14',
      '2025-03-15',
      '2025-03-16',
      '2025-03-17',
    ]);
    expect(doctors.length).toBeGreaterThanOrEqual(2);
    for (const d of doctors) {
      expect(d.doctor.departmentId).toBe(clinic.departmentId);
      expect(d.days.map((x) => x.date)).toEqual(dates);
    }
    const sameDay = await server
      .client()
      .post<{ dates: string[] }>('/v1/schedules_resume/hospitals/1000/query', {
        departmentId: clinic.departmentId,
        sameDay: true,
      });
    expect(sameDay.body.results?.dates).toEqual(['2025-03-10']);
    // A first-level department stands for its clinics.
    const all = await server
      .client()
      .post<{ doctors: unknown[] }>('/v1/schedules_resume/hospitals/1000/query', {
        departmentId: groups[0].departmentId,
      });
    expect(all.body.results?.doctors.length).toBeGreaterThanOrEqual(doctors.length);
    const other = await server.client().post('/v1/schedules_resume/hospitals/1001/query', {
      departmentId: clinic.departmentId,
    });
    expect(other.body).toMatchObject({ state: 404, msg: '科室不存在' });
  });

  it('answers doctors, their resume and their schedules; unknown doctors are not found', async () => {
    const slot = await freeSlot(demo, '1000', { doctor: true });
    const doctorId = slot.item.doctorId as string;
    const doctor = (await server.client().get<Doctor>(`/v1/doctors/${doctorId}`)).body.results as Doctor;
    expect(doctor).toMatchObject({ doctorId, name: slot.item.doctorName, title: slot.item.doctorTitle });
    const resume = await server
      .client()
      .post<{ doctor: Doctor; schedules: ScheduleItem[] }>(
        `/v1/schedules/appointments_resume/queryResume/${doctorId}`,
      );
    expect(resume.body.results?.doctor).toEqual(doctor);
    expect(resume.body.results?.schedules.map((s) => s.scheduleItemId)).toContain(slot.item.scheduleItemId);
    const own = await server.client().post<ScheduleItem[]>(`/v1/schedules/appoint/doctor/${doctorId}`, {});
    expect(own.body.results?.every((s) => s.doctorId === doctorId && s.date > '2025-03-10')).toBe(true);
    for (const id of ['99999999', 'abc']) {
      expect((await server.client().get(`/v1/doctors/${id}`)).body).toMatchObject({
        state: 404,
        msg: '医生不存在',
      });
    }
  });

  it('answers a doctor’s same-day half-days apart; refuses bad input with 400 and unknown ones with 404', async () => {
    const todays =
      (
        await server.client().post<ScheduleItem[]>('/v1/schedules/hospitals/1000/query', {
          startDate: '2025-03-10',
          endDate: '2025-03-10',
          sameDay: true,
        })
      ).body.results ?? [];
    const doctorId = todays.find((s) => s.doctorId !== null)?.doctorId as string;
    expect(doctorId).toBeTruthy();
    const today = await server
      .client()
      .post<ScheduleItem[]>(`/v1/schedules/appoint/doctor/${doctorId}`, { sameDay: true });
    expect(today.status).toBe(200);
    const sameDay = await server.client().post<ScheduleItem[]>('/v1/schedules/hospitals/1000/query', {
      doctorId,
      startDate: '2025-03-10',
      endDate: '2025-03-10',
      sameDay: true,
    });
    expect(today.body.results).toEqual(sameDay.body.results);
    expect(today.body.results?.length).toBeGreaterThan(0);
    expect(today.body.results?.every((s) => s.doctorId === doctorId && s.date === '2025-03-10')).toBe(true);
    for (const body of [{ sameDay: 'yes' }, { sameDay: 1 }]) {
      const bad = await server.client().post(`/v1/schedules/appoint/doctor/${doctorId}`, body);
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toMatch(/^参数 sameDay 不正确/);
    }
    for (const path of ['/v1/doctors/10%2000', '/v1/doctors/a%27b']) {
      const bad = await server.client().get(path);
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toMatch(/^参数 doctorId 不正确/);
    }
    expect((await server.client().post('/v1/schedules/appoint/doctor/10%2000', {})).status).toBe(400);
    expect((await server.client().post('/v1/schedules/appoint/doctor/99999999', {})).body).toMatchObject({
      state: 404,
      msg: '医生不存在',
    });
    expect((await server.client().get('/v1/dept/dept_with_his/hospital/4242')).body).toMatchObject({
      state: 404,
      msg: '医院不存在',
    });
    expect((await server.client().get('/v1/dept/dept_with_his/hospital/10%2000')).status).toBe(400);
  });

  it('refuses to hold a place at a hospital that books at its windows only (ONLINE_BOOKING false)', async () => {
    const slot = await freeSlot(demo, '1005');
    const ordersBefore = await server.database.db.select({ n: count() }).from(appointmentOrders);
    const answer = await lock(demo, slot.source.sourceId, '1005');
    expect(answer.body).toMatchObject({
      state: 403,
      msg: '该医院未开通线上挂号',
      subMsg: '该医院暂不支持线上预约挂号，请到医院挂号窗口或自助机办理',
    });
    expect(await server.database.db.select({ n: count() }).from(appointmentOrders)).toEqual(ordersBefore);
    expect(await remainingOf(demo, '1005', slot)).toBe(slot.source.remaining);
  });

  it('answers schedules inside the booking window only, with remaining counts from the sources', async () => {
    const items =
      (
        await server.client().post<ScheduleItem[]>('/v1/schedules/hospitals/1000/query', {
          startDate: '2025-03-01',
          endDate: '2025-03-31',
        })
      ).body.results ?? [];
    const dates = [...new Set(items.map((i) => i.date))].sort();
    expect(dates[0]).toBe('2025-03-11');
    expect(dates.at(-1)).toBe('2025-03-17');
    expect(new Set(items.map((i) => i.state))).toEqual(
      new Set(['APPOINTABLE', 'ALL_APPOINTED', 'STOPED', 'NO_SOURCE']),
    );
    for (const item of items.slice(0, 12)) {
      const { schedule, sources } = await sourcesOf(server.client(), '1000', item.scheduleItemId);
      expect(schedule).toEqual(item);
      if (item.state === 'APPOINTABLE' || item.state === 'ALL_APPOINTED') {
        expect(item.remaining).toBe(sources.reduce((n, s) => n + s.remaining, 0));
        expect(item.state === 'APPOINTABLE').toBe((item.remaining ?? 0) > 0);
      } else {
        expect(item.remaining).toBeNull();
      }
      expect(item.hisScheduleId).toMatch(/^1000-202503\d{2}-(AM|PM)-\w+$/);
    }
    const reversed = await server.client().post('/v1/schedules/hospitals/1000/query', {
      startDate: '2025-03-12',
      endDate: '2025-03-11',
    });
    expect(reversed).toMatchObject({
      status: 400,
      body: { msg: '参数 endDate 不正确：结束日期不能早于开始日期' },
    });
    const badDate = await server
      .client()
      .post('/v1/schedules/hospitals/1000/query', { startDate: '3/11', endDate: '2025-03-11' });
    expect(badDate.status).toBe(400);
  });

  it('opens the last day of the window at the release time', async () => {
    const lastDay = async () => {
      const items =
        (
          await server.client().post<ScheduleItem[]>('/v1/schedules/hospitals/1000/query', {
            startDate: '2025-03-01',
            endDate: '2025-03-31',
          })
        ).body.results ?? [];
      return items
        .map((i) => i.date)
        .sort()
        .at(-1);
    };
    server.clock.set(at('2025-03-10T07:59'));
    expect(await lastDay()).toBe('2025-03-16');
    const [tomorrowWeek] =
      (
        await server.client().post<ScheduleItem[]>('/v1/schedules/hospitals/1000/query', {
          startDate: '2025-03-17',
          endDate: '2025-03-17',
        })
      ).body.results ?? [];
    expect(tomorrowWeek).toBeUndefined();
    server.clock.set(at('2025-03-10T08:00'));
    expect(await lastDay()).toBe('2025-03-17');
    // A 14-day hospital (1004, released at 15:00).
    const last1004 = async () =>
      (
        (
          await server.client().post<ScheduleItem[]>('/v1/schedules/hospitals/1004/query', {
            startDate: '2025-03-01',
            endDate: '2025-03-31',
          })
        ).body.results ?? []
      )
        .map((i) => i.date)
        .sort()
        .at(-1);
    expect(await last1004()).toBe('2025-03-23');
    server.clock.set(at('2025-03-10T15:00'));
    expect(await last1004()).toBe('2025-03-24');
  });

  it('refuses a slot that is not released yet, with the release time', async () => {
    server.clock.set(at('2025-03-10T07:30'));
    const items =
      (
        await server.client().post<ScheduleItem[]>('/v1/schedules/hospitals/1000/query', {
          startDate: '2025-03-16',
          endDate: '2025-03-16',
        })
      ).body.results ?? [];
    expect(items.length).toBeGreaterThan(0);
    server.clock.set(at('2025-03-10T09:00'));
    const [later] =
      (
        await server.client().post<ScheduleItem[]>('/v1/schedules/hospitals/1000/query', {
          startDate: '2025-03-17',
          endDate: '2025-03-17',
        })
      ).body.results ?? [];
    const { sources } = await sourcesOf(server.client(), '1000', later.scheduleItemId);
    server.clock.set(at('2025-03-10T07:30'));
    const early = await server
      .client()
      .post('/v1/sources/hospitals/1000/query', { scheduleItemId: later.scheduleItemId });
    expect(early.body).toMatchObject({ state: 400, msg: '该日号源将于今日08:00开放预约，请届时再来' });
    if (sources[0]) {
      expect((await lock(alice.client, sources[0].sourceId)).body).toMatchObject({
        state: 400,
        msg: '该日号源将于今日08:00开放预约，请届时再来',
      });
    }
  });

  it('same-day booking: today only, ended slots left out, closed after the half-day’s cut-off', async () => {
    const items =
      (
        await server.client().post<ScheduleItem[]>('/v1/schedules/hospitals/1000/query', {
          startDate: '2025-03-10',
          endDate: '2025-03-20',
          sameDay: true,
        })
      ).body.results ?? [];
    expect(new Set(items.map((i) => i.date))).toEqual(new Set(['2025-03-10']));
    const morning = items.find((i) => i.halfDay === 'AM' && i.state !== 'NO_SOURCE') as ScheduleItem;
    const { sources } = await sourcesOf(server.client(), '1000', morning.scheduleItemId);
    // 09:00: the 08:00–09:00 slot has ended.
    expect(sources.map((s) => s.startTime)).toEqual(['09:00', '10:00', '11:00']);

    const slot = await freeSlot(demo, '1000', { sameDay: true, halfDay: 'AM' });
    server.clock.set(at('2025-03-10T11:30'));
    const after = (
      (
        await server.client().post<ScheduleItem[]>('/v1/schedules/hospitals/1000/query', {
          startDate: '2025-03-10',
          endDate: '2025-03-10',
          sameDay: true,
        })
      ).body.results ?? []
    ).map((i) => i.halfDay);
    expect(new Set(after)).toEqual(new Set(['PM']));
    expect((await lock(alice.client, slot.source.sourceId)).body).toMatchObject({
      state: 400,
      msg: '当日上午的号源已于11:30停止预约，请选择其他时段',
    });
    // Shiqian (1003) closes same-day booking when the half-day starts: at 09:00 only the afternoon.
    server.clock.set(TEST_START);
    const shiqian =
      (
        await server.client().post<ScheduleItem[]>('/v1/schedules/hospitals/1003/query', {
          startDate: '2025-03-10',
          endDate: '2025-03-10',
          sameDay: true,
        })
      ).body.results ?? [];
    expect(shiqian.length).toBeGreaterThan(0);
    expect(shiqian.every((i) => i.halfDay === 'PM')).toBe(true);
  });

  it('shows the schedules of a date across departments (searchSources)', async () => {
    const all =
      (
        await server.client().post<ScheduleItem[]>('/v1/schedules/sourceSearch', {
          hospitalId: '1000',
          date: '2025-03-12',
        })
      ).body.results ?? [];
    expect(all.length).toBeGreaterThan(5);
    expect(all.every((i) => i.date === '2025-03-12' && i.hospitalId === '1000')).toBe(true);
    const departmentId = all[0].departmentId;
    const one =
      (
        await server.client().post<ScheduleItem[]>('/v1/schedules/sourceSearch', {
          hospitalId: '1000',
          date: '2025-03-12',
          departmentIds: [departmentId],
        })
      ).body.results ?? [];
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((i) => i.departmentId === departmentId)).toBe(true);
    const outside = await server.client().post<ScheduleItem[]>('/v1/schedules/sourceSearch', {
      hospitalId: '1000',
      date: '2025-03-30',
    });
    expect(outside.body.results).toEqual([]);
  });

  it('answers the same search at the specification’s other path, /v1/schedules/source_search', async () => {
    for (const body of [
      { hospitalId: '1000', date: '2025-03-12' },
      { hospitalId: '1000', date: '2025-03-30' },
    ]) {
      const camel = await server.client().post<ScheduleItem[]>('/v1/schedules/sourceSearch', body);
      const snake = await server.client().post<ScheduleItem[]>('/v1/schedules/source_search', body);
      expect(snake.status).toBe(200);
      expect(snake.body.results).toEqual(camel.body.results);
    }
    const missing = await server
      .client()
      .post('/v1/schedules/source_search', { hospitalId: '999999', date: '2025-03-12' });
    expect(missing.body).toMatchObject({ state: 404, msg: '医院不存在' });
  });

  it('answers a schedule’s time slots; unknown or another hospital’s schedules are not found', async () => {
    const slot = await freeSlot(demo, '1000');
    const { schedule, sources } = await sourcesOf(server.client(), '1000', slot.item.scheduleItemId);
    expect(schedule.scheduleItemId).toBe(slot.item.scheduleItemId);
    expect(sources.length).toBeGreaterThan(0);
    for (const s of sources)
      expect(s).toMatchObject({
        scheduleItemId: slot.item.scheduleItemId,
        startTime: expect.stringMatching(/^\d\d:\d\d$/),
      });
    for (const [hospital, id] of [
      ['1001', slot.item.scheduleItemId],
      ['1000', '99999999'],
      ['1000', 'x'],
    ]) {
      expect(
        (await server.client().post(`/v1/sources/hospitals/${hospital}/query`, { scheduleItemId: id })).body,
      ).toMatchObject({
        state: 404,
        msg: '排班不存在',
      });
    }
  });
});

describe('locking a slot', () => {
  it('holds the slot for the hospital’s hold period; unLock gives it back', async () => {
    const slot = await freeSlot(demo, '1000', { places: 2 });
    const before = await remainingOf(demo, '1000', slot);
    const locked = await lock(alice.client, slot.source.sourceId);
    expect(locked.body).toMatchObject({ state: 200 });
    const { orderId, holdExpiresAt } = locked.body.results as { orderId: string; holdExpiresAt: string };
    expect(new Date(holdExpiresAt).getTime()).toBe(new Date(TEST_START).getTime() + 10 * MINUTE);
    expect(await remainingOf(demo, '1000', slot)).toBe(before - 1);
    const order = await orderOf(alice.client, orderId);
    expect(order).toMatchObject({ status: 'LOCKED', contactId: null, holdExpiresAt, fee: slot.item.fee });
    expect(order.source.sourceId).toBe(slot.source.sourceId);

    // Someone else's order is not found; unlocking twice releases once.
    expect((await unlock(bob.client, orderId)).body).toMatchObject({
      state: 404,
      msg: '订单不存在',
    });
    expect((await unlock(alice.client, orderId)).body).toMatchObject({
      state: 200,
      results: true,
    });
    expect((await unlock(alice.client, orderId)).body).toMatchObject({
      state: 200,
      results: false,
    });
    expect(await remainingOf(demo, '1000', slot)).toBe(before);
    expect((await orderOf(alice.client, orderId)).status).toBe('CANCELLED');
    expect((await lock(server.client(), slot.source.sourceId)).status).toBe(401);
  });

  it('refuses full, stopped and unknown slots', async () => {
    const items =
      (
        await demo.post<ScheduleItem[]>('/v1/schedules/hospitals/1000/query', {
          startDate: '2025-03-11',
          endDate: '2025-03-17',
        })
      ).body.results ?? [];
    const full = items.find((i) => i.state === 'ALL_APPOINTED') as ScheduleItem;
    const fullSource = (await sourcesOf(demo, '1000', full.scheduleItemId)).sources[0];
    expect((await lock(alice.client, fullSource.sourceId)).body).toMatchObject({
      state: 409,
      msg: '号源已约满',
      subMsg: '该时段号源已约满，请选择其他时段',
    });
    const stopped = items.find((i) => i.state === 'STOPED') as ScheduleItem;
    const stoppedSource = (await sourcesOf(demo, '1000', stopped.scheduleItemId)).sources[0];
    expect(stoppedSource.state).toBe('STOPED');
    expect((await lock(alice.client, stoppedSource.sourceId)).body).toMatchObject({
      state: 409,
      msg: '医生已停诊',
    });
    expect((await lock(alice.client, '99999999')).body).toMatchObject({ state: 404, msg: '号源不存在' });
  });

  it('locks and unlocks at the spec’s hospital path only: a slot or order of another hospital, or of another account, is 404 and changes nothing', async () => {
    const slot = await freeSlot(demo, '1000', { date: '2025-03-15' });
    const before = await remainingOf(demo, '1000', slot);
    const ordersBefore = await orderCount();
    // A slot of 1000 asked for at 1001's path: not found there, nothing held.
    expect((await lock(alice.client, slot.source.sourceId, '1001')).body).toMatchObject({
      state: 404,
      msg: '号源不存在',
    });
    expect((await lock(alice.client, slot.source.sourceId, '9999')).body).toMatchObject({ state: 404 });
    expect(await orderCount()).toBe(ordersBefore);
    expect(await remainingOf(demo, '1000', slot)).toBe(before);

    const orderId = await lockOk(alice.client, slot.source.sourceId);
    // Another hospital's path, another account: 404, the hold stays.
    expect((await unlock(alice.client, orderId, '1001')).body).toMatchObject({
      state: 404,
      msg: '订单不存在',
    });
    expect((await unlock(bob.client, orderId)).body).toMatchObject({ state: 404, msg: '订单不存在' });
    expect((await orderOf(alice.client, orderId)).status).toBe('LOCKED');
    expect(await remainingOf(demo, '1000', slot)).toBe(before - 1);
    // The old paths are gone (no client uses them).
    expect((await alice.client.post('/v1/sources/lock', { sourceId: slot.source.sourceId })).status).toBe(
      404,
    );
    expect((await alice.client.post('/v1/sources/unLock', { orderId })).status).toBe(404);
    expect((await orderOf(alice.client, orderId)).status).toBe('LOCKED');
    expect((await unlock(alice.client, orderId)).body).toMatchObject({ state: 200, results: true });
    expect(await remainingOf(demo, '1000', slot)).toBe(before);
  });

  it('lets an account hold at most 3 appointments per visit day at hospital 1000', async () => {
    const date = '2025-03-13';
    const orders: string[] = [];
    for (let i = 0; i < 3; i++)
      orders.push(await lockOk(bob.client, (await freeSlot(demo, '1000', { date })).source.sourceId));
    const fourth = await freeSlot(demo, '1000', { date });
    expect((await lock(bob.client, fourth.source.sourceId)).body).toMatchObject({
      state: 409,
      msg: '已达当日预约上限',
      subMsg: '每个账号同一就诊日在本院最多预约3个号（含待支付），请选择其他日期',
    });
    // Another day, another account: not limited.
    await lockOk(alice.client, fourth.source.sourceId);
    const otherDay = await lockOk(
      bob.client,
      (await freeSlot(demo, '1000', { date: '2025-03-14' })).source.sourceId,
    );
    // Releasing one makes room again.
    await unlock(bob.client, orders[0]);
    await lockOk(bob.client, (await freeSlot(demo, '1000', { date })).source.sourceId);
    await unlock(bob.client, otherDay);
  });
});

describe('placing an order', () => {
  it('takes the caller’s contact and a card of this hospital, within the same hold', async () => {
    const slot = await freeSlot(demo, '1000');
    const { orderId, holdExpiresAt } = (await lock(alice.client, slot.source.sourceId)).body.results as {
      orderId: string;
      holdExpiresAt: string;
    };
    const bobsContact = await place({ ...alice, contactId: bob.contactId }, orderId, '1000');
    expect(bobsContact.body).toMatchObject({ state: 404, msg: '就诊人不存在' });
    const bobsCard = await alice.client.post(`/v1/orders/${orderId}`, {
      contactId: alice.contactId,
      cardId: bob.cards['1000'].cardId,
    });
    expect(bobsCard.body).toMatchObject({ state: 404, msg: '就诊卡不存在' });
    const otherHospital = await alice.client.post(`/v1/orders/${orderId}`, {
      contactId: alice.contactId,
      cardId: alice.cards['1001'].cardId,
    });
    expect(otherHospital.body).toMatchObject({ state: 400, msg: '请选择本院就诊卡' });
    expect((await orderOf(alice.client, orderId)).status).toBe('LOCKED');

    server.clock.advance(5 * MINUTE);
    const placed = await place(alice, orderId, '1000');
    expect(placed.body.results).toMatchObject({
      status: 'PENDING_PAYMENT',
      contactId: alice.contactId,
      medicalCardNo: alice.cards['1000'].medicalCardNo,
      holdExpiresAt,
    });
    expect(placed.body.results?.patientName).toBeTruthy();
    // Someone else cannot place it.
    expect((await place(bob, orderId, '1000')).body).toMatchObject({ state: 404, msg: '订单不存在' });
  });

  it('allows one booking per patient per doctor and half-day', async () => {
    const slot = await freeSlot(demo, '1000', { doctor: true, places: 1 });
    const { sources } = await sourcesOf(demo, '1000', slot.item.scheduleItemId);
    const other = sources.find((s) => s.sourceId !== slot.source.sourceId && s.remaining > 0) as Source;
    await pendingOrder(alice, '1000', slot.source.sourceId);
    const second = await lockOk(alice.client, other.sourceId);
    const again = await place(alice, second, '1000');
    expect(again.body).toMatchObject({ state: 409, msg: '请勿重复预约' });
    expect(again.body.subMsg).toContain('同一就诊人同一医生同一时段只能预约一个号');
    // Another patient of the same account may.
    const contacts = (await alice.client.get<Contact[]>('/contacts')).body.results ?? [];
    expect(contacts).toHaveLength(1);
    const relative = await newPatient(server, '13700001003', ['1000']);
    expect((await place(relative, await lockOk(relative.client, other.sourceId), '1000')).body.state).toBe(
      200,
    );
  });
});

describe('holds expire on their own', () => {
  it('after the hold period the order reads EXPIRED and the place is free again', async () => {
    const slot = await freeSlot(demo, '1000');
    const before = await remainingOf(demo, '1000', slot);
    const orderId = await pendingOrder(alice, '1000', slot.source.sourceId);
    expect(await remainingOf(demo, '1000', slot)).toBe(before - 1);
    server.clock.advance(10 * MINUTE - 1);
    expect((await orderOf(alice.client, orderId)).status).toBe('PENDING_PAYMENT');
    server.clock.advance(1);
    const expired = await orderOf(alice.client, orderId);
    expect(expired).toMatchObject({ status: 'EXPIRED', holdExpiresAt: null });
    expect(await remainingOf(demo, '1000', slot)).toBe(before);
    expect((await place(alice, orderId, '1000')).body).toMatchObject({ state: 409, msg: '号源保留已超时' });
    expect((await startPay(alice.client, orderId)).body).toMatchObject({ state: 409, msg: '订单已失效' });
    const listed = await alice.client.post<{ orders: AppointmentOrder[] }>('/v1/orders/query', {
      status: 'EXPIRED',
    });
    expect(listed.body.results?.orders.map((o) => o.orderId)).toContain(orderId);
  });

  it('even after a restart: a new app on the same database sees the hold, then sees it gone', async () => {
    const slot = await freeSlot(demo, '1000');
    const orderId = await lockOk(alice.client, slot.source.sourceId);
    await server.app.close();
    const restarted = async (clock: TestClock) => {
      const app = buildApp({
        db: server.database,
        clock,
        logger: false,
        secret: 'test-secret',
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const client = new Client(base);
      for (const [k, v] of alice.client.cookies) client.cookies.set(k, v);
      const order = (await client.get<AppointmentOrder>(`/v1/orders/${orderId}`)).body
        .results as AppointmentOrder;
      await app.close();
      return order.status;
    };
    expect(await restarted(new TestClock(new Date(TEST_START).getTime() + 9 * MINUTE))).toBe('LOCKED');
    expect(await restarted(new TestClock(new Date(TEST_START).getTime() + 10 * MINUTE))).toBe('EXPIRED');
    // The original server again (same database, same port is not needed).
    server.app = buildApp({
      db: server.database,
      clock: server.clock,
      smsSender: server.sms,
      logger: false,
      secret: 'test-secret',
    });
    await server.app.listen({ port: Number(new URL(server.base).port), host: '127.0.0.1' });
  });
});

describe('cancelling and refunding', () => {
  it('cancels an unpaid order (slot released, pending payment closed), once', async () => {
    const slot = await freeSlot(demo, '1000');
    const before = await remainingOf(demo, '1000', slot);
    const orderId = await pendingOrder(alice, '1000', slot.source.sourceId);
    const started = await startPay(alice.client, orderId);
    const paymentId = started.body.results?.payment.paymentId;
    expect((await bob.client.post('/v1/orders/cancel', { orderId })).body).toMatchObject({ state: 404 });
    const cancelled = await alice.client.post<AppointmentOrder>('/v1/orders/cancel', {
      orderId,
      reason: '行程有变',
    });
    expect(cancelled.body.results).toMatchObject({
      status: 'CANCELLED',
      cancelReason: '行程有变',
      holdExpiresAt: null,
    });
    expect(await remainingOf(demo, '1000', slot)).toBe(before);
    expect((await alice.client.get(`/v1/pay_orders/${paymentId}`)).body.results).toMatchObject({
      status: 'CLOSED',
    });
    expect((await alice.client.post('/v1/orders/cancel', { orderId })).body.results).toMatchObject({
      status: 'CANCELLED',
    });
    expect(
      (await alice.client.post('/v1/orders/refundFeeAndNum', { orderId, reason: '行程有变' })).body,
    ).toMatchObject({
      state: 409,
      msg: '订单已取消',
    });
  });

  it('refunds a paid order until 2 h before the half-day (1000), then explains the deadline', async () => {
    const slot = await freeSlot(demo, '1000', { date: '2025-03-11', halfDay: 'AM' });
    const before = await remainingOf(demo, '1000', slot);
    const orderId = await bookedOrder(server, alice, '1000', slot.source.sourceId);
    const booked = await orderOf(alice.client, orderId);
    expect(booked).toMatchObject({ status: 'BOOKED', cancelDeadline: at('2025-03-11T06:00').toISOString() });
    expect(booked.visitNumber).toMatch(/^\d{3}$/);
    expect((await alice.client.post('/v1/orders/cancel', { orderId })).body).toMatchObject({
      state: 400,
      msg: '订单已支付',
    });
    expect(
      (await bob.client.post('/v1/orders/refundFeeAndNum', { orderId, reason: '不想去了' })).body.state,
    ).toBe(404);

    const refunded = await alice.client.post<AppointmentOrder>('/v1/orders/refundFeeAndNum', {
      orderId,
      reason: '身体好转',
    });
    expect(refunded.body.results).toMatchObject({ status: 'REFUNDED', cancelReason: '身体好转' });
    expect(refunded.body.results?.refundedAt).toBe(new Date(TEST_START).toISOString());
    expect(await remainingOf(demo, '1000', slot)).toBe(before);
    // Refunding again changes nothing.
    expect(
      (await alice.client.post('/v1/orders/refundFeeAndNum', { orderId, reason: '身体好转' })).body.results,
    ).toMatchObject({
      status: 'REFUNDED',
    });

    const late = await bookedOrder(
      server,
      alice,
      '1000',
      (await freeSlot(demo, '1000', { date: '2025-03-11', halfDay: 'AM' })).source.sourceId,
    );
    server.clock.set(at('2025-03-11T06:00'));
    const refused = await alice.client.post('/v1/orders/refundFeeAndNum', {
      orderId: late,
      reason: '身体好转',
    });
    expect(refused.body).toMatchObject({ state: 400, msg: '已超过退号截止时间（3月11日 06:00）' });
    expect(refused.body.subMsg).toContain('就诊时段开始前2小时');
    expect((await orderOf(alice.client, late)).status).toBe('BOOKED');
  });

  it('uses each hospital’s cancel rule: 1001 until 18:00 the day before', async () => {
    const slot = await freeSlot(demo, '1001', { date: '2025-03-11' });
    const orderId = await bookedOrder(server, alice, '1001', slot.source.sourceId);
    expect((await orderOf(alice.client, orderId)).cancelDeadline).toBe(at('2025-03-10T18:00').toISOString());
    server.clock.set(at('2025-03-10T18:00'));
    const refused = await alice.client.post('/v1/orders/refundFeeAndNum', { orderId, reason: '身体好转' });
    expect(refused.body).toMatchObject({ state: 400, msg: '已超过退号截止时间（3月10日 18:00）' });
    expect(refused.body.subMsg).toContain('就诊前一日18:00前');
    server.clock.set(at('2025-03-10T17:59'));
    expect(
      (await alice.client.post('/v1/orders/refundFeeAndNum', { orderId, reason: '身体好转' })).body.results,
    ).toMatchObject({
      status: 'REFUNDED',
    });
  });
});

describe('check-in and visit', () => {
  it('checks in a booked order once, on the visit day only; refuses others’, unpaid and ended ones', async () => {
    const tomorrow = await bookedOrder(
      server,
      alice,
      '1000',
      (await freeSlot(demo, '1000', { date: '2025-03-11' })).source.sourceId,
    );
    expect((await alice.client.post('/v1/orders/pre_checkin', { orderId: tomorrow })).body).toMatchObject({
      state: 400,
      msg: '未到签到时间',
      subMsg: '请于就诊当日（3月11日）到院前签到',
    });
    const slot = await freeSlot(demo, '1000', { sameDay: true, halfDay: 'PM' });
    const today = await bookedOrder(server, bob, '1000', slot.source.sourceId);
    // Someone else's order reads as not found, and stays as it was.
    expect((await alice.client.post('/v1/orders/pre_checkin', { orderId: today })).body).toMatchObject({
      state: 404,
      msg: '订单不存在',
    });
    expect((await orderOf(bob.client, today)).checkedIn).toBe(false);
    const checked = await bob.client.post<AppointmentOrder>('/v1/orders/pre_checkin', { orderId: today });
    expect(checked.body.results).toMatchObject({ status: 'BOOKED', checkedIn: true });
    // Checking in twice is refused and keeps the first check-in time.
    const checkedAt = async () =>
      (
        await server.database.db
          .select({ at: appointmentOrders.checkedInAt })
          .from(appointmentOrders)
          .where(eq(appointmentOrders.id, Number(today)))
      )[0].at;
    const first = (await checkedAt()) as Date;
    const firstChinaTime = new Date(first.getTime() + 8 * 60 * MINUTE).toISOString().slice(11, 16);
    server.clock.advance(MINUTE);
    expect((await bob.client.post('/v1/orders/pre_checkin', { orderId: today })).body).toMatchObject({
      state: 409,
      msg: '已签到',
      subMsg: `该预约已于3月10日 ${firstChinaTime}签到，无需重复签到`,
    });
    expect(await checkedAt()).toEqual(first);
    server.clock.set(at(`2025-03-10T${slot.source.endTime}`));
    expect((await orderOf(bob.client, today)).status).toBe('VISITED');
    expect((await bob.client.post('/v1/orders/pre_checkin', { orderId: today })).body).toMatchObject({
      state: 409,
    });
    expect(
      (await bob.client.post('/v1/orders/refundFeeAndNum', { orderId: today, reason: '好了' })).body,
    ).toMatchObject({
      state: 409,
      msg: '已就诊',
    });
    expect((await bob.client.post('/v1/orders/pre_checkin', { orderId: today })).body).toMatchObject({
      state: 409,
      msg: '就诊时段已结束',
    });
    const unpaid = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    expect((await alice.client.post('/v1/orders/pre_checkin', { orderId: unpaid })).body).toMatchObject({
      state: 400,
      msg: '该预约不能签到',
      subMsg: '只有预约成功（已支付）的号才能签到',
    });
    expect((await orderOf(alice.client, unpaid)).checkedIn).toBe(false);
  });
});

describe('fees', () => {
  it('splits the fee into 挂号费 and 诊查费; an order is placed as self-pay', async () => {
    const slot = await freeSlot(demo, '1000', { doctor: true, date: '2025-03-12' });
    const orderId = await pendingOrder(alice, '1000', slot.source.sourceId);
    const order = await orderOf(alice.client, orderId);
    const fee = await alice.client.post<{ items: { name: string; amount: number }[]; total: number }>(
      '/v1/orders/queryDeptFee/1000',
      undefined,
      { hisScheduleId: order.schedule.hisScheduleId, orderId },
    );
    expect(fee.body.results?.total).toBe(slot.item.fee);
    expect(fee.body.results?.items[0]).toEqual({ name: '挂号费', amount: 100 });
    expect(fee.body.results?.items[1].name).toBe('诊查费');
    expect(fee.body.results?.items.reduce((n, i) => n + i.amount, 0)).toBe(slot.item.fee);
    expect(
      (await alice.client.post('/v1/orders/queryDeptFee/1000', undefined, { hisScheduleId: 'nope', orderId }))
        .body,
    ).toMatchObject({ state: 400, msg: '排班信息不一致' });
    expect(
      (
        await alice.client.post('/v1/orders/queryDeptFee/1001', undefined, {
          hisScheduleId: order.schedule.hisScheduleId,
          orderId,
        })
      ).body,
    ).toMatchObject({ state: 404, msg: '订单不存在' });
    expect((await alice.client.post('/v1/orders/queryDeptFee/1000', undefined, { orderId })).status).toBe(
      400,
    );

    // Placed as self-pay; insurance needs the patient's authorisation (the insurance domain's tests).
    const split = await alice.client.post(`/v1/orders/preSettlement/${orderId}`);
    expect(split.body.results).toEqual({
      total: slot.item.fee,
      insurancePays: 0,
      fundPays: 0,
      accountPays: 0,
      selfPays: slot.item.fee,
    });
    const medical = await alice.client.post('/v1/pay_orders/selfOrMedicalPreSettle', {
      orderType: 'APPOINTMENT',
      orderId,
      mode: 'MEDICAL',
    });
    expect(medical.body).toMatchObject({ state: 400, msg: '请先完成医保授权' });
    expect((await bob.client.post(`/v1/orders/preSettlement/${orderId}`)).body.state).toBe(404);
    expect(
      (
        await alice.client.post('/v1/pay_orders/selfOrMedicalPreSettle', {
          orderType: 'APPOINTMENT',
          orderId: '99999',
          mode: 'SELF',
        })
      ).body.state,
    ).toBe(404);
  });

  it('gives the payment appId of each hospital', async () => {
    const a = await server.client().get<{ appId: string }>('/v1/orders/query/appid', { hospitalId: '1000' });
    const b = await server.client().get<{ appId: string }>('/v1/orders/query/appid', { hospitalId: '1001' });
    expect(a.body.results?.appId).toMatch(/^wx[0-9a-f]{16}$/);
    expect(a.body.results?.appId).not.toBe(b.body.results?.appId);
    expect((await server.client().get('/v1/orders/query/appid', { hospitalId: '4242' })).body.state).toBe(
      404,
    );
    expect((await server.client().get('/v1/orders/query/appid')).status).toBe(400);
  });
});

describe('my appointments', () => {
  it('lists placed orders only, newest first, by status and contact, ten per page', async () => {
    const carol = await newPatient(server, '13700001004', ['1000']);
    const ids: string[] = [];
    for (const date of ['2025-03-11', '2025-03-12', '2025-03-13', '2025-03-14']) {
      for (let i = 0; i < 3; i++) {
        server.clock.advance(1000);
        ids.push(await pendingOrder(carol, '1000', (await freeSlot(demo, '1000', { date })).source.sourceId));
      }
    }
    const heldOnly = await lockOk(
      carol.client,
      (await freeSlot(demo, '1000', { date: '2025-03-15' })).source.sourceId,
    );
    await pay(server, carol.client, ids[0]);
    const page1 = (
      await carol.client.post<{ orders: AppointmentOrder[]; hasMore: boolean }>('/v1/orders/query', {})
    ).body.results;
    expect(page1?.orders.map((o) => o.orderId)).toEqual([...ids].reverse().slice(0, 10));
    expect(page1?.hasMore).toBe(true);
    const page2 = (
      await carol.client.post<{ orders: AppointmentOrder[]; hasMore: boolean }>('/v1/orders/query', {
        page: 2,
      })
    ).body.results;
    expect(page2).toMatchObject({ hasMore: false });
    expect(page2?.orders.map((o) => o.orderId)).toEqual([ids[1], ids[0]]);
    expect(page2?.orders.map((o) => o.orderId)).not.toContain(heldOnly);
    const booked = (
      await carol.client.post<{ orders: AppointmentOrder[] }>('/v1/orders/query', { status: 'BOOKED' })
    ).body.results;
    expect(booked?.orders.map((o) => o.orderId)).toEqual([ids[0]]);
    const byContact = await carol.client.post<{ orders: AppointmentOrder[]; hasMore: boolean }>(
      '/v1/orders/query',
      {
        contactId: carol.contactId,
        status: 'PENDING_PAYMENT',
      },
    );
    expect(byContact.body.results?.orders).toHaveLength(10);
    expect(byContact.body.results?.hasMore).toBe(true);
    expect((await carol.client.post('/v1/orders/query', { contactId: alice.contactId })).body).toMatchObject({
      state: 404,
    });
    // Other accounts see none of them.
    const others =
      (await alice.client.post<{ orders: AppointmentOrder[] }>('/v1/orders/query', {})).body.results
        ?.orders ?? [];
    expect(others.some((o) => ids.includes(o.orderId))).toBe(false);
    expect((await alice.client.get(`/v1/orders/${ids[0]}`)).body).toMatchObject({
      state: 404,
      msg: '订单不存在',
    });
  });
});

describe('bad input changes nothing', () => {
  it('answers 400 naming the field', async () => {
    const before = await orderCount();
    const cases: [string, string, unknown, string][] = [
      ['/v1/sources/hospitals/1000/lock', 'POST', {}, 'sourceId'],
      ['/v1/sources/hospitals/1000/lock', 'POST', { sourceId: '1;drop' }, 'sourceId'],
      ['/v1/sources/hospitals/1;drop/lock', 'POST', { sourceId: '1' }, 'hospitalId'],
      ['/v1/sources/hospitals/1000/unLock', 'POST', { orderId: '' }, 'orderId'],
      ['/v1/sources/hospitals/1;drop/unLock', 'POST', { orderId: '1' }, 'hospitalId'],
      ['/v1/orders/1', 'POST', { contactId: '1' }, 'cardId'],
      ['/v1/orders/query', 'POST', { page: 0 }, 'page'],
      ['/v1/orders/query', 'POST', { status: 'PAID' }, 'status'],
      ['/v1/orders/cancel', 'POST', { orderId: '1', reason: 'x'.repeat(101) }, 'reason'],
      ['/v1/orders/refundFeeAndNum', 'POST', { orderId: '1' }, 'reason'],
      ['/v1/orders/refundFeeAndNum', 'POST', { orderId: '1', reason: '  ' }, 'reason'],
      ['/v1/orders/pre_checkin', 'POST', { orderId: ['1'] }, 'orderId'],
      ['/v1/schedules/sourceSearch', 'POST', { hospitalId: '1000', date: '2025-3-1' }, 'date'],
      ['/v1/schedules/source_search', 'POST', { hospitalId: '1000', date: '2025-3-1' }, 'date'],
      [
        '/v1/schedules/source_search',
        'POST',
        { hospitalId: '1000', date: '2025-03-01', departmentIds: 'x' },
        'departmentIds',
      ],
      ['/v1/schedules_resume/hospitals/1000/query', 'POST', { departmentId: '1', sameDay: 'yes' }, 'sameDay'],
    ];
    for (const [path, method, body, field] of cases) {
      const answer = await alice.client.call(method, `/hospital-service${path}`, { body });
      expect(answer.status, path).toBe(400);
      expect(answer.body.results, path).toEqual({ field });
      expect(answer.body.msg, path).toMatch(new RegExp(`^参数 ${field.replace('.', '\\.')} 不正确`));
    }
    expect(await orderCount()).toBe(before);
  });
});
