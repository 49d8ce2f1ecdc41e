import type {
  Contact,
  NucleicAcidHealthAnswer,
  NucleicAcidHealthQuestion,
  NucleicAcidItems,
  NucleicAcidOrder,
  Payment,
} from '@patient/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notification, tradeNoOf } from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import { type Client, person, startServer, type TestServer } from '../../test/harness.ts';
import { payments } from '../payments/index.ts';
import { nucleicAcidOrders } from './tables.ts';

/**
 * Nucleic acid tests over HTTP: the offer, pre-commit and the order (checks, one open order per contact), its
 * payment through payments (notifications credited once), sampling and the result by the development route,
 * cancel and refund before sampling only, another account's orders as if none, no caching of health data.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());
afterEach(() => server.clock.set(TEST_START));

const H = '1000';
let people = 300;

/** A new account with `n` contacts (the first 本人). */
async function account(phone: string, n = 1) {
  const client = await server.login(phone);
  const contacts: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = person(++people, i === 0 ? { relation: 'SELF' } : { relation: 'CHILD' });
    const added = await client.post<Contact>('/addPatient', body);
    expect(added.body, added.text).toMatchObject({ state: 200 });
    contacts.push((added.body.results as Contact).contactId);
  }
  return { client, contacts };
}

const orderBody = (contactId: string, type = 'SINGLE', hospitalId = H) => ({ hospitalId, contactId, type });

async function book(client: Client, contactId: string, type = 'SINGLE') {
  const answer = await client.post<NucleicAcidOrder>('/v1/natOrder', orderBody(contactId, type));
  expect(answer.body, answer.text).toMatchObject({ state: 200 });
  return answer.body.results as NucleicAcidOrder;
}

const detail = async (client: Client, orderId: string) =>
  (await client.get<NucleicAcidOrder>(`/v1/natOrder/${orderId}`)).body.results as NucleicAcidOrder;

async function startPay(client: Client, orderId: string): Promise<Payment> {
  const started = await client.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
    orderType: 'NUCLEIC_ACID',
    orderId,
    channel: 'SANDBOX',
  });
  expect(started.body.state, started.text).toBe(200);
  return started.body.results?.payment as Payment;
}

const notify = async (payment: Payment) =>
  server
    .client()
    .post<{ applied: boolean }>(
      '/v1/pay_orders/notify',
      notification(payment, await tradeNoOf(server, payment.paymentId)),
    );

async function pay(client: Client, orderId: string): Promise<Payment> {
  const payment = await startPay(client, orderId);
  const notified = await notify(payment);
  expect(notified.body, notified.text).toMatchObject({ state: 200, results: { applied: true } });
  return payment;
}

const advance = (orderId: string, positive?: boolean) =>
  server
    .client()
    .call<{ status: string }>('POST', '/__dev/nucleic-acid/advance', { body: { orderId, positive } });

