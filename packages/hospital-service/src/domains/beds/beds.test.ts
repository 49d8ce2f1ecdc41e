import type { BedOrder, BedOrderLog, BedOrderPage, Contact, NotificationList } from '@patient/contract';
import { ALL_ENDPOINTS } from '@patient/contract/registry';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, chinaDate } from '../../platform/clock.ts';
import { TEST_START } from '../../test/constants.ts';
import {
  addCertifiedContact,
  type Client,
  person,
  staffCall,
  staffLogin,
  startServer,
  type TestServer,
} from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';

/** Bed reservation over HTTP: the patient's side, the nurse's side and the role rules. */
let server: TestServer;
let lihong: Client; // wards W01, W02 of hospital 1000
let zhangmin: Client; // ward W03
let otherHospital: Client; // LiHong of hospital 1001

beforeAll(async () => {
  server = await startServer();
  lihong = await staffLogin(server, 'LiHong');
  zhangmin = await staffLogin(server, 'ZhangMin');
  otherHospital = await staffLogin(server, 'LiHong', '1001');
});
afterAll(() => server?.close());
afterEach(() => server.clock.set(TEST_START));

const today = chinaDate(new Date(TEST_START));
let notices = 0;
const application = (contactId: string, extra: Record<string, unknown> = {}) => ({
  hospitalId: '1000',
  contactId,
  deptCode: 'W01',
  noticeNo: `ZYTZ2025${String(++notices).padStart(4, '0')}`,
  diagnosis: '不稳定型心绞痛',
  doctorName: '李明',
  expectedDate: addDays(today, 3),
  phone: '13500001234',
  remark: '行动不便，需轮椅',
  ...extra,
});

async function patientWithContact(phone: string, n: number): Promise<{ client: Client; contact: Contact }> {
  const client = await server.login(phone);
  const contact = await addCertifiedContact(client, person(n));
  return { client, contact };
}

const apply = async (client: Client, contactId: string, extra: Record<string, unknown> = {}) => {
  const answer = await client.post<BedOrder>('/v1/bedOrder', application(contactId, extra));
  if (answer.body.state !== 200) throw new Error(answer.text);
  return answer.body.results as BedOrder;
};
const detail = async (client: Client, orderId: string) =>
  (await client.get<BedOrder>(`/v1/bedOrder/${orderId}`)).body.results as BedOrder;
const nurseConfirm = (nurse: Client, orderId: string, extra: Record<string, unknown> = {}) =>
  staffCall<BedOrder>(nurse, 'POST', '/v1/WXCorp/bedOrder/confirm', {
    orderId,
    date: addDays(today, 2),
    period: 'AM',
    bedNo: '08',
    ...extra,
  });
const list = (nurse: Client, type: 'pending' | 'confirm' | 'finish', body: Record<string, unknown> = {}) =>
  staffCall<BedOrderPage>(nurse, 'POST', `/v1/WXCorp/bedOrder/${type}/page`, body);
const logsOf = async (nurse: Client, orderId: string) =>
  (
    await staffCall<{ items: BedOrderLog[] }>(nurse, 'POST', '/v1/WXCorp/bedOrder/behaviorLog/page', {
      orderId,
    })
  ).body.results?.items ?? [];

