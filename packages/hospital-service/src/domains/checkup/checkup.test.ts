import type { CheckupApplication, Contact } from '@patient/contract';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/constants.ts';
import { type Client, person, proveContact, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { filedBeforehand } from '../patients/index.ts';
import { applicationsOf, ITEM_TYPES, reservedPlaces } from './his.ts';
import { checkupApplications } from './tables.ts';

/**
 * Check-up appointments: the service plays the HIS (requests, places per day and time slot, notices).
 * The clock starts on Monday 2025-03-10 at 09:00 China time.
 */
let server: TestServer;
let demo: Client;
let self: Contact;
let mother: Contact;

beforeAll(async () => {
  server = await startServer();
  demo = await server.login(DEMO_PHONE);
  [self, mother] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
  // 张伟 is 本人 and certified; his mother is proven with the code the HIS sends to her phone (the demo's).
  mother = await proveContact(server, demo, mother.contactId);
});
afterAll(() => server?.close());
afterEach(() => server.clock.set(TEST_START));

const base = '/v1/checkByHospital';
const list = async (client: Client, contactId: string, hospitalId = '1000') =>
  client.post<CheckupApplication[]>(`${base}/getCheckApply/${hospitalId}`, { contactId });
const keyOf = (a: CheckupApplication) => ({ applicationNo: a.applicationNo, orderItemId: a.orderItemId });
const chooseDateParams = (a: CheckupApplication) => ({
  ...keyOf(a),
  visitType: a.visitType,
  itemCode: a.itemCode,
  urgentFlag: a.urgentFlag,
  emergencySchedule: a.emergencySchedule,
  itemTypeId: a.itemTypeId,
});
type Time = { workNo: string; batchId: string; timeRange: string; available: number };
const timesOf = async (a: CheckupApplication, date: string) =>
  (await demo.post<Time[]>(`${base}/getSchedulingTime/1000`, { ...keyOf(a), date })).body.results ?? [];
const book = (client: Client, a: CheckupApplication, date: string, t: Time) =>
  client.post<CheckupApplication>(`${base}/saveOrder/1000`, { ...keyOf(a), date, ...t });
const countRows = async () =>
  (await server.database.db.select({ n: count() }).from(checkupApplications))[0].n;

describe('check-up requests', () => {
  it('lists the demo patient’s requests: the HIS’s own and a gastroscopy done last week', async () => {
    const apps = (await list(demo, self.contactId)).body.results ?? [];
    const expected = applicationsOf({
      hospitalId: '1000',
      identityCard: self.contactDO.documentNumber,
      name: '张伟',
    });
    expect(apps.map((a) => a.applicationNo).sort()).toEqual(
      [...expected.map((e) => e.applicationNo), 'SQ100000000001'].sort(),
    );
    const done = apps.find((a) => a.applicationNo === 'SQ100000000001') as CheckupApplication;
    expect(done).toMatchObject({
      status: 'DONE',
      itemName: '电子胃镜检查',
      itemTypeName: '内镜检查',
      departmentName: '消化内镜中心',
      patientName: '张伟',
      appointment: { date: '2025-03-03', timeRange: '08:00-09:00', location: '门诊楼4层 消化内镜中心' },
    });
    for (const a of apps.filter((x) => x !== done)) {
      expect(a).toMatchObject({ status: 'UNBOOKED', appointment: null, contactId: self.contactId });
      expect(a.itemTypeName).toBe(ITEM_TYPES[a.itemTypeId as keyof typeof ITEM_TYPES].name);
    }
    // Newest request first.
    expect([...apps].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt))).toEqual(apps);
  });

  it('creates a filed person’s requests on the first look, once; unfiled people have none', async () => {
    const client = await server.login('13700003001');
    let n = 1;
    while (
      !filedBeforehand({ hospitalId: '1002', identityCard: person(n).documentNumber, name: person(n).name })
    )
      n++;
    const filed = (await client.post<Contact>('/addPatient', person(n, { phone: '13700003001' }))).body
      .results as Contact;
    await proveContact(server, client, filed.contactId);
    const first = (await list(client, filed.contactId, '1002')).body.results ?? [];
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(first.every((a) => a.applicationNo.startsWith('SQ1002'))).toBe(true);
    const again = await Promise.all([1, 2, 3].map(() => list(client, filed.contactId, '1002')));
    for (const a of again) expect(a.body.results).toEqual(first);

    let m = n + 1;
    while (
      filedBeforehand({ hospitalId: '1002', identityCard: person(m).documentNumber, name: person(m).name })
    )
      m++;
    const unfiled = (await client.post<Contact>('/addPatient', person(m, { phone: '13700003001' }))).body
      .results as Contact;
    await proveContact(server, client, unfiled.contactId);
    expect((await list(client, unfiled.contactId, '1002')).body.results).toEqual([]);
    // Someone else's contact is not found; nor is an unknown hospital.
    expect((await list(client, self.contactId)).body).toMatchObject({ state: 404, msg: '就诊人不存在' });
    expect((await list(demo, self.contactId, '4242')).body).toMatchObject({ state: 404, msg: '医院不存在' });
  });
});