describe('offer, pre-commit and order', () => {
  it('lists the types with their price, the sampling place and the notices', async () => {
    const { client } = await account('13700023101');
    const answer = await client.get<NucleicAcidItems>('/v1/natOrder/items', { hospitalId: H });
    expect(answer.body.results).toMatchObject({
      items: [
        { type: 'SINGLE', name: '单人单管', priceFen: 1600 },
        { type: 'MIXED', name: '多人混管（10合1）', priceFen: 350 },
      ],
      place: expect.stringContaining('核酸采样点'),
      validDays: 3,
    });
    expect((await client.get('/v1/natOrder/items', { hospitalId: '9999' })).body.state).toBe(404);
  });

  it('pre-commits without an order, then books for oneself or another contact; masked, no-store', async () => {
    const { client, contacts } = await account('13700023102', 2);
    const pre = await client.post('/v1/natOrder/preCommit', orderBody(contacts[1], 'MIXED'));
    expect(pre.headers.get('cache-control')).toBe('no-store');
    expect(pre.body.results).toMatchObject({
      type: 'MIXED',
      itemName: '多人混管（10合1）',
      priceFen: 350,
      patientName: expect.stringMatching(/^.\*+$/),
      documentNumber: expect.stringMatching(/^\d{5}\*{13}$/),
      validDays: 3,
    });
    expect((await server.database.db.select({ n: count() }).from(nucleicAcidOrders))[0].n).toBe(0);

    const mine = await book(client, contacts[0]);
    const theirs = await book(client, contacts[1], 'MIXED');
    expect(mine).toMatchObject({
      status: 'NO_PAY',
      type: 'SINGLE',
      priceFen: 1600,
      contactId: contacts[0],
      qrCode: null,
      result: null,
      canPay: true,
      canCancel: true,
      validUntil: new Date(new Date(TEST_START).getTime() + 3 * 86_400_000).toISOString(),
    });
    expect(theirs).toMatchObject({ type: 'MIXED', priceFen: 350, contactId: contacts[1] });
    const list = await client.get<{ records: NucleicAcidOrder[]; total: number }>('/v1/natOrder/page', {
      hospitalId: H,
    });
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.results?.total).toBe(2);
    expect(list.body.results?.records.map((o) => o.orderId)).toEqual([theirs.orderId, mine.orderId]);
    const paged = await client.get<{ records: NucleicAcidOrder[] }>('/v1/natOrder/page', {
      hospitalId: H,
      page: '2',
      size: '1',
    });
    expect(paged.body.results?.records.map((o) => o.orderId)).toEqual([mine.orderId]);
    const one = await client.get(`/v1/natOrder/${mine.orderId}`);
    expect(one.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses bad input with a Chinese message (400), another account’s contact (404), a second open order', async () => {
    const { client, contacts } = await account('13700023103');
    const other = await account('13700023104');
    for (const body of [
      orderBody(contacts[0], 'TRIPLE'),
      { hospitalId: H, type: 'SINGLE' },
      orderBody('1;drop', 'SINGLE'),
    ]) {
      for (const path of ['/v1/natOrder/preCommit', '/v1/natOrder']) {
        const answer = await client.post(path, body);
        expect(answer.status, path).toBe(400);
        expect(answer.body.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    expect((await client.post('/v1/natOrder', orderBody(other.contacts[0]))).body).toMatchObject({
      state: 404,
      msg: '就诊人不存在',
    });
    expect((await client.post('/v1/natOrder', orderBody(contacts[0], 'SINGLE', '9999'))).body.state).toBe(
      404,
    );
    expect((await client.get('/v1/natOrder/page', { hospitalId: H, size: '500' })).status).toBe(400);
    expect((await client.get('/v1/natOrder/abc$')).status).toBe(400);
    expect((await client.post('/v1/natOrder/refund/abc$')).status).toBe(400);
    expect((await client.call('DELETE', '/hospital-service/v1/natOrder/1000/a$b')).status).toBe(400);
    expect((await client.get('/v1/natOrder/page', { hospitalId: '9999' })).body.state).toBe(404);
    expect((await client.get('/v1/natOrder/99999999')).body).toMatchObject({
      state: 404,
      msg: '核酸检测订单不存在',
    });

    await book(client, contacts[0]);
    for (const path of ['/v1/natOrder/preCommit', '/v1/natOrder']) {
      const again = await client.post(path, orderBody(contacts[0], 'MIXED'));
      expect(again.body, path).toMatchObject({ state: 400, msg: '已有未完成的预约' });
    }
    const rows = await server.database.db
      .select({ n: count() })
      .from(nucleicAcidOrders)
      .where(eq(nucleicAcidOrders.contactId, Number(contacts[0])));
    expect(rows[0].n).toBe(1);
  });

  it('answers the spec’s order/page and order/{id} like natOrder/page and natOrder/{id}, to the owner only', async () => {
    const { client, contacts } = await account('13700023121');
    const other = await account('13700023122');
    const mine = await book(client, contacts[0]);
    const page = await client.get<{ records: NucleicAcidOrder[]; total: number }>('/v1/natOrder/order/page', {
      hospitalId: H,
    });
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.body.results).toEqual(
      (await client.get('/v1/natOrder/page', { hospitalId: H })).body.results as unknown as object,
    );
    expect(page.body.results?.records.map((o) => o.orderId)).toEqual([mine.orderId]);
    const one = await client.get<NucleicAcidOrder>(`/v1/natOrder/order/${mine.orderId}`);
    expect(one.headers.get('cache-control')).toBe('no-store');
    expect(one.body.results).toEqual((await client.get(`/v1/natOrder/${mine.orderId}`)).body.results);
    // Another account: its own (empty) page, and 404 for my order.
    expect(
      (await other.client.get<{ total: number }>('/v1/natOrder/order/page', { hospitalId: H })).body.results
        ?.total,
    ).toBe(0);
    expect((await other.client.get(`/v1/natOrder/order/${mine.orderId}`)).body).toMatchObject({
      state: 404,
      msg: '核酸检测订单不存在',
    });
    // Bad input: 400 with a Chinese message naming the field.
    for (const [answer, field] of [
      [await client.get('/v1/natOrder/order/page', { hospitalId: H, size: '500' }), 'size'],
      [await client.get('/v1/natOrder/order/page', {}), 'hospitalId'],
      [await client.get('/v1/natOrder/order/abc$'), 'orderId'],
    ] as const) {
      expect(answer.status, field).toBe(400);
      expect(answer.body.msg, field).toMatch(new RegExp(`^参数 ${field} 不正确`));
    }
    expect((await client.get('/v1/natOrder/order/page', { hospitalId: '9999' })).body.state).toBe(404);
    expect(await detail(client, mine.orderId)).toMatchObject({ status: 'NO_PAY' });
  });

  it('makes one order of three sent at once for the same contact', async () => {
    const { client, contacts } = await account('13700023111');
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.post('/v1/natOrder', orderBody(contacts[0], 'MIXED'))),
    );
    expect(answers.map((a) => a.body.state).sort()).toEqual([200, 400, 400]);
    const list = await client.get<{ total: number }>('/v1/natOrder/page', { hospitalId: H });
    expect(list.body.results?.total).toBe(1);
  });
});