describe('the patient applies, the ward offers a time, the patient confirms', () => {
  it('goes PENDING → CONFIRMED → FINISHED, with the lists, counts and the log of who did what', async () => {
    const { client, contact } = await patientWithContact('13700027001', 1);
    const wards = (await client.get<unknown[]>('/v1/bedOrder/dept', { hospitalId: '1000' })).body.results;
    expect(wards).toHaveLength(6);
    const counts = async () => (await staffCall(lihong, 'GET', '/v1/WXCorp/bedOrder/count')).body.results;
    const before = (await counts()) as { pending: number; confirm: number; finish: number };

    const order = await apply(client, contact.contactId);
    expect(order).toMatchObject({
      status: 'PENDING',
      source: 'APP',
      patientName: contact.contactDO.name,
      deptName: '心血管内科病区',
      admission: null,
      appliedAt: TEST_START,
    });
    expect(order.orderNo).toMatch(/^BR\d{8}$/);
    const mine = (await client.post<BedOrderPage>('/v1/bedOrder/page', { hospitalId: '1000' })).body.results;
    expect(mine).toMatchObject({ total: 1, page: 1, items: [{ orderId: order.orderId }] });
    expect(await counts()).toEqual({ ...before, pending: before.pending + 1 });
    expect((await list(lihong, 'pending')).body.results?.items.map((o) => o.orderId)).toContain(
      order.orderId,
    );

    // Not yet arranged: the patient cannot confirm.
    expect((await client.post('/v1/bedOrder/confirmTime', { orderId: order.orderId })).body).toMatchObject({
      state: 409,
      msg: '病区尚未安排入院时间',
    });

    const confirmed = (await nurseConfirm(lihong, order.orderId, { note: '请空腹' })).body
      .results as BedOrder;
    expect(confirmed).toMatchObject({
      status: 'CONFIRMED',
      admission: { date: addDays(today, 2), period: 'AM', bedNo: '08', note: '请空腹' },
    });
    expect(confirmed.admission?.by).toContain('李红护士长');
    expect(await detail(client, order.orderId)).toMatchObject({
      status: 'CONFIRMED',
      confirmedAt: TEST_START,
    });
    expect(await counts()).toEqual({ ...before, confirm: before.confirm + 1 });
    // The applicant is told through the inbox, the patient's name masked, the link to the confirmation.
    const inbox = (await client.get<NotificationList>('/v1/notifications', { hospitalId: '1000' })).body
      .results;
    expect(inbox?.items[0]).toMatchObject({
      kind: 'ADMISSION',
      title: '入院时间已安排',
      link: `/bedReservation/patient/confirm/${order.orderId}`,
    });
    expect(inbox?.items[0].body.join('')).toContain(`心血管内科病区为${contact.contactDO.name[0]}*`);
    expect(inbox?.items[0].body.join('')).toContain(`${addDays(today, 2)} 上午 8:00–11:30 入院，床号 08`);

    const finished = (await client.post<BedOrder>('/v1/bedOrder/confirmTime', { orderId: order.orderId }))
      .body.results as BedOrder;
    expect(finished).toMatchObject({ status: 'FINISHED', finishedAt: TEST_START });
    expect((await list(lihong, 'finish')).body.results?.items.map((o) => o.orderId)).toContain(order.orderId);
    expect((await client.post('/v1/bedOrder/confirmTime', { orderId: order.orderId })).body.state).toBe(409);
    expect((await nurseConfirm(lihong, order.orderId)).body.state).toBe(409);
    expect((await client.post(`/v1/bedOrder/${order.orderId}`, {})).body).toMatchObject({ state: 409 });

    expect((await logsOf(lihong, order.orderId)).map((l) => [l.action, l.actorKind, l.actor, l.at])).toEqual([
      ['APPLY', 'PATIENT', contact.contactDO.name, TEST_START],
      ['CONFIRM', 'STAFF', '李红（护士长）', TEST_START],
      ['PATIENT_CONFIRM', 'PATIENT', contact.contactDO.name, TEST_START],
    ]);
  });

  it('lets the nurse change an offered time, and refuses a day in the past or too far ahead', async () => {
    const { client, contact } = await patientWithContact('13700027002', 2);
    const order = await apply(client, contact.contactId);
    expect((await nurseConfirm(lihong, order.orderId, { date: addDays(today, -1) })).body).toMatchObject({
      state: 400,
      subMsg: '入院日期不能早于今天',
    });
    expect((await nurseConfirm(lihong, order.orderId, { date: addDays(today, 61) })).body.state).toBe(400);
    expect((await nurseConfirm(lihong, order.orderId, { date: '2025-02-30' })).body.state).toBe(400);
    expect((await nurseConfirm(lihong, order.orderId, { period: 'NIGHT' })).body.state).toBe(400);
    expect((await nurseConfirm(lihong, order.orderId)).body.state).toBe(200);
    const changed = (await nurseConfirm(lihong, order.orderId, { date: addDays(today, 5), period: 'PM' }))
      .body.results;
    expect(changed?.admission).toMatchObject({ date: addDays(today, 5), period: 'PM' });
    expect((await logsOf(lihong, order.orderId)).map((l) => l.detail)).toEqual([
      '申请心血管内科病区床位',
      `安排 ${addDays(today, 2)} 上午 8:00–11:30 入院，床号 08`,
      `改为 ${addDays(today, 5)} 下午 14:00–17:00 入院，床号 08`,
    ]);
    // A time that has passed cannot be confirmed by the patient (today's, on the next day).
    await nurseConfirm(lihong, order.orderId, { date: today });
    server.clock.set(new Date(new Date(TEST_START).getTime() + 16 * 3600 * 1000).toISOString());
    expect((await client.post('/v1/bedOrder/confirmTime', { orderId: order.orderId })).body).toMatchObject({
      state: 409,
      msg: '入院时间已过',
    });
  });
});