describe('choosing a date and a time', () => {
  it('answers the places left for 14 days from tomorrow, and per time slot', async () => {
    const apps = (await list(demo, self.contactId)).body.results ?? [];
    const endoscopy = apps.find((a) => a.itemCode === 'ES002') as CheckupApplication;
    const days =
      (
        await demo.post<{ date: string; available: number }[]>(
          `${base}/getRemainingNumber/1000`,
          chooseDateParams(endoscopy),
        )
      ).body.results ?? [];
    expect(days).toHaveLength(14);
    expect(days[0].date).toBe('2025-03-11');
    expect(days.at(-1)?.date).toBe('2025-03-24');
    // No endoscopy at weekends.
    expect(days.find((d) => d.date === '2025-03-15')?.available).toBe(0);
    expect(days.find((d) => d.date === '2025-03-16')?.available).toBe(0);
    const times = await timesOf(endoscopy, '2025-03-14');
    expect(times.map((t) => t.timeRange)).toEqual([
      '08:00-09:00',
      '09:00-10:00',
      '10:00-11:00',
      '14:00-15:00',
      '15:00-16:00',
    ]);
    expect(times.every((t) => t.workNo === 'ES20250314')).toBe(true);
    expect(times.reduce((n, t) => n + t.available, 0)).toBe(
      days.find((d) => d.date === '2025-03-14')?.available,
    );
    // An urgent request can be booked today (its slots that have started are closed).
    const urgent = ((await list(demo, mother.contactId)).body.results ?? []).find(
      (a) => a.urgentFlag === '1',
    ) as CheckupApplication;
    const urgentDays =
      (await demo.post<{ date: string }[]>(`${base}/getRemainingNumber/1000`, chooseDateParams(urgent))).body
        .results ?? [];
    expect(urgentDays[0].date).toBe('2025-03-10');
    expect(
      (await timesOf(urgent, '2025-03-10'))
        .filter((t) => t.timeRange < '09:00')
        .every((t) => t.available === 0),
    ).toBe(true);

    expect(
      (
        await demo.post(`${base}/getRemainingNumber/1000`, {
          ...chooseDateParams(endoscopy),
          itemCode: 'CT001',
        })
      ).body,
    ).toMatchObject({ state: 400, msg: '检查申请信息不一致' });
    expect(
      (await demo.post(`${base}/getSchedulingTime/1000`, { ...keyOf(endoscopy), date: '2025-04-30' })).body,
    ).toMatchObject({
      state: 400,
      msg: '不可预约该日期',
    });
    const stranger = await server.login('13700003002');
    expect(
      (await stranger.post(`${base}/getRemainingNumber/1000`, chooseDateParams(endoscopy))).body,
    ).toMatchObject({
      state: 404,
      msg: '检查申请不存在',
    });
    expect(
      (await stranger.post(`${base}/getSchedulingTime/1000`, { ...keyOf(endoscopy), date: '2025-03-14' }))
        .body.state,
    ).toBe(404);
  });
});