describe('payment, sampling, result', () => {
  it('goes NO_PAY → PAID (QR code) → SAMPLED → REPORTED; a repeated notification is credited once', async () => {
    const { client, contacts } = await account('13700023105');
    const order = await book(client, contacts[0]);
    const payment = await startPay(client, order.orderId);
    expect(payment.amount).toBe(1600);
    expect((await notify(payment)).body.results).toMatchObject({ applied: true });
    // The provider sends the same notification again (and again): nothing changes.
    await notify(payment);
    await notify(payment);
    const paidRows = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, Number(order.orderId)));
    expect(paidRows.filter((p) => p.orderType === 'NUCLEIC_ACID')).toHaveLength(1);
    const paid = await detail(client, order.orderId);
    expect(paid).toMatchObject({
      status: 'PAID',
      paidAt: TEST_START,
      qrCode: `NAT1000${order.orderId.padStart(10, '0')}`,
      canPay: false,
      canCancel: true,
      refund: null,
    });
    // Paying again answers the PAID payment, never a second charge.
    expect((await startPay(client, order.orderId)).paymentId).toBe(payment.paymentId);

    expect((await advance(order.orderId)).body.results).toMatchObject({ status: 'SAMPLED' });
    const sampled = await detail(client, order.orderId);
    expect(sampled).toMatchObject({
      status: 'SAMPLED',
      qrCode: null,
      sampleNo: expect.stringMatching(/^DJ1000\d{6}\d{6}$/),
      result: null,
      canCancel: false,
    });
    const reported = await advance(order.orderId);
    expect(reported.body.results).toEqual({ orderId: order.orderId, status: 'REPORTED' });
    expect(reported.text).not.toContain('NEGATIVE');
    const done = await detail(client, order.orderId);
    expect(done).toMatchObject({
      status: 'REPORTED',
      result: {
        result: 'NEGATIVE',
        method: '实时荧光定量PCR法',
        targets: [
          { name: '新型冠状病毒 ORF1ab 基因', result: 'NEGATIVE', ct: null },
          { name: '新型冠状病毒 N 基因', result: 'NEGATIVE', ct: null },
        ],
      },
    });
    expect((await advance(order.orderId)).body.state).toBe(400);
    // After sampling the contact may book again.
    await book(client, contacts[0], 'MIXED');
  });

  it('reports a positive sample with its Ct values when asked; an unpaid order cannot be sampled', async () => {
    const { client, contacts } = await account('13700023106');
    const order = await book(client, contacts[0], 'MIXED');
    expect((await advance(order.orderId)).body.state).toBe(400);
    await pay(client, order.orderId);
    await advance(order.orderId);
    await advance(order.orderId, true);
    const done = await detail(client, order.orderId);
    expect(done.sampleNo).toMatch(/^HJ1000/);
    expect(done.result?.result).toBe('POSITIVE');
    expect(done.result?.targets.every((t) => t.result === 'POSITIVE' && t.ct !== null && t.ct < 35)).toBe(
      true,
    );
    expect((await advance('99999999')).body.state).toBe(404);
    expect((await server.client().call('POST', '/__dev/nucleic-acid/advance', { body: {} })).status).toBe(
      400,
    );
  });
});

