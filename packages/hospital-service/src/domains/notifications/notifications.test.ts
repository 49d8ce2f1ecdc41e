import type { NotificationItem, NotificationList } from '@patient/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../platform/clock.ts';
import { bookedOrder, endActiveOrders, freeSlot, newPatient } from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import { type Client, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';

/** The inbox over HTTP: what the domains write (booking, refund, feedback reply), read state, delete. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());
afterEach(async () => {
  server.clock.set(TEST_START);
  await endActiveOrders(server);
});

const H = '1000';
const inbox = async (client: Client, hospitalId = H) => {
  const answer = await client.get<NotificationList>('/v1/notifications', { hospitalId });
  expect(answer.body, answer.text).toMatchObject({ state: 200 });
  return answer.body.results as NotificationList;
};
const unread = async (client: Client) =>
  (await client.get<{ unread: number }>('/v1/notifications/unread', { hospitalId: H })).body.results?.unread;

describe('the inbox', () => {
  it('shows the demo account its seeded messages newest first, with the unread count', async () => {
    const demo = await server.login(DEMO_PHONE);
    const list = await inbox(demo);
    expect(list.items.map((m) => [m.kind, m.read])).toEqual([
      ['FOLLOW_UP', false],
      ['FOLLOW_UP', false],
      ['FEEDBACK', true],
    ]);
    expect(list.unread).toBe(2);
    expect(await unread(demo)).toBe(2);
    // Another hospital's inbox is its own.
    expect((await inbox(demo, '1001')).items).toEqual([]);
  });

  it('writes a message when a booking is paid and when its refund comes back; opening one marks it read', async () => {
    const patient = await newPatient(server, '13700007101', [H]);
    const slot = await freeSlot(patient.client, H);
    const orderId = await bookedOrder(server, patient, H, slot.source.sourceId);
    const [booked] = (await inbox(patient.client)).items;
    expect(booked).toMatchObject({
      kind: 'APPOINTMENT',
      title: '预约成功',
      link: `/appointmentDetail/${orderId}`,
      read: false,
      createdAt: TEST_START,
    });
    expect(booked.body[0]).toMatch(/^.\*+已成功预约/);
    expect(await unread(patient.client)).toBe(1);

    const opened = await patient.client.post<NotificationItem>(
      `/v1/notifications/${booked.notificationId}/open`,
    );
    expect(opened.body.results).toMatchObject({ notificationId: booked.notificationId, read: true });
    expect(await unread(patient.client)).toBe(0);

    const refunded = await patient.client.post('/v1/orders/refundFeeAndNum', { orderId, reason: '行程有变' });
    expect(refunded.body, refunded.text).toMatchObject({ state: 200 });
    const list = await inbox(patient.client);
    expect(list.items[0]).toMatchObject({ kind: 'REFUND', title: '退款成功', read: false });
    expect(list.items[0].body[0]).toMatch(/的退款 ¥\d+\.\d{2} 已原路退回/);
    expect(list.unread).toBe(1);
  });

  it('writes nothing about a contact whose /messageNotify switch is off', async () => {
    const patient = await newPatient(server, '13700007102', [H]);
    const off = await patient.client.post('/v1/contact/updateContactNotification', {
      contactId: patient.contactId,
      notify: false,
    });
    expect(off.body.state).toBe(200);
    const slot = await freeSlot(patient.client, H);
    await bookedOrder(server, patient, H, slot.source.sourceId);
    expect((await inbox(patient.client)).items).toEqual([]);
  });

  it('writes a message when the service desk replies to a feedback', async () => {
    const client = await server.login('13700007103');
    const sent = await client.post<{ feedBackId: string }>('/v1/feed_back', {
      hospitalId: H,
      kind: 'SUGGESTION',
      category: '环境设施',
      content: ['候诊区座椅不够，希望增加一些座椅。'],
      phone: '13700007103',
    });
    expect((await inbox(client)).items).toEqual([]);
    server.clock.advance(2 * HOUR);
    await client.get('/v1/feed_back', { hospitalId: H });
    await client.get('/v1/feed_back', { hospitalId: H });
    const { items } = await inbox(client);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'FEEDBACK',
      title: '您的建议已回复',
      link: `/feedback/detail/${sent.body.results?.feedBackId}`,
    });
  });

  it('marks all read, deletes one, and answers another account’s or an unknown id with 404', async () => {
    const demo = await server.login(DEMO_PHONE);
    const stranger = await server.login('13700007104');
    const [first] = (await inbox(demo)).items;
    for (const path of [
      `/v1/notifications/${first.notificationId}/open`,
      `/v1/notifications/${first.notificationId}/delete`,
      '/v1/notifications/999999/open',
      '/v1/notifications/abc/delete',
    ]) {
      const answer = await stranger.post(path);
      expect(answer.body, path).toMatchObject({ state: 404, msg: '消息不存在' });
    }
    expect((await inbox(demo)).items[0]).toMatchObject({ notificationId: first.notificationId, read: false });

    const all = await demo.post<{ unread: number }>('/v1/notifications/readAll', { hospitalId: H });
    expect(all.body.results).toEqual({ unread: 0 });
    expect(await unread(demo)).toBe(0);
    const deleted = await demo.post(`/v1/notifications/${first.notificationId}/delete`);
    expect(deleted.body.results).toBe(true);
    expect((await inbox(demo)).items.map((m) => m.notificationId)).not.toContain(first.notificationId);
    expect((await demo.post(`/v1/notifications/${first.notificationId}/delete`)).body.state).toBe(404);
  });

  it('refuses bad input with 400 and an unknown hospital with its message; needs a login', async () => {
    const client = await server.login('13700007105');
    const bad = await client.get('/v1/notifications', { hospitalId: '../x' });
    expect(bad.status).toBe(400);
    expect((await client.post('/v1/notifications/readAll', {})).status).toBe(400);
    expect((await client.post('/v1/notifications/a%20b/open')).status).toBe(400);
    const unknown = await client.get('/v1/notifications', { hospitalId: '9999' });
    expect(unknown.body.state).not.toBe(200);
    const anonymous = await server.client().get('/v1/notifications', { hospitalId: H });
    expect(anonymous.status).toBe(401);
  });
});