describe('booking, cancelling', () => {
  it('books a slot with places (once per request), and cancels until 24 h before', async () => {
    const apps = (await list(demo, self.contactId)).body.results ?? [];
    const ultrasound = apps.find((a) => a.itemTypeId === 'US') as CheckupApplication;
    const [slot] = (await timesOf(ultrasound, '2025-03-13')).filter((t) => t.available >= 2);
    const booked = await book(demo, ultrasound, '2025-03-13', slot);
    expect(booked.body.results).toMatchObject({
      status: 'BOOKED',
      appointment: {
        date: '2025-03-13',
        timeRange: slot.timeRange,
        location: '门诊楼3层 超声科',
        bookedAt: new Date(TEST_START).toISOString(),
      },
    });
    expect((await timesOf(ultrasound, '2025-03-13')).find((t) => t.batchId === slot.batchId)?.available).toBe(
      slot.available - 1,
    );
    expect((await book(demo, ultrasound, '2025-03-13', slot)).body).toMatchObject({
      state: 409,
      msg: '已预约',
    });
    const detail = ((await list(demo, self.contactId)).body.results ?? []).find(
      (a) => a.applicationNo === ultrasound.applicationNo,
    );
    expect(detail?.status).toBe('BOOKED');

    const rule = await demo.post<{ canCancel: boolean; deadline: string | null }>(
      `/check/cancel_OrderInfo/1000`,
      keyOf(ultrasound),
    );
    const start = new Date(`2025-03-13T${slot.timeRange.slice(0, 5)}:00+08:00`);
    expect(rule.body.results).toEqual({
      canCancel: true,
      deadline: new Date(start.getTime() - 86_400_000).toISOString(),
      reason: null,
    });
    const cancelled = await demo.post<CheckupApplication>(`${base}/cancleOrder/1000`, keyOf(ultrasound));
    expect(cancelled.body.results).toMatchObject({ status: 'CANCELLED', appointment: null });
    expect((await timesOf(ultrasound, '2025-03-13')).find((t) => t.batchId === slot.batchId)?.available).toBe(
      slot.available,
    );

    // Booked again for tomorrow morning: less than 24 h ahead, so no online cancel.
    const [soon] = (await timesOf(ultrasound, '2025-03-11')).filter(
      (t) => t.available > 0 && t.timeRange < '09:00',
    );
    expect((await book(demo, ultrasound, '2025-03-11', soon)).body.results?.status).toBe('BOOKED');
    const late = await demo.post<{ canCancel: boolean; reason: string }>(
      `/check/cancel_OrderInfo/1000`,
      keyOf(ultrasound),
    );
    expect(late.body.results).toMatchObject({
      canCancel: false,
      reason: '距检查开始已不足24小时，不能在线取消，如需改约请联系检查科室',
    });
    expect((await demo.post(`${base}/cancleOrder/1000`, keyOf(ultrasound))).body).toMatchObject({
      state: 400,
      msg: '不能取消',
    });
    // After the slot it reads as done (a day later: log in again, the session lasts one day).
    server.clock.set(new Date('2025-03-11T02:00:00.000Z'));
    await server.login(DEMO_PHONE, demo);
    const after = ((await list(demo, self.contactId)).body.results ?? []).find(
      (a) => a.applicationNo === ultrasound.applicationNo,
    );
    expect(after?.status).toBe('DONE');
  });

  it('refuses a full slot, a wrong slot, a done request and another account’s request', async () => {
    const [ct] = ((await list(demo, self.contactId)).body.results ?? []).filter((a) => a.itemTypeId === 'CT');
    const [urgentCt] = ((await list(demo, mother.contactId)).body.results ?? []).filter(
      (a) => a.itemTypeId === 'CT',
    );
    // CT on 03-11 08:00–09:00… one slot has a single place left (the HIS's reserved places are deterministic).
    const lastPlace = ITEM_TYPES.CT.batches.find(
      (b) =>
        ITEM_TYPES.CT.capacity - reservedPlaces('1000', 'CT', '2025-03-11', b.batchId, '2025-03-10') === 1,
    );
    const slot = (await timesOf(ct, '2025-03-11')).find((t) => t.batchId === lastPlace?.batchId) as Time;
    expect(slot.available).toBe(1);
    expect((await book(demo, ct, '2025-03-11', slot)).body.state).toBe(200);
    expect((await book(demo, urgentCt, '2025-03-11', slot)).body).toMatchObject({
      state: 409,
      msg: '该时段已约满',
    });

    const free = (await timesOf(urgentCt, '2025-03-12')).find((t) => t.available > 0) as Time;
    const before = await countRows();
    for (const wrong of [
      { ...free, timeRange: '07:00-08:00' },
      { ...free, workNo: 'CT20250313' },
      { ...free, batchId: 'B99' },
    ]) {
      expect((await book(demo, urgentCt, '2025-03-12', wrong)).body).toMatchObject({
        state: 400,
        msg: '预约时段不正确',
      });
    }
    const done = ((await list(demo, self.contactId)).body.results ?? []).find(
      (a) => a.status === 'DONE',
    ) as CheckupApplication;
    expect((await book(demo, done, '2025-03-12', free)).body).toMatchObject({
      state: 409,
      msg: '检查已完成',
    });
    expect((await demo.post(`/check/cancel_OrderInfo/1000`, keyOf(done))).body.results).toMatchObject({
      canCancel: false,
      reason: '检查已完成，不能取消',
    });
    const stranger = await server.login('13700003003');
    expect((await book(stranger, urgentCt, '2025-03-12', free)).body).toMatchObject({
      state: 404,
      msg: '检查申请不存在',
    });
    expect((await stranger.post(`${base}/cancleOrder/1000`, keyOf(ct))).body.state).toBe(404);
    expect((await stranger.post(`/check/cancel_OrderInfo/1000`, keyOf(ct))).body.state).toBe(404);
    expect(await countRows()).toBe(before);
  });
});