describe('cancel and refund', () => {
  it('cancels unpaid (payment closed) and paid before sampling (refund); refuses after sampling', async () => {
    const { client, contacts } = await account('13700023107', 3);
    const unpaid = await book(client, contacts[0]);
    // A paid order is refunded through refund/, not deleted.
    const cancelled = await client.call<NucleicAcidOrder>(
      'DELETE',
      `/hospital-service/v1/natOrder/${H}/${unpaid.orderId}`,
    );
    expect(cancelled.body.results).toMatchObject({ status: 'CANCEL', refund: null, canCancel: false });
    expect(cancelled.headers.get('cache-control')).toBe('no-store');
    const payAfter = await client.post('/v1/pay_orders/js_pay', {
      orderType: 'NUCLEIC_ACID',
      orderId: unpaid.orderId,
      channel: 'SANDBOX',
    });
    expect(payAfter.body).toMatchObject({ state: 409, msg: '预约已取消' });
    // Twice: the same answer.
    expect(
      (await client.call('DELETE', `/hospital-service/v1/natOrder/${H}/${unpaid.orderId}`)).body,
    ).toMatchObject({ state: 200, results: { status: 'CANCEL' } });

    const paid = await book(client, contacts[1]);
    await pay(client, paid.orderId);
    expect(
      (await client.call('DELETE', `/hospital-service/v1/natOrder/${H}/${paid.orderId}`)).body,
    ).toMatchObject({ state: 400, msg: '订单已支付' });
    const refunded = await client.post<NucleicAcidOrder>(`/v1/natOrder/refund/${paid.orderId}`);
    expect(refunded.body.results).toMatchObject({
      status: 'CANCEL',
      refund: { amountFen: 1600 },
      qrCode: null,
    });
    expect(['REFUNDING', 'REFUNDED']).toContain(refunded.body.results?.refund?.status);
    // Refunded once: asking again changes nothing.
    expect((await client.post(`/v1/natOrder/refund/${paid.orderId}`)).body.results).toMatchObject({
      status: 'CANCEL',
      refund: { amountFen: 1600 },
    });
    // The contact may book again after cancelling.
    await book(client, contacts[1], 'MIXED');

    const sampled = await book(client, contacts[2]);
    await pay(client, sampled.orderId);
    await advance(sampled.orderId);
    for (const call of [
      () => client.post(`/v1/natOrder/refund/${sampled.orderId}`),
      () => client.call('DELETE', `/hospital-service/v1/natOrder/${H}/${sampled.orderId}`),
    ]) {
      expect((await call()).body).toMatchObject({
        state: 400,
        subMsg: '已采样的核酸检测不能取消，也不能退款',
      });
    }
    expect(await detail(client, sampled.orderId)).toMatchObject({ status: 'SAMPLED', refund: null });
  });

  it('gives the money back when a payment is confirmed after the order was cancelled', async () => {
    const { client, contacts } = await account('13700023108');
    const late = await book(client, contacts[0]);
    const payment = await startPay(client, late.orderId);
    await client.call('DELETE', `/hospital-service/v1/natOrder/${H}/${late.orderId}`);
    await notify(payment);
    expect(await detail(client, late.orderId)).toMatchObject({
      status: 'CANCEL',
      refund: { amountFen: 1600 },
    });
  });
});

