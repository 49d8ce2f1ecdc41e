import type { BedOrder, DataAccessRecord } from '@patient/contract';
import { maskName } from '@patient/validation';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { staffDataAccess } from './tables.ts';

/** 访问记录: a nurse's reads of a patient's bed order are written down, shown to that patient only, never changed. */
let server: TestServer;
let lihong: Client;

beforeAll(async () => {
  server = await startServer();
  lihong = await staffLogin(server, 'LiHong');
});
afterAll(() => server?.close());

const today = chinaDate(new Date(TEST_START));

async function applied(phone: string, n: number, notice: string) {
  const client = await server.login(phone);
  const contact = await addCertifiedContact(client, person(n));
  const answer = await client.post<BedOrder>('/v1/bedOrder', {
    hospitalId: '1000',
    contactId: contact.contactId,
    deptCode: 'W01',
    noticeNo: notice,
    diagnosis: '不稳定型心绞痛',
    doctorName: '李明',
    expectedDate: addDays(today, 3),
    phone,
  });
  expect(answer.body.state, answer.text).toBe(200);
  return { client, contact, order: answer.body.results as BedOrder };
}

const accessLog = async (client: Client, hospitalId = '1000') => {
  const answer = await client.get<{ items: DataAccessRecord[]; total: number }>('/v1/privacy/access-log', {
    hospitalId,
  });
  expect(answer.body.state, answer.text).toBe(200);
  return answer.body.results as { items: DataAccessRecord[]; total: number };
};

describe('the access log (访问记录)', () => {
  it("records the nurse's list, detail, log and change, and shows them to that patient only, newest first", async () => {
    const mine = await applied('13700029001', 1, 'ZYTZ2026A001');
    const other = await applied('13700029002', 2, 'ZYTZ2026A002');
    expect((await accessLog(mine.client)).total).toBe(0);

    const listed = await staffCall(lihong, 'POST', '/v1/WXCorp/bedOrder/pending/page', {
      keyword: 'ZYTZ2026A001',
    });
    expect(listed.body.state, listed.text).toBe(200);
    await staffCall(lihong, 'GET', `/v1/WXCorp/bedOrder/detail/${mine.order.orderId}`);
    await staffCall(lihong, 'POST', '/v1/WXCorp/bedOrder/behaviorLog/page', { orderId: mine.order.orderId });
    const offered = await staffCall(lihong, 'POST', '/v1/WXCorp/bedOrder/confirm', {
      orderId: mine.order.orderId,
      date: addDays(today, 2),
      period: 'AM',
    });
    expect(offered.body.state, offered.text).toBe(200);

    const log = await accessLog(mine.client);
    expect(log.total).toBe(4);
    expect(log.items.map((r) => [r.action, r.what])).toEqual([
      ['CHANGE', `床位预约 ${mine.order.orderNo} 安排入院时间`],
      ['VIEW', `床位预约 ${mine.order.orderNo} 处理记录`],
      ['VIEW', `床位预约 ${mine.order.orderNo}`],
      ['LIST', `床位预约 ${mine.order.orderNo}`],
    ]);
    for (const r of log.items) {
      expect(r).toMatchObject({ staffName: '李红', staffTitle: '护士长', purpose: '安排住院床位' });
      expect(r.patientName).toBe(maskName(person(1).name));
    }
    // The other patient's order was not read: nothing of the first one reaches them, nor another hospital's log.
    expect((await accessLog(other.client)).total).toBe(0);
    expect((await accessLog(mine.client, '1001')).total).toBe(0);
  });

  it('cannot be changed or deleted, even in SQL; an account removed only detaches its rows', async () => {
    const { client, order } = await applied('13700029003', 3, 'ZYTZ2026A003');
    await staffCall(lihong, 'GET', `/v1/WXCorp/bedOrder/detail/${order.orderId}`);
    const { db } = server.database;
    const [row] = await db
      .select()
      .from(staffDataAccess)
      .where(eq(staffDataAccess.what, `床位预约 ${order.orderNo}`));
    expect(row).toBeTruthy();
    await expect(
      db.update(staffDataAccess).set({ staffName: '某人' }).where(eq(staffDataAccess.id, row.id)),
    ).rejects.toThrow();
    await expect(db.delete(staffDataAccess).where(eq(staffDataAccess.id, row.id))).rejects.toThrow();
    // Detaching from the account is the one change allowed (what a deleted account's foreign key does).
    await db.update(staffDataAccess).set({ userId: null }).where(eq(staffDataAccess.id, row.id));
    expect((await accessLog(client)).total).toBe(0);
    // The retention job may delete (it says so for its transaction).
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.access_log_retention', 'on', true)`);
      await tx.delete(staffDataAccess).where(eq(staffDataAccess.id, row.id));
    });
    expect(await db.select().from(staffDataAccess).where(eq(staffDataAccess.id, row.id))).toEqual([]);
  });

  it('asks for a session and a real hospital', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/v1/privacy/access-log', { hospitalId: '1000' })).status).toBe(401);
    const { client } = await applied('13700029004', 4, 'ZYTZ2026A004');
    const bad = await client.get('/v1/privacy/access-log', { hospitalId: 'x;drop' });
    expect(bad.status).toBe(400);
    expect((await client.get('/v1/privacy/access-log', { hospitalId: '9999' })).body.msg).toBe('医院不存在');
  });
});