describe('notices, reminders and bad input', () => {
  it('answers notices per item and the preparation reminders (DJLF)', async () => {
    const notices = (
      await demo.post<{ notices: string[] }>(`${base}/getAnnouncementsInfo/1000`, { itemCode: 'US001' })
    ).body.results;
    expect(notices?.notices).toContain('检查前须空腹8小时（前一日晚餐后禁食）。');
    expect(notices?.notices[0]).toBe(ITEM_TYPES.US.notices[0]);
    expect((await demo.post(`${base}/getAnnouncementsInfo/1000`, { itemCode: 'XX999' })).body).toMatchObject({
      state: 404,
      msg: '检查项目不存在',
    });
    const reminders =
      (await server.client().get<{ id: string; title: string; content: string[] }[]>('/v1/dict/DJLF')).body
        .results ?? [];
    expect(reminders.map((r) => r.id)).toEqual(['GENERAL', 'CT', 'MR', 'US', 'ES']);
    for (const r of reminders) expect(r.content.length).toBeGreaterThan(0);
  });

  it('answers 400 naming the field and changes nothing', async () => {
    const before = await countRows();
    const cases: [string, unknown, string][] = [
      [`${base}/getCheckApply/1000`, {}, 'contactId'],
      [`${base}/getRemainingNumber/1000`, { applicationNo: 'SQ<1>', orderItemId: 'YZ1' }, 'applicationNo'],
      [`${base}/getSchedulingTime/1000`, { applicationNo: 'SQ1', orderItemId: 'YZ1', date: '03/11' }, 'date'],
      [
        `${base}/saveOrder/1000`,
        {
          applicationNo: 'SQ1',
          orderItemId: 'YZ1',
          date: '2025-03-11',
          available: 1,
          workNo: 'CT1',
          batchId: 'B01',
          timeRange: '8-9',
        },
        'timeRange',
      ],
      [`${base}/getAnnouncementsInfo/1000`, { itemCode: '' }, 'itemCode'],
      [`${base}/cancleOrder/1000`, { applicationNo: 'SQ1' }, 'orderItemId'],
    ];
    for (const [path, body, field] of cases) {
      const answer = await demo.post(path, body);
      expect(answer.status, path).toBe(400);
      expect(answer.body.results, path).toEqual({ field });
    }
    expect(
      (await server.client().post(`${base}/getCheckApply/1000`, { contactId: self.contactId })).status,
    ).toBe(401);
    expect(await countRows()).toBe(before);
  });
});