describe('ownership', () => {
  it('never shows or changes another account’s order (404, nothing changes)', async () => {
    const owner = await account('13700023109');
    const stranger = await account('13700023110');
    const order = await book(owner.client, owner.contacts[0]);
    for (const [method, path] of [
      ['GET', `/v1/natOrder/${order.orderId}`],
      ['DELETE', `/v1/natOrder/${H}/${order.orderId}`],
      ['POST', `/v1/natOrder/refund/${order.orderId}`],
    ] as const) {
      const answer = await stranger.client.call(method, `/hospital-service${path}`);
      expect(answer.body, path).toMatchObject({ state: 404, msg: '核酸检测订单不存在' });
      expect(answer.text).not.toContain(order.patientName);
    }
    // Under another hospital's path: as if it did not exist either.
    expect(
      (await owner.client.call('DELETE', `/hospital-service/v1/natOrder/1001/${order.orderId}`)).body.state,
    ).toBe(404);
    const theirList = await stranger.client.get<{ total: number }>('/v1/natOrder/page', { hospitalId: H });
    expect(theirList.body.results?.total).toBe(0);
    const theirPay = await stranger.client.post('/v1/pay_orders/js_pay', {
      orderType: 'NUCLEIC_ACID',
      orderId: order.orderId,
      channel: 'SANDBOX',
    });
    expect(theirPay.body.state).not.toBe(200);
    expect(await detail(owner.client, order.orderId)).toMatchObject({ status: 'NO_PAY' });
    // Not logged in: 401.
    expect((await server.client().get(`/v1/natOrder/${order.orderId}`)).status).toBe(401);
  });

  it('has no development route in production', async () => {
    const production = await startServer({ production: true });
    try {
      const answer = await production
        .client()
        .call('POST', '/__dev/nucleic-acid/advance', { body: { orderId: '1' } });
      expect(answer.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('the health declaration (health list, orderHealth list, check)', () => {
  type Check = { declared: boolean; passed: boolean; flagged: string[]; advice: string };
  const questions = async (client: Client) =>
    (
      await client.get<{ questions: NucleicAcidHealthQuestion[]; notice: string }>(
        '/v1/natOrder/health/list',
        {
          hospitalId: H,
        },
      )
    ).body.results as { questions: NucleicAcidHealthQuestion[]; notice: string };
  const check = async (client: Client, orderId: string) =>
    (await client.get<Check>('/v1/natOrder/check', { orderId })).body;
  const saved = async (client: Client, orderId: string) =>
    (await client.get<NucleicAcidHealthAnswer[]>('/v1/natOrder/orderHealth/list', { orderId })).body;

  it('lists the questions, saves the answers with the order and checks them, for the owner only', async () => {
    const owner = await account('13700023131', 3);
    const { questions: qs, notice } = await questions(owner.client);
    expect(qs.length).toBeGreaterThanOrEqual(4);
    expect(notice).toContain('发热门诊');
    const clean = qs.map((q) => ({ code: q.code, answer: !q.flaggedAnswer }));

    // Declared, nothing flagged: passed.
    const good = (
      await owner.client.post<NucleicAcidOrder>('/v1/natOrder', {
        ...orderBody(owner.contacts[0]),
        health: clean,
      })
    ).body.results as NucleicAcidOrder;
    const goodSaved = await saved(owner.client, good.orderId);
    expect(goodSaved.state).toBe(200);
    expect(goodSaved.results).toEqual(
      qs.map((q) => ({ code: q.code, text: q.text, answer: !q.flaggedAnswer, flagged: false })),
    );
    expect(await check(owner.client, good.orderId)).toMatchObject({
      state: 200,
      results: { declared: true, passed: true, flagged: [] },
    });

    // A flagged answer: the order is made, the check sends the patient to the fever clinic.
    const fever = clean.map((a, i) => (i === 0 ? { ...a, answer: !a.answer } : a));
    const flagged = (
      await owner.client.post<NucleicAcidOrder>('/v1/natOrder', {
        ...orderBody(owner.contacts[1]),
        health: fever,
      })
    ).body.results as NucleicAcidOrder;
    const flaggedCheck = (await check(owner.client, flagged.orderId)).results as Check;
    expect(flaggedCheck).toMatchObject({ declared: true, passed: false, flagged: [qs[0].text] });
    expect(flaggedCheck.advice).toContain('发热门诊');

    // No declaration: nothing saved, not declared.
    const none = await book(owner.client, owner.contacts[2]);
    expect((await saved(owner.client, none.orderId)).results).toEqual([]);
    expect((await check(owner.client, none.orderId)).results).toMatchObject({
      declared: false,
      passed: false,
    });

    // Another account: 404 on both, nothing shown.
    const stranger = await account('13700023132');
    for (const path of ['/v1/natOrder/check', '/v1/natOrder/orderHealth/list']) {
      for (const orderId of [good.orderId, '999999']) {
        const answer = await stranger.client.get(path, { orderId });
        expect(answer.body, path).toMatchObject({ state: 404, msg: '核酸检测订单不存在' });
        expect(answer.text).not.toContain(qs[0].text);
      }
    }
    expect((await server.client().get('/v1/natOrder/check', { orderId: good.orderId })).status).toBe(401);
    expect((await saved(owner.client, good.orderId)).results).toHaveLength(qs.length);
  });

  it('refuses an incomplete, repeated or unknown answer, and bad input, with a Chinese message (400)', async () => {
    const owner = await account('13700023133');
    const { questions: qs } = await questions(owner.client);
    const clean = qs.map((q) => ({ code: q.code, answer: !q.flaggedAnswer }));
    const before = (await server.database.db.select({ n: count() }).from(nucleicAcidOrders))[0].n;
    for (const [health, message] of [
      [clean.slice(1), '请回答全部健康申报问题'],
      [[...clean, clean[0]], '健康申报的问题只能回答一次'],
      [[...clean.slice(1), { code: 'NOPE', answer: false }], '健康申报中有未知的问题'],
    ] as const) {
      for (const path of ['/v1/natOrder/preCommit', '/v1/natOrder']) {
        const answer = await owner.client.post(path, { ...orderBody(owner.contacts[0]), health });
        expect(answer.status, path).toBe(400);
        expect(answer.body).toMatchObject({ results: { field: 'health' }, subMsg: message });
      }
    }
    for (const health of ['yes', [{ code: 'SYMPTOMS', answer: 'no' }], [{ code: '', answer: true }]]) {
      const answer = await owner.client.post('/v1/natOrder', { ...orderBody(owner.contacts[0]), health });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toMatch(/^参数 health/);
    }
    expect((await server.database.db.select({ n: count() }).from(nucleicAcidOrders))[0].n).toBe(before);
    for (const [path, query, field] of [
      ['/v1/natOrder/health/list', {}, 'hospitalId'],
      ['/v1/natOrder/check', { orderId: '1;drop' }, 'orderId'],
      ['/v1/natOrder/orderHealth/list', {}, 'orderId'],
    ] as const) {
      const answer = await owner.client.get(path, query);
      expect(answer.status, path).toBe(400);
      expect(answer.body.results, path).toEqual({ field });
      expect(answer.body.msg, path).toMatch(new RegExp(`^参数 ${field} 不正确`));
    }
    expect((await owner.client.get('/v1/natOrder/health/list', { hospitalId: '4242' })).body.state).toBe(404);
  });
});