describe('the patient’s input and records', () => {
  it('refuses bad input with a 400 and a Chinese message', async () => {
    const { client, contact } = await patientWithContact('13700027003', 3);
    const bad = async (extra: Record<string, unknown>) =>
      (await client.post('/v1/bedOrder', application(contact.contactId, extra))).body;
    expect((await bad({ noticeNo: '入院' })).state).toBe(400);
    expect((await bad({ diagnosis: '   ' })).state).toBe(400);
    expect((await bad({ phone: '12345' })).state).toBe(400);
    expect(await bad({ deptCode: 'W99' })).toMatchObject({ state: 400, subMsg: '请选择病区' });
    expect(await bad({ expectedDate: addDays(today, -2) })).toMatchObject({
      subMsg: '期望入院日期不能早于今天',
    });
    expect((await bad({ remark: 'x'.repeat(201) })).state).toBe(400);
    expect((await bad({ hospitalId: '9999' })).state).toBe(404);
    expect((await client.post('/v1/bedOrder', 'nope')).status).toBe(400);
    expect(
      (await client.post<BedOrderPage>('/v1/bedOrder/page', { hospitalId: '1000' })).body.results?.total,
    ).toBe(0);
  });

  it('refuses a second live order of the same admission notice, and takes it again once cancelled', async () => {
    const { client, contact } = await patientWithContact('13700027004', 4);
    const order = await apply(client, contact.contactId, { noticeNo: 'ZYTZ99990001' });
    expect(
      (await client.post('/v1/bedOrder', application(contact.contactId, { noticeNo: 'zytz99990001' }))).body,
    ).toMatchObject({ state: 409, msg: '该入院通知单已预约' });
    const cancelled = (
      await client.post<BedOrder>(`/v1/bedOrder/${order.orderId}`, { reason: '改去其他医院' })
    ).body.results;
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      cancelReason: '改去其他医院',
      cancelledAt: TEST_START,
    });
    expect((await client.post(`/v1/bedOrder/${order.orderId}`)).body).toMatchObject({
      state: 409,
      msg: '该预约已取消',
    });
    expect((await client.post('/v1/bedOrder/confirmTime', { orderId: order.orderId })).body.state).toBe(409);
    await apply(client, contact.contactId, { noticeNo: 'ZYTZ99990001' });
    // The nurse cannot act on a cancelled order.
    expect((await nurseConfirm(lihong, order.orderId)).body).toMatchObject({
      state: 409,
      msg: '该预约已取消',
    });
  });

  it('answers another account’s order and contact as missing, and changes nothing', async () => {
    const owner = await patientWithContact('13700027005', 5);
    const stranger = await patientWithContact('13700027006', 6);
    const order = await apply(owner.client, owner.contact.contactId);
    expect((await stranger.client.get(`/v1/bedOrder/${order.orderId}`)).body).toMatchObject({
      state: 404,
      msg: '床位预约不存在',
    });
    expect((await stranger.client.post(`/v1/bedOrder/${order.orderId}`, {})).body.state).toBe(404);
    await nurseConfirm(lihong, order.orderId);
    expect(
      (await stranger.client.post('/v1/bedOrder/confirmTime', { orderId: order.orderId })).body.state,
    ).toBe(404);
    expect(
      (await stranger.client.post('/v1/bedOrder', application(owner.contact.contactId))).body,
    ).toMatchObject({
      state: 404,
      msg: '就诊人不存在',
    });
    expect((await stranger.client.get('/v1/bedOrder/abc')).body.state).toBe(404);
    expect(await detail(owner.client, order.orderId)).toMatchObject({
      status: 'CONFIRMED',
      cancelledAt: null,
    });
    // The demo account's seeded order is its own.
    const demo = await server.login(DEMO_PHONE);
    const seeded = (await demo.post<BedOrderPage>('/v1/bedOrder/page', { hospitalId: '1000' })).body.results;
    expect(seeded?.items.map((o) => [o.patientName, o.status])).toEqual([['张伟', 'CONFIRMED']]);
  });
});

