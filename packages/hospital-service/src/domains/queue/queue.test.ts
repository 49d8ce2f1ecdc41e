import type { Contact, QueueCall, QueuePlace, QueueSummary, SignInItem } from '@patient/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, SECOND } from '../../platform/clock.ts';
import { bookedOrder, freeSlot, newPatient } from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import { type Client, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';

/**
 * Queue calling over HTTP: the public queues, the simulated HIS calling as the clock runs, signing in, my place,
 * and the live events. The clock starts on Monday 2025-03-10 at 09:00 China time (the desks opened at 08:00).
 */
let server: TestServer;
let demo: Client;
let self: Contact;

beforeAll(async () => {
  server = await startServer();
  demo = await server.login(DEMO_PHONE);
  [self] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
});
afterAll(() => server?.close());
afterEach(() => server.clock.set(TEST_START));

const queuesOf = async (client: Client, hospitalId = '1000', kind?: string) =>
  (await client.get<QueueSummary[]>(`/v2/queue/queueListV2/${hospitalId}`, kind ? { kind } : undefined)).body;
const callOf = async (queueId: string, hospitalId = '1000') =>
  (await server.client().get<QueueCall>(`/v2/queue/callInfo/${hospitalId}/${queueId}`)).body;
// The spec's paths: the hospital goes in the body (POST sends a JSON body).
const signIns = (client: Client, contactId: string, hospitalId = '1000') =>
  client.post<SignInItem[]>('/v1/check/getCheckSign', { hospitalId, contactId });
const sign = (client: Client, contactId: string, signId: string, hospitalId = '1000') =>
  client.post<QueuePlace>('/v1/check/signOrder', { hospitalId, contactId, signId });
const myQueues = (client: Client, contactId?: string, hospitalId = '1000') =>
  client.post<QueuePlace[]>(
    '/v1/check/outpatientQueuings',
    contactId ? { hospitalId, contactId } : { hospitalId },
  );

describe('the public queues (realqueue) and the calling screen', () => {
  it('lists every clinic, examination room and pharmacy, already calling since 08:00', async () => {
    const all = (await queuesOf(server.client())).results ?? [];
    expect(new Set(all.map((q) => q.kind))).toEqual(new Set(['CLINIC', 'EXAM', 'PHARMACY']));
    expect(all.filter((q) => q.kind === 'PHARMACY').map((q) => q.name)).toEqual(['西药房', '中药房']);
    for (const q of all) {
      expect(q.open).toBe(true);
      expect(q.calledNumber).toBeGreaterThan(0);
      expect(q.waiting).toBeGreaterThanOrEqual(3);
      expect(q.hours).toBe('08:00-12:00 14:00-17:30');
    }
    const exams = (await queuesOf(server.client(), '1000', 'EXAM')).results ?? [];
    expect(exams.map((q) => q.name)).toEqual(all.filter((q) => q.kind === 'EXAM').map((q) => q.name));
    expect(await queuesOf(server.client(), '4242')).toMatchObject({ state: 404, msg: '医院不存在' });
  });

  it('calls the next numbers as the clock runs, at the queue’s pace, and says how long the end waits', async () => {
    const [pharmacy] = (await queuesOf(server.client(), '1000', 'PHARMACY')).results ?? [];
    const before = (await callOf(pharmacy.queueId)).results as QueueCall;
    expect(before.recent.map((r) => r.number)).toEqual(
      Array.from({ length: 6 }, (_, i) => (before.calledNumber ?? 0) - i),
    );
    expect(before.next[0]).toBe((before.calledNumber ?? 0) + 1);
    // The pharmacy calls every 30 to 90 seconds: the estimate is read from that pace.
    expect(before.estimate?.paceSeconds).toBeGreaterThanOrEqual(30);
    expect(before.estimate?.paceSeconds).toBeLessThanOrEqual(90);
    expect(before.estimate?.low).toBeLessThan(before.estimate?.high ?? 0);
    server.clock.advance(10 * MINUTE);
    const after = (await callOf(pharmacy.queueId)).results as QueueCall;
    const calls = (after.calledNumber ?? 0) - (before.calledNumber ?? 0);
    expect(calls).toBeGreaterThanOrEqual(Math.floor(600 / 90) - 1);
    expect(calls).toBeLessThanOrEqual(Math.ceil(600 / 30));
    // The same instant answers the same calls (the desks are deterministic), and nobody calls over lunch.
    expect((await callOf(pharmacy.queueId)).results).toEqual(after);
    server.clock.set('2025-03-10T04:30:00.000Z'); // 12:30
    const lunch = (await callOf(pharmacy.queueId)).results as QueueCall;
    server.clock.advance(30 * MINUTE);
    expect((await callOf(pharmacy.queueId)).results).toMatchObject({
      calledNumber: lunch.calledNumber,
      open: false,
    });
    expect(await callOf('999999')).toMatchObject({ state: 404, msg: '队列不存在' });
    expect(await callOf(pharmacy.queueId, '1001')).toMatchObject({ state: 404, msg: '队列不存在' });
  });
});

describe('signing in and my place', () => {
  it('signs the demo patient in at the pharmacy: a number after those waiting, once', async () => {
    const items = (await signIns(demo, self.contactId)).body.results ?? [];
    const prescription = items.find((i) => i.kind === 'PHARMACY') as SignInItem;
    expect(prescription).toMatchObject({ status: 'READY', place: null, patientName: '张伟', reason: null });
    const queue = ((await callOf(prescription.queueId)).results as QueueCall) ?? null;
    const signed = await sign(demo, self.contactId, prescription.signId);
    const place = signed.body.results as QueuePlace;
    expect(place).toMatchObject({
      status: 'WAITING',
      number: (queue.calledNumber ?? 0) + queue.waiting + 1,
      ahead: queue.waiting,
      calledNumber: queue.calledNumber,
      queueName: prescription.queueName,
    });
    expect(place.estimate?.low).toBeGreaterThanOrEqual(0);
    expect(await sign(demo, self.contactId, prescription.signId)).toMatchObject({
      body: { state: 409, msg: '已签到' },
    });
    const again = (await signIns(demo, self.contactId)).body.results ?? [];
    expect(again.find((i) => i.signId === prescription.signId)).toMatchObject({ status: 'SIGNED', place });
    expect((await myQueues(demo, self.contactId)).body.results).toEqual([place]);
    expect((await myQueues(demo)).body.results).toEqual([place]);

    // The desk reaches the number: called, then passed; how many are before me only goes down.
    let last = place.ahead;
    for (let i = 0; i < 60 && last > 0; i++) {
      server.clock.advance(45 * SECOND);
      const [now] = (await myQueues(demo, self.contactId)).body.results ?? [];
      expect(now.ahead).toBeLessThanOrEqual(last);
      last = now.ahead;
    }
    let [mine] = (await myQueues(demo, self.contactId)).body.results ?? [];
    for (let i = 0; i < 10 && mine.status === 'WAITING'; i++) {
      server.clock.advance(30 * SECOND);
      [mine] = (await myQueues(demo, self.contactId)).body.results ?? [];
    }
    expect(mine).toMatchObject({ status: 'CALLED', ahead: 0, calledNumber: place.number, estimate: null });
    server.clock.advance(5 * MINUTE);
    [mine] = (await myQueues(demo, self.contactId)).body.results ?? [];
    expect(mine.status).toBe('PASSED');
  });

  it('signs a paid appointment of today in at its clinic; not before 07:30, not after the visit', async () => {
    const patient = await newPatient(server, '13700005001', ['1000']);
    const slot = await freeSlot(patient.client, '1000', { sameDay: true, halfDay: 'PM' });
    const orderId = await bookedOrder(server, patient, '1000', slot.source.sourceId);
    server.clock.set('2025-03-09T23:00:00.000Z'); // 07:00
    const early = (await signIns(patient.client, patient.contactId)).body.results ?? [];
    const visit = early.find((i) => i.signId === `APPOINTMENT-${orderId}`) as SignInItem;
    expect(visit).toMatchObject({
      kind: 'CLINIC',
      status: 'NOT_YET',
      reason: '请于当日 07:30 后到院签到',
      timeText: `下午 ${slot.source.startTime}-${slot.source.endTime}`,
    });
    expect((await sign(patient.client, patient.contactId, visit.signId)).body).toMatchObject({
      state: 400,
      msg: '不在签到时间',
    });
    server.clock.set(TEST_START);
    const place = (await sign(patient.client, patient.contactId, visit.signId)).body.results as QueuePlace;
    expect(place).toMatchObject({ kind: 'CLINIC', status: 'WAITING', title: visit.title });
    expect(place.title).toContain(slot.item.departmentName);
    // No prescription for this person today (unproven contact: no hospital data), so only the visit.
    expect((await myQueues(patient.client)).body.results?.map((p) => p.entryId)).toEqual([place.entryId]);

    const other = await newPatient(server, '13700005002', ['1000']);
    const late = await freeSlot(other.client, '1000', { sameDay: true, halfDay: 'AM' });
    const lateOrder = await bookedOrder(server, other, '1000', late.source.sourceId);
    server.clock.set('2025-03-10T04:05:00.000Z'); // 12:05, the morning is over
    const closed = ((await signIns(other.client, other.contactId)).body.results ?? []).find(
      (i) => i.signId === `APPOINTMENT-${lateOrder}`,
    );
    expect(closed).toMatchObject({ status: 'CLOSED', reason: '已过签到时间，如需就诊请到分诊台咨询' });
  });

  it('refuses another account’s contact, entry and items, and shows it none of them', async () => {
    const stranger = await server.login('13700005003');
    const items = (await signIns(demo, self.contactId)).body.results ?? [];
    expect((await signIns(stranger, self.contactId)).body).toMatchObject({ state: 404, msg: '就诊人不存在' });
    expect((await myQueues(stranger, self.contactId)).body).toMatchObject({
      state: 404,
      msg: '就诊人不存在',
    });
    expect((await sign(stranger, self.contactId, items[0].signId)).body).toMatchObject({
      state: 404,
      msg: '就诊人不存在',
    });
    expect((await myQueues(stranger)).body.results).toEqual([]);
    const own = await newPatient(server, '13700005004', ['1000']);
    expect((await sign(own.client, own.contactId, items[0].signId)).body).toMatchObject({
      state: 404,
      msg: '签到项目不存在',
    });
    expect((await signIns(server.client(), self.contactId)).status).toBe(401);
  });

  it('serves the sign-in calls at the spec’s paths only, and a stranger’s sign-in changes nothing', async () => {
    const items = (await signIns(demo, self.contactId)).body.results ?? [];
    const ready = items.find((i) => i.status === 'READY');
    const placesBefore = (await myQueues(demo)).body.results;
    const stranger = await server.login('13700005005');
    if (ready) {
      expect((await sign(stranger, self.contactId, ready.signId)).body).toMatchObject({ state: 404 });
      expect((await myQueues(demo)).body.results).toEqual(placesBefore);
    }
    // The old paths with the hospital appended are gone (no client uses them).
    for (const path of [
      '/v1/check/getCheckSign/1000',
      '/v1/check/signOrder/1000',
      '/v1/check/outpatientQueuings/1000',
    ])
      expect(
        (await demo.post(path, { contactId: self.contactId, signId: 'PRESCRIPTION-1' })).status,
        path,
      ).toBe(404);
    expect((await myQueues(demo)).body.results).toEqual(placesBefore);
    // An unknown hospital in the body: not found.
    expect((await signIns(demo, self.contactId, '9999')).body).toMatchObject({ state: 404 });
  });

  it('lists the hospital’s queue types (the spec’s queue type call), public', async () => {
    const answer = await server
      .client()
      .get<{ kind: string; name: string; queues: number }[]>('/v2/queue/queueType/1000');
    expect(answer.body.state).toBe(200);
    const all = (await queuesOf(server.client())).results ?? [];
    expect(answer.body.results).toEqual(
      (['CLINIC', 'EXAM', 'PHARMACY'] as const).map((kind) => ({
        kind,
        name: { CLINIC: '门诊', EXAM: '检查', PHARMACY: '药房' }[kind],
        queues: all.filter((q) => q.kind === kind).length,
      })),
    );
    expect((await server.client().get('/v2/queue/queueType/9999')).body).toMatchObject({ state: 404 });
  });

  it('answers bad input with 400 naming the field in Chinese, never 500', async () => {
    const cases: [Promise<{ status: number; body: { state?: number; msg?: string | null } }>, string][] = [
      [sign(demo, self.contactId, '<script>'), 'signId'],
      [sign(demo, 'x y', 'PRESCRIPTION-1'), 'contactId'],
      [demo.post('/v1/check/getCheckSign', { hospitalId: '1000' }), 'contactId'],
      [demo.post('/v1/check/getCheckSign', { contactId: self.contactId }), 'hospitalId'],
      [
        demo.post('/v1/check/signOrder', { hospitalId: '10 00', contactId: self.contactId, signId: 'X-1' }),
        'hospitalId',
      ],
      [demo.post('/v1/check/outpatientQueuings', {}), 'hospitalId'],
      [demo.get('/v2/queue/queueType/%E4%B8%80'), 'hospitalId'],
      [demo.get('/v2/queue/queueListV2/1000', { kind: 'BANK' }), 'kind'],
      [demo.get('/v2/queue/callInfo/1000/%E4%B8%80'), 'queueId'],
    ];
    for (const [answer, field] of cases) {
      const { status, body } = await answer;
      expect(status, field).toBe(400);
      expect(body.msg, field).toContain(`参数 ${field} 不正确`);
    }
    const events = await fetch(`${server.base}/hospital-service/v1/queue/events/1000`);
    expect(events.status).toBe(400);
    expect(await events.json()).toMatchObject({ state: 400, msg: expect.stringContaining('contactId') });
    const badHospital = await fetch(`${server.base}/hospital-service/v1/queue/events/10%2000?queueId=1`);
    expect(badHospital.status).toBe(400);
    expect(((await badHospital.json()) as { msg: string }).msg).toContain('参数 hospitalId 不正确');
  });
});

/** An open event stream of the service: the events as they come. */
async function openEvents(path: string, client?: Client) {
  const controller = new AbortController();
  const headers: Record<string, string> = client
    ? { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    : {};
  const response = await fetch(`${server.base}${path}`, { headers, signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; data: unknown }[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    response,
    events,
    async waitFor(count: number, timeoutMs = 8000) {
      const until = Date.now() + timeoutMs;
      while (events.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(events.length).toBeGreaterThanOrEqual(count);
      return events[count - 1];
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

describe('live events (server-sent)', () => {
  it('delivers a call to my place as the desk makes it, and the calling screen’s queue too', async () => {
    const patient = await newPatient(server, '13700005005', ['1000']);
    const slot = await freeSlot(patient.client, '1000', { sameDay: true, halfDay: 'PM' });
    const orderId = await bookedOrder(server, patient, '1000', slot.source.sourceId);
    const place = (await sign(patient.client, patient.contactId, `APPOINTMENT-${orderId}`)).body
      .results as QueuePlace;
    const mine = await openEvents(
      `/hospital-service/v1/queue/events/1000?contactId=${patient.contactId}`,
      patient.client,
    );
    const screen = await openEvents(`/hospital-service/v1/queue/events/1000?queueId=${place.queueId}`);
    try {
      expect(mine.response.headers.get('content-type')).toContain('text/event-stream');
      // Written outside Fastify's reply (hijacked), yet with the service's security headers.
      expect(mine.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(mine.response.headers.get('x-frame-options')).toBe('DENY');
      const first = await mine.waitFor(1);
      expect(first).toEqual({ event: 'places', data: [place] });
      const shown = (await screen.waitFor(1)).data as QueueCall;
      expect(shown.calledNumber).toBe(place.calledNumber);
      // The next call of the clinic's desk comes within its longest pause (420 s).
      server.clock.advance(7 * MINUTE + SECOND);
      const second = (await mine.waitFor(2)).data as QueuePlace[];
      expect(second[0].calledNumber).toBeGreaterThan(place.calledNumber ?? 0);
      expect(second[0].ahead).toBeLessThan(place.ahead);
      const called = (await screen.waitFor(2)).data as QueueCall;
      expect(called.calledNumber).toBe(second[0].calledNumber);
    } finally {
      await mine.close();
      await screen.close();
    }
  });

  it('refuses another account’s contact and a visitor who is not logged in, as envelopes', async () => {
    const stranger = await server.login('13700005006');
    const path = `/hospital-service/v1/queue/events/1000?contactId=${self.contactId}`;
    const refused = await fetch(`${server.base}${path}`, {
      headers: { cookie: [...stranger.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(await refused.json()).toMatchObject({ state: 404, msg: '就诊人不存在' });
    const anonymous = await fetch(`${server.base}${path}`);
    expect(anonymous.status).toBe(401);
    const crossSite = await fetch(`${server.base}${path}`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
  });
});