describe('the nurse’s role', () => {
  const staffEndpoints = ALL_ENDPOINTS.filter((e) => e.service === 'staff' && e.auth);

  it('refuses every staff call to a patient’s session (403) and without a session (401)', async () => {
    expect(staffEndpoints.length).toBeGreaterThanOrEqual(11);
    const patient = await server.login('13700027007');
    const anonymous = server.client();
    for (const e of staffEndpoints) {
      const path = e.path.replace(':orderId', '1');
      const a = await staffCall(
        patient,
        e.method as 'GET' | 'POST',
        path,
        e.method === 'GET' ? undefined : {},
      );
      expect([e.id, a.status, a.body.subMsg]).toEqual([e.id, 403, '仅限医院工作人员使用']);
      const b = await staffCall(
        anonymous,
        e.method as 'GET' | 'POST',
        path,
        e.method === 'GET' ? undefined : {},
      );
      expect([e.id, b.status]).toEqual([e.id, 401]);
    }
  });

  it('shows a nurse only her wards’ orders: another ward’s or hospital’s order is 404 and stays as it was', async () => {
    const { client, contact } = await patientWithContact('13700027008', 7);
    const order = await apply(client, contact.contactId);
    for (const nurse of [zhangmin, otherHospital]) {
      expect(
        (await staffCall(nurse, 'GET', `/v1/WXCorp/bedOrder/detail/${order.orderId}`)).body,
      ).toMatchObject({
        state: 404,
        msg: '床位预约不存在',
      });
      expect((await nurseConfirm(nurse, order.orderId)).body.state).toBe(404);
      expect(
        (
          await staffCall(nurse, 'POST', '/v1/WXCorp/bedOrder/transferDepartment', {
            orderId: order.orderId,
            deptCode: 'W03',
            reason: '患者要求',
          })
        ).body.state,
      ).toBe(404);
      expect(
        (await staffCall(nurse, 'POST', '/v1/WXCorp/bedOrder/behaviorLog/page', { orderId: order.orderId }))
          .body.state,
      ).toBe(404);
      expect((await list(nurse, 'pending')).body.results?.items.map((o) => o.orderId)).not.toContain(
        order.orderId,
      );
    }
    expect((await list(zhangmin, 'pending', { deptCode: 'W01' })).body).toMatchObject({
      state: 404,
      msg: '病区不存在',
    });
    expect(
      (await staffCall(zhangmin, 'GET', '/v1/WXCorp/bedOrder/count', { deptCode: 'W01' })).body.state,
    ).toBe(404);
    expect(await detail(client, order.orderId)).toMatchObject({ status: 'PENDING', admission: null });
    expect(await logsOf(lihong, order.orderId)).toHaveLength(1);
    // Her lists by ward and by keyword.
    expect(
      (await list(lihong, 'pending', { deptCode: 'W02' })).body.results?.items.map((o) => o.orderId),
    ).not.toContain(order.orderId);
    expect((await list(lihong, 'pending', { keyword: order.noticeNo })).body.results).toMatchObject({
      total: 1,
      items: [{ orderId: order.orderId }],
    });
    expect((await list(lihong, 'pending', { keyword: '%' })).body.results?.total).toBe(0);
    expect((await list(lihong, 'pending', { pageSize: 51 })).status).toBe(400);
  });

  it('transfers an order to another ward: back to pending there, out of her sight, logged', async () => {
    const { client, contact } = await patientWithContact('13700027009', 8);
    const order = await apply(client, contact.contactId);
    await nurseConfirm(lihong, order.orderId);
    const transfer = (extra: Record<string, unknown>) =>
      staffCall<BedOrder>(lihong, 'POST', '/v1/WXCorp/bedOrder/transferDepartment', {
        orderId: order.orderId,
        deptCode: 'W03',
        reason: '本病区床位已满',
        ...extra,
      });
    expect((await transfer({ deptCode: 'W01' })).body).toMatchObject({
      state: 400,
      subMsg: '请选择其他病区',
    });
    expect((await transfer({ deptCode: 'W77' })).body.state).toBe(400);
    expect((await transfer({ reason: '' })).body.state).toBe(400);
    const moved = (await transfer({})).body.results;
    expect(moved).toMatchObject({
      status: 'PENDING',
      deptCode: 'W03',
      deptName: '消化内科病区',
      admission: null,
    });
    expect((await staffCall(lihong, 'GET', `/v1/WXCorp/bedOrder/detail/${order.orderId}`)).body.state).toBe(
      404,
    );
    expect((await staffCall(zhangmin, 'GET', `/v1/WXCorp/bedOrder/detail/${order.orderId}`)).body.state).toBe(
      200,
    );
    expect((await logsOf(zhangmin, order.orderId)).map((l) => [l.action, l.actor, l.detail])).toEqual([
      ['APPLY', contact.contactDO.name, '申请心血管内科病区床位'],
      ['CONFIRM', '李红（护士长）', `安排 ${addDays(today, 2)} 上午 8:00–11:30 入院，床号 08`],
      ['TRANSFER', '李红（护士长）', '由心血管内科病区转至消化内科病区：本病区床位已满'],
    ]);
    expect(await detail(client, order.orderId)).toMatchObject({
      status: 'PENDING',
      deptName: '消化内科病区',
    });
  });

  it('registers a patient at the desk for one of her wards only', async () => {
    const desk = {
      patientName: '孙丽',
      deptCode: 'W03',
      noticeNo: 'ZYTZ55550001',
      diagnosis: '急性胰腺炎',
      doctorName: '吴刚',
      phone: '13600003333',
    };
    const created = await staffCall<BedOrder>(zhangmin, 'POST', '/v1/WXCorp/bedOrder/create', desk);
    expect(created.body.results).toMatchObject({
      status: 'PENDING',
      source: 'DESK',
      contactId: null,
      patientName: '孙丽',
    });
    expect((await staffCall(zhangmin, 'POST', '/v1/WXCorp/bedOrder/create', desk)).body.state).toBe(409);
    expect(
      (
        await staffCall(zhangmin, 'POST', '/v1/WXCorp/bedOrder/create', {
          ...desk,
          noticeNo: 'ZYTZ55550002',
          deptCode: 'W01',
        })
      ).body.state,
    ).toBe(404);
    expect(
      (
        await staffCall(zhangmin, 'POST', '/v1/WXCorp/bedOrder/create', {
          ...desk,
          noticeNo: 'ZYTZ55550003',
          phone: '1',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await staffCall(zhangmin, 'POST', '/v1/WXCorp/bedOrder/create', {
          ...desk,
          noticeNo: 'ZYTZ55550004',
          patientName: '',
        })
      ).status,
    ).toBe(400);
    const log = await logsOf(zhangmin, created.body.results?.orderId ?? '');
    expect(log.map((l) => [l.action, l.actorKind, l.actor, l.detail])).toEqual([
      ['CREATE', 'STAFF', '张敏（责任护士）', '为孙丽登记消化内科病区床位'],
    ]);
  });

  it('gives her the wards (hers marked) and the dictionary', async () => {
    const wards = (
      await staffCall<{ deptCode: string; mine: boolean }[]>(lihong, 'GET', '/v1/WXCorp/department')
    ).body.results;
    expect(wards?.filter((w) => w.mine).map((w) => w.deptCode)).toEqual(['W01', 'W02']);
    const dictionary = (await staffCall<{ periods: unknown[] }>(lihong, 'GET', '/v1/WXCorp/dictionary')).body
      .results;
    expect(dictionary?.periods).toHaveLength(2);
  });
});
