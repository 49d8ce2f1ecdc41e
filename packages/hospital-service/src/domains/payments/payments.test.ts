import { createHmac, generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { AppointmentOrder, Payment } from '@patient/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { MINUTE, TestClock } from '../../platform/clock.ts';
import {
  endActiveOrders,
  freeSlot,
  lock,
  newPatient,
  notification,
  orderOf,
  type Patient,
  pay,
  pendingOrder,
  remainingOf,
  setPlaces,
  startPay,
  startSandboxPay,
  TEST_SECRET,
} from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import { Client, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { appointmentOrders, appointmentPayable, settleDueOrders, sources } from '../booking/index.ts';
import { SimulatedInsuranceCentre } from '../insurance/index.ts';
import { Payables, sandboxBook, sweepProviderPayments, sweepRefunds } from './index.ts';
import { NOTIFY_PREFIX } from './notify.ts';
import { startFakeWechatPay, verify } from './providers/fake-wechat-pay.ts';
import { buildPaymentProviders } from './providers/registry.ts';
import {
  testWechat,
  testWechatEnv,
  wechatPaidNotification,
  wechatRefundNotification,
} from './providers/testing.ts';
import { payers, payments, refunds } from './tables.ts';

/** Payment: js_pay on every channel, the sandbox cashier, the provider's notification, paying twice. */
let server: TestServer;
let demo: Client;
let alice: Patient;
let bob: Patient;

type Started = {
  payment: Payment;
  wechat: Record<string, string> | null;
  alipay: { tradeNo: string } | null;
  sandbox: { cashierUrl: string } | null;
};

beforeAll(async () => {
  server = await startServer();
  demo = await server.login(DEMO_PHONE);
  alice = await newPatient(server, '13700002001', ['1000']);
  bob = await newPatient(server, '13700002002', ['1000']);
});
afterAll(() => server?.close());
// Every test starts at 09:00 with no active orders (each account below its per-day limit).
afterEach(async () => {
  server.clock.set(TEST_START);
  await endActiveOrders(server);
});

const notify = (body: unknown) => server.client().post<{ applied: boolean }>('/v1/pay_orders/notify', body);

/** A sandbox notification carrying `amount` as given (e.g. yuan text), correctly signed over it. */
const signedWithAmount = (n: { paymentId: string; tradeNo: string }, amount: string) => ({
  ...n,
  amount,
  signature: createHmac('sha256', TEST_SECRET).update(`${n.paymentId}|${n.tradeNo}|${amount}`).digest('hex'),
});

/** The cashier form's POST, as a browser sends it: no channel header, its own origin. */
const confirmAtCashier = (client: Client, path: string) =>
  client.call('POST', path, {
    rawBody: '',
    contentType: 'application/x-www-form-urlencoded',
    channel: null,
    headers: { origin: client.base, 'sec-fetch-site': 'same-origin' },
  });

describe('starting a payment', () => {
  it('creates the order’s one pending payment and returns it however often it is started', async () => {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const order = await orderOf(alice.client, orderId);
    const first = await startPay(alice.client, orderId, 'SANDBOX', `/placeOrder/${orderId}`);
    const payment = first.body.results?.payment as Payment;
    expect(payment).toMatchObject({
      orderType: 'APPOINTMENT',
      orderId,
      channel: 'SANDBOX',
      amount: order.fee,
      status: 'PENDING',
      paidAt: null,
    });
    expect(first.body.results?.sandbox?.cashierUrl).toBe(
      `/hospital-service/sandbox/cashier/${payment.paymentId}?returnPath=${encodeURIComponent(`/placeOrder/${orderId}`)}`,
    );
    // Concurrent starts, other channels: still the same payment.
    const again = await Promise.all([1, 2, 3, 4, 5].map(() => startPay(alice.client, orderId, 'SANDBOX')));
    expect(new Set(again.map((a) => a.body.results?.payment.paymentId))).toEqual(
      new Set([payment.paymentId]),
    );
    // Channels with no provider here are refused, and change nothing.
    for (const channel of ['ALIPAY_TRADE', 'WECHAT_JSAPI', 'WECHAT_H5', 'ALIPAY_WAP']) {
      expect((await startPay(alice.client, orderId, channel)).body, channel).toMatchObject({
        state: 400,
        msg: '该支付方式未开通',
      });
    }
    const rows = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, Number(orderId)));
    expect(rows).toHaveLength(1);
  });

  it('refuses orders that cannot be paid, other users’ orders and bad input', async () => {
    const slot = await freeSlot(demo, '1000');
    const { orderId } = (await lock(alice.client, slot.source.sourceId)).body.results as { orderId: string };
    expect((await startPay(alice.client, orderId)).body).toMatchObject({ state: 400, msg: '请先提交订单' });
    expect((await startPay(bob.client, orderId)).body).toMatchObject({ state: 404, msg: '订单不存在' });
    for (const returnPath of ['//evil.example/x', 'https://evil.example/', '/a"b']) {
      const answer = await startPay(alice.client, orderId, 'SANDBOX', returnPath);
      expect(answer.status, returnPath).toBe(400);
      expect(answer.body.results).toEqual({ field: 'returnPath' });
    }
    expect((await startPay(alice.client, orderId, 'CASH')).status).toBe(400);
    const cancelled = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    await alice.client.post('/v1/orders/cancel', { orderId: cancelled });
    expect((await startPay(alice.client, cancelled)).body).toMatchObject({ state: 409, msg: '订单已取消' });
    expect(
      await server.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, Number(orderId))),
    ).toEqual([]);
  });

  it('polls only one’s own payments', async () => {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const { paymentId } = ((await startPay(alice.client, orderId)).body.results as Started).payment;
    expect((await alice.client.get<Payment>(`/v1/pay_orders/${paymentId}`)).body.results).toMatchObject({
      paymentId,
      status: 'PENDING',
    });
    expect((await bob.client.get(`/v1/pay_orders/${paymentId}`)).body).toMatchObject({
      state: 404,
      msg: '支付记录不存在',
    });
    expect((await server.client().get(`/v1/pay_orders/${paymentId}`)).status).toBe(401);
    expect((await alice.client.get('/v1/pay_orders/99999999')).body.state).toBe(404);
  });
});

describe('bad input and other accounts', () => {
  it('answers 400 naming the field, 404 for someone else’s order, and changes nothing', async () => {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const before = await server.database.db.select().from(payments);
    const cases: [string, unknown, string][] = [
      ['/v1/pay_orders/js_pay', { orderType: 'APPOINTMENT', orderId }, 'channel'],
      ['/v1/pay_orders/js_pay', { orderType: 'FEE', orderId, channel: 'SANDBOX' }, 'orderType'],
      [
        '/v1/pay_orders/js_pay',
        { orderType: 'APPOINTMENT', orderId, channel: 'SANDBOX', appId: 'x'.repeat(65) },
        'appId',
      ],
      ['/v1/pay_orders/selfOrMedicalPreSettle', { orderType: 'APPOINTMENT', orderId, mode: 'HALF' }, 'mode'],
      [
        '/v1/pay_orders/notify',
        { paymentId: '1', tradeNo: '', amount: 100, signature: 'a'.repeat(64) },
        'tradeNo',
      ],
      [
        '/v1/pay_orders/notify',
        { paymentId: '1', tradeNo: 'T', amount: 100.5, signature: 'a'.repeat(64) },
        'amount',
      ],
      [
        '/v1/pay_orders/notify',
        { paymentId: '1', tradeNo: 'T', amount: '1.00', signature: 'a'.repeat(64) },
        'amount',
      ],
    ];
    for (const [path, body, field] of cases) {
      const answer = await alice.client.post(path, body);
      expect(answer.status, `${path} ${field}`).toBe(400);
      expect(answer.body.results).toEqual({ field });
    }
    expect((await alice.client.get('/v1/pay_orders/1;x')).status).toBe(400);
    expect((await startPay(bob.client, orderId)).body).toMatchObject({ state: 404, msg: '订单不存在' });
    const settle = await bob.client.post('/v1/pay_orders/selfOrMedicalPreSettle', {
      orderType: 'APPOINTMENT',
      orderId,
      mode: 'SELF',
    });
    expect(settle.body).toMatchObject({ state: 404, msg: '订单不存在' });
    expect(await server.database.db.select().from(payments)).toEqual(before);
  });
});

describe('the payment notification', () => {
  it('is applied once however often it arrives: the order is BOOKED with a visit number', async () => {
    const slot = await freeSlot(demo, '1000');
    const before = await remainingOf(demo, '1000', slot);
    const orderId = await pendingOrder(alice, '1000', slot.source.sourceId);
    const { payment, tradeNo } = await startSandboxPay(server, alice.client, orderId);
    const body = notification(payment, tradeNo);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => notify(body)));
    expect(answers.map((a) => a.body.results?.applied).sort()).toEqual([false, false, false, false, true]);
    expect((await notify(body)).body).toMatchObject({ state: 200, results: { applied: false } });
    const order = await orderOf(alice.client, orderId);
    expect(order).toMatchObject({
      status: 'BOOKED',
      paidAt: new Date(TEST_START).toISOString(),
      holdExpiresAt: null,
    });
    expect(order.visitNumber).toMatch(/^\d{3}$/);
    expect(await remainingOf(demo, '1000', slot)).toBe(before - 1);
    expect((await alice.client.get(`/v1/pay_orders/${payment.paymentId}`)).body.results).toMatchObject({
      status: 'PAID',
    });
  });

  it('answers js_pay of a paid order with its PAID payment and nothing to pay, on every channel', async () => {
    const slot = await freeSlot(demo, '1000', { sameDay: true, halfDay: 'PM' });
    const orderId = await pendingOrder(alice, '1000', slot.source.sourceId);
    const { payment, tradeNo } = await startSandboxPay(server, alice.client, orderId);
    await notify(notification(payment, tradeNo));
    const rowsOf = () =>
      server.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, Number(orderId)));
    const before = await rowsOf();
    const appId = (
      await server.client().get<{ appId: string }>('/v1/orders/query/appid', { hospitalId: '1000' })
    ).body.results?.appId;
    const paid = {
      paymentId: payment.paymentId,
      channel: 'SANDBOX',
      status: 'PAID',
      paidAt: new Date(TEST_START).toISOString(),
    };
    const nothingToPay = { wechat: null, alipay: null, sandbox: null };
    for (const channel of ['SANDBOX', 'ALIPAY_TRADE', 'WECHAT_JSAPI']) {
      const again = await alice.client.post<Started>('/v1/pay_orders/js_pay', {
        orderType: 'APPOINTMENT',
        orderId,
        channel,
        ...(channel === 'WECHAT_JSAPI' ? { appId } : {}),
      });
      expect(again.body, channel).toMatchObject({ state: 200, results: { payment: paid, ...nothingToPay } });
    }
    // Still so once the visit is over (VISITED); the payment row never changed.
    server.clock.set(new Date(`2025-03-10T${slot.source.endTime}+08:00`));
    expect((await orderOf(alice.client, orderId)).status).toBe('VISITED');
    expect((await startPay(alice.client, orderId)).body).toMatchObject({
      state: 200,
      results: { payment: paid, ...nothingToPay },
    });
    expect(await rowsOf()).toEqual(before);
    expect(before).toMatchObject([{ status: 'PAID', channel: 'SANDBOX' }]);
    // Someone else still gets 'not found'.
    expect((await startPay(bob.client, orderId)).body).toMatchObject({ state: 404, msg: '订单不存在' });
  });

  it('refuses a bad signature, a wrong amount or trade number, and changes nothing', async () => {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const { payment, tradeNo } = await startSandboxPay(server, alice.client, orderId);
    const good = notification(payment, tradeNo);
    expect((await notify({ ...good, signature: 'f'.repeat(64) })).body).toMatchObject({
      state: 403,
      msg: '签名校验失败',
    });
    expect((await notify({ ...good, signature: 'nope' })).status).toBe(400);
    const cheap = notification({ ...payment, amount: 1 }, good.tradeNo);
    expect((await notify(cheap)).body).toMatchObject({ state: 400, msg: '支付金额不一致' });
    const otherTrade = notification(payment, 'HS000');
    expect((await notify(otherTrade)).body).toMatchObject({ state: 400, msg: '交易号不一致' });
    const unknown = notification({ paymentId: '99999999', amount: payment.amount }, good.tradeNo);
    expect((await notify(unknown)).body).toMatchObject({ state: 404, msg: '支付记录不存在' });
    expect((await orderOf(alice.client, orderId)).status).toBe('PENDING_PAYMENT');
    expect((await alice.client.get(`/v1/pay_orders/${payment.paymentId}`)).body.results).toMatchObject({
      status: 'PENDING',
    });
    // The amount is integer fen: yuan text is refused, even signed.
    expect(Number.isSafeInteger(payment.amount)).toBe(true);
    const yuanText = String(payment.amount / 100);
    expect((await notify(signedWithAmount(good, yuanText))).body).toMatchObject({
      state: 400,
      results: { field: 'amount' },
    });
    expect((await orderOf(alice.client, orderId)).status).toBe('PENDING_PAYMENT');
    expect((await notify(good)).body.results).toEqual({ applied: true });
  });

  it('books a paid order whose hold ran out if the slot is still free', async () => {
    const slot = await freeSlot(demo, '1000');
    const orderId = await pendingOrder(alice, '1000', slot.source.sourceId);
    const { payment, tradeNo } = await startSandboxPay(server, alice.client, orderId);
    server.clock.advance(15 * MINUTE);
    expect((await alice.client.get(`/v1/pay_orders/${payment.paymentId}`)).body.results).toMatchObject({
      status: 'CLOSED',
    });
    expect((await notify(notification(payment, tradeNo))).body.results).toEqual({
      applied: true,
    });
    expect(await orderOf(alice.client, orderId)).toMatchObject({ status: 'BOOKED' });
  });

  it('refunds at once when the hold ran out and someone else took the place meanwhile', async () => {
    const slot = await freeSlot(demo, '1000');
    await setPlaces(server, slot.source.sourceId, 1);
    const orderId = await pendingOrder(alice, '1000', slot.source.sourceId);
    const { payment, tradeNo } = await startSandboxPay(server, alice.client, orderId);
    expect((await lock(bob.client, slot.source.sourceId)).body).toMatchObject({
      state: 409,
      msg: '号源已约满',
    });
    server.clock.advance(10 * MINUTE);
    const bobs = await pendingOrder(bob, '1000', slot.source.sourceId);
    expect((await notify(notification(payment, tradeNo))).body.results).toEqual({
      applied: true,
    });
    const refunded = await orderOf(alice.client, orderId);
    expect(refunded).toMatchObject({
      status: 'REFUNDED',
      cancelReason: '支付时号源保留已超时且号源已被预约，支付款项已原路退回',
    });
    expect((await alice.client.get(`/v1/pay_orders/${payment.paymentId}`)).body.results).toMatchObject({
      status: 'REFUNDED',
    });
    expect((await orderOf(bob.client, bobs)).status).toBe('PENDING_PAYMENT');
  });

  it('refunds at once a payment that arrives for a cancelled order', async () => {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const { payment, tradeNo } = await startSandboxPay(server, alice.client, orderId);
    await alice.client.post('/v1/orders/cancel', { orderId });
    expect((await notify(notification(payment, tradeNo))).body.results).toEqual({
      applied: true,
    });
    expect(await orderOf(alice.client, orderId)).toMatchObject({
      status: 'REFUNDED',
      cancelReason: '订单已取消，支付款项已原路退回',
    });
  });
});

describe('the sandbox cashier', () => {
  it('shows the amount and the order in Chinese, pays, and returns with the paymentId (303)', async () => {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const order = await orderOf(alice.client, orderId);
    const started = (await startPay(alice.client, orderId, 'SANDBOX', `/placeOrder/${orderId}?from=list&x=1`))
      .body.results as Started;
    const url = started.sandbox?.cashierUrl as string;
    const pageAnswer = await alice.client.call('GET', url);
    expect(pageAnswer.status).toBe(200);
    expect(pageAnswer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(pageAnswer.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = pageAnswer.text;
    expect(html).toContain(`¥${(order.fee / 100).toFixed(2)}`);
    expect(html).toContain('示范人民医院');
    expect(html).toContain(order.schedule.departmentName);
    expect(html).toContain('确认支付');
    expect(html).toContain('取消支付');
    expect(html).toContain('元');
    expect(html).not.toContain(order.patientName as string);
    expect(html).not.toMatch(/<script/i);
    // Not logged in, or someone else: not found.
    expect((await server.client().call('GET', url)).status).toBe(404);
    expect((await bob.client.call('GET', url)).status).toBe(404);

    // Cancel: back to the app, payment still pending.
    const action = /<a href="([^"]+)">取消支付/.exec(html)?.[1].replaceAll('&amp;', '&') as string;
    const cancelled = await alice.client.call('GET', action);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(
      `/placeOrder/${orderId}?from=list&x=1&paymentId=${started.payment.paymentId}`,
    );
    expect(
      (await alice.client.get(`/v1/pay_orders/${started.payment.paymentId}`)).body.results,
    ).toMatchObject({ status: 'PENDING' });

    const form = /<form method="post" action="([^"]+)"/.exec(html)?.[1].replaceAll('&amp;', '&') as string;
    const paid = await confirmAtCashier(alice.client, form);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `/placeOrder/${orderId}?from=list&x=1&paymentId=${started.payment.paymentId}`,
    );
    expect(
      (await alice.client.get(`/v1/pay_orders/${started.payment.paymentId}`)).body.results,
    ).toMatchObject({ status: 'PAID' });
    expect((await orderOf(alice.client, orderId)).status).toBe('BOOKED');
    // Confirming again charges nothing more; the page now only leads back (its link escaped).
    expect((await confirmAtCashier(alice.client, form)).status).toBe(303);
    expect(
      await server.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, Number(orderId))),
    ).toMatchObject([{ status: 'PAID' }]);
    const after = (await alice.client.call('GET', url)).text;
    expect(after).not.toContain('确认支付');
    expect(after).toContain('已支付');
    expect(after).toContain(
      `href="/placeOrder/${orderId}?from=list&amp;x=1&amp;paymentId=${started.payment.paymentId}"`,
    );
    expect(
      (
        await alice.client.call(
          'GET',
          `/hospital-service/sandbox/cashier/${started.payment.paymentId}?returnPath=//evil.example`,
        )
      ).status,
    ).toBe(400);
  });

  it('takes the 确认支付 form only from its own page: another site’s form pays nothing', async () => {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const started = (await startPay(alice.client, orderId, 'SANDBOX')).body.results as Started;
    const form = String(started.sandbox?.cashierUrl).replace('?', '/confirm?');
    const post = (headers: Record<string, string>) =>
      alice.client.call('POST', form, {
        rawBody: '',
        contentType: 'application/x-www-form-urlencoded',
        channel: null,
        headers,
      });
    const status = async () =>
      (await alice.client.get<Payment>(`/v1/pay_orders/${started.payment.paymentId}`)).body.results?.status;
    const host = new URL(alice.client.base).host;
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://other.hospital.example' },
      // A browser without Sec-Fetch-Site: its Origin must be the cashier's host.
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `http://${host}`, 'x-forwarded-host': 'h5.hospital.example' },
    ];
    for (const headers of foreign) {
      const refused = await post(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
      expect(refused.text).toContain('该支付请求来自其他网站，已被拒绝');
      expect(await status()).toBe('PENDING');
    }
    // Behind a proxy the browser's Origin names the proxy's host (X-Forwarded-Host): the app's own form.
    const viaProxy = await post({
      origin: 'https://h5.hospital.example',
      'x-forwarded-host': 'h5.hospital.example',
    });
    expect(viaProxy.status).toBe(303);
    expect(await status()).toBe('PAID');
  });

  it('takes the form from a client that is not a browser (no Sec-Fetch-Site, no Origin: the benchmark)', async () => {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const started = (await startPay(alice.client, orderId, 'SANDBOX')).body.results as Started;
    const form = String(started.sandbox?.cashierUrl).replace('?', '/confirm?');
    const answer = await alice.client.call('POST', form, {
      rawBody: '',
      contentType: 'application/x-www-form-urlencoded',
      channel: null,
    });
    expect(answer.status).toBe(303);
  });

  it('does not exist in production, where SANDBOX is refused', async () => {
    const app = buildApp({
      db: server.database,
      clock: server.clock,
      production: true,
      logger: false,
      smsSender: { kind: 'real', send: async () => undefined },
    });
    try {
      const page = await app.inject({
        method: 'GET',
        url: '/hospital-service/sandbox/cashier/1?returnPath=/',
      });
      expect(page.statusCode).toBe(404);
      const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
      const answer = await app.inject({
        method: 'POST',
        url: '/hospital-service/v1/pay_orders/js_pay',
        headers: { cookie: `SESSION=${alice.client.cookies.get('SESSION')}`, channeltype: 'H5' },
        payload: { orderType: 'APPOINTMENT', orderId, channel: 'SANDBOX' },
      });
      expect(answer.json()).toMatchObject({ state: 400, msg: '不支持的支付方式' });
    } finally {
      await app.close();
    }
  });
});

describe('the sandbox refund desk', () => {
  it('pays a refund back only after the sandbox’s delay, or at once at its desk: 退款中 until then', async () => {
    const slow = buildApp({
      db: server.database,
      clock: server.clock,
      logger: false,
      secret: TEST_SECRET,
      sandboxRefundDelayMs: 5 * MINUTE,
      smsSender: { kind: 'real', send: async () => undefined },
    });
    await slow.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(slow.server.address() as AddressInfo).port}`;
      const as = (patient: Patient) => {
        const client = new Client(base);
        for (const [name, value] of patient.client.cookies) client.cookies.set(name, value);
        return client;
      };
      const client = as(alice);
      const booked = async () => {
        const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
        const { payment, tradeNo } = await startSandboxPay(server, client, orderId);
        await client.post('/v1/pay_orders/notify', notification(payment, tradeNo));
        const asked = await client.post('/v1/orders/refundFeeAndNum', { orderId, reason: '行程有变' });
        expect(asked.body).toMatchObject({ state: 200, results: { status: 'REFUNDING', refundedAt: null } });
        return orderId;
      };
      const atDesk = await booked();
      const bySweeper = await booked();

      // The desk lists alice's refunds in progress, nobody else's.
      const desk = await client.call(
        'GET',
        `/hospital-service/sandbox/refunds?returnPath=/appointmentDetail/${atDesk}`,
      );
      expect(desk.status).toBe(200);
      expect(desk.text.match(/退款到账/g)).toHaveLength(2);
      const bobsDesk = await as(bob).call('GET', '/hospital-service/sandbox/refunds');
      expect(bobsDesk.text).toContain('没有处理中的退款');
      const [first] = await server.database.db
        .select({ refundNo: refunds.refundNo })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(eq(payments.orderId, Number(atDesk)));
      const payBack = (who: Client, headers: Record<string, string> = {}) =>
        who.call(
          'POST',
          `/hospital-service/sandbox/refunds/${first.refundNo}/pay-back?returnPath=/appointmentDetail/${atDesk}`,
          {
            rawBody: '',
            contentType: 'application/x-www-form-urlencoded',
            headers,
          },
        );
      // Not bob's; not from another site's form.
      expect((await payBack(as(bob))).status).toBe(404);
      expect((await payBack(client, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await orderOf(alice.client, atDesk)).status).toBe('REFUNDING');

      const paid = await payBack(client, { 'sec-fetch-site': 'same-origin' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`/appointmentDetail/${atDesk}`);
      expect(await orderOf(alice.client, atDesk)).toMatchObject({ status: 'REFUNDED' });
      expect((await orderOf(alice.client, bySweeper)).status).toBe('REFUNDING');

      // The other one: the sweeper asks a minute after; the sandbox pays it back once its 5 minutes are over.
      const deps = {
        db: server.database.db,
        clock: server.clock,
        payables: new Payables([appointmentPayable]),
        paymentProviders: buildPaymentProviders({
          production: false,
          secret: TEST_SECRET,
          now: () => server.clock.now(),
          sandboxBook: sandboxBook(server.database.db, server.clock),
          sandboxRefundDelayMs: 5 * MINUTE,
        }),
        insuranceCentre: new SimulatedInsuranceCentre(),
      };
      const log = pino({ level: 'silent' });
      server.clock.advance(2 * MINUTE);
      expect(await sweepRefunds(deps, log)).toBe(0);
      expect((await orderOf(alice.client, bySweeper)).status).toBe('REFUNDING');
      server.clock.advance(4 * MINUTE);
      expect(await sweepRefunds(deps, log)).toBe(1);
      expect((await orderOf(alice.client, bySweeper)).status).toBe('REFUNDED');
    } finally {
      await slow.close();
    }
  });
});

describe('time and the clinic', () => {
  it('the sweeper writes down expired holds and closes their payments (reads never wait for it)', async () => {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const { paymentId } = ((await startPay(alice.client, orderId)).body.results as Started).payment;
    const later = new Date(Date.parse(TEST_START) + 11 * MINUTE);
    const result = await settleDueOrders(server.database.db, later);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const [row] = await server.database.db
      .select()
      .from(appointmentOrders)
      .where(eq(appointmentOrders.id, Number(orderId)));
    expect(row.status).toBe('EXPIRED');
    const [p] = await server.database.db
      .select()
      .from(payments)
      .where(inArray(payments.id, [Number(paymentId)]));
    expect(p.status).toBe('CLOSED');
  });

  it('the app’s job engine expires a hold (pg-boss on this database), the sweep scheduled every minute', async () => {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const clock = new TestClock(Date.parse(TEST_START) + 11 * MINUTE);
    const app = buildApp({
      db: server.database,
      clock,
      logger: false,
      secret: 'test-secret',
      jobs: { pollingIntervalSeconds: 0.5 },
    });
    try {
      await app.ready();
      const schedules = await server.database.executeSql('SELECT name, cron, timezone FROM pgboss.schedule');
      expect(schedules.rows).toEqual(
        expect.arrayContaining([
          { name: 'booking-settle-due-orders', cron: '* * * * *', timezone: 'Asia/Shanghai' },
          { name: 'payments-sweep', cron: '* * * * *', timezone: 'Asia/Shanghai' },
        ]),
      );
      await app.jobs?.runNow('booking-settle-due-orders');
      await vi.waitFor(
        async () => {
          const [row] = await server.database.db
            .select()
            .from(appointmentOrders)
            .where(eq(appointmentOrders.id, Number(orderId)));
          expect(row.status).toBe('EXPIRED');
        },
        { timeout: 15_000, interval: 200 },
      );
    } finally {
      await app.close();
    }
  });

  it('a stopped clinic refunds its bookings and cancels its holds', async () => {
    const slot = await freeSlot(demo, '1000', { places: 2 });
    const booked = await pendingOrder(alice, '1000', slot.source.sourceId);
    const payment = await pay(server, alice.client, booked);
    const held = await pendingOrder(bob, '1000', slot.source.sourceId);
    const stop = await server
      .client()
      .call('POST', '/__dev/schedules/stop', { body: { scheduleItemId: slot.item.scheduleItemId } });
    expect(stop.body).toMatchObject({ state: 200, results: { orders: 2 } });
    // The sandbox confirms a refund at once: the stopped order shows when its money went back.
    expect(await orderOf(alice.client, booked)).toMatchObject({
      status: 'STOPPED',
      cancelReason: '医生停诊，费用将原路退回',
      refundedAt: expect.any(String),
    });
    expect((await alice.client.get(`/v1/pay_orders/${payment.paymentId}`)).body.results).toMatchObject({
      status: 'REFUNDED',
    });
    expect((await orderOf(bob.client, held)).status).toBe('CANCELLED');
    expect((await lock(bob.client, slot.source.sourceId)).body).toMatchObject({
      state: 409,
      msg: '医生已停诊',
    });
    const listed = await alice.client.post<{ orders: AppointmentOrder[] }>('/v1/orders/query', {
      status: 'STOPPED',
    });
    expect(listed.body.results?.orders.map((o) => o.orderId)).toEqual([booked]);
    expect(
      (await server.client().call('POST', '/__dev/schedules/stop', { body: { scheduleItemId: 'x' } })).status,
    ).toBe(400);
  });
});

describe('the dev check for places given twice (the bench’s count on PGlite)', () => {
  type Check = {
    booked: number;
    overbooked: { sourceId: number; places: number; booked: number }[];
    sharedVisitNumbers: { scheduleId: number; visitNumber: string; orders: number }[];
    count: number;
  };
  const check = async () =>
    (await server.client().call<Check>('GET', '/__dev/double-bookings')).body.results as Check;

  it('counts bookings beyond a slot’s places and visit numbers given twice, from the database', async () => {
    const slot = await freeSlot(demo, '1000', { places: 2 });
    const first = await pendingOrder(alice, '1000', slot.source.sourceId);
    await pay(server, alice.client, first);
    const second = await pendingOrder(bob, '1000', slot.source.sourceId);
    await pay(server, bob.client, second);
    const before = await check();
    expect(before.overbooked.filter((s) => String(s.sourceId) === slot.source.sourceId)).toEqual([]);
    // Data no path of the service can write (the CHECK on sources.claimed refuses it): the slot shrinks to one
    // place after both were booked, its counter reset as by a writer bypassing the trigger; then one booking
    // gives a number twice. The check counts the orders themselves, not the counter.
    const slotRow = eq(sources.id, Number(slot.source.sourceId));
    await server.database.db.update(sources).set({ capacity: 1, reserved: 0, claimed: 0 }).where(slotRow);
    try {
      await server.database.db
        .update(appointmentOrders)
        .set({ visitNumber: (await orderOf(alice.client, first)).visitNumber })
        .where(eq(appointmentOrders.id, Number(second)));
      const after = await check();
      expect(after.overbooked).toContainEqual({
        sourceId: Number(slot.source.sourceId),
        places: 1,
        booked: 2,
      });
      expect(after.sharedVisitNumbers).toContainEqual(
        expect.objectContaining({ scheduleId: Number(slot.item.scheduleItemId), orders: 2 }),
      );
      expect(after.count).toBe(before.count + 2);
      expect(after.booked).toBe(before.booked);
    } finally {
      // Consistent again, so that the clean-up after each test (ending the orders) passes the CHECK.
      await server.database.db.update(sources).set({ capacity: 2, claimed: 2 }).where(slotRow);
    }
  });
});

describe('the payment providers', () => {
  const appWith = (paymentEnv: NodeJS.ProcessEnv, production = false) =>
    buildApp({
      db: server.database,
      clock: server.clock,
      production,
      logger: false,
      secret: TEST_SECRET,
      paymentEnv,
      smsSender: { kind: 'real', send: async () => undefined },
    });

  /** WeChat Pay's notification, posted to an instance. */
  const postTo =
    (app: FastifyInstance) =>
    ({ body, headers }: { body: string; headers: Record<string, string> }) =>
      app.inject({ method: 'POST', url: `${NOTIFY_PREFIX}/wechat-pay`, headers, payload: body });

  /** Alice at another (listening) instance: sessions live in the shared database. */
  const aliceAt = (app: FastifyInstance) => {
    const client = new Client(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    for (const [name, value] of alice.client.cookies) client.cookies.set(name, value);
    return client;
  };

  /**
   * A pending order of alice with its payment started (trade number and amount in fen from the database): on
   * the sandbox, or handed to WeChat Pay H5 (its creation at WeChat Pay is tested below; here only its row).
   */
  async function startedPayment(at: 'sandbox' | 'wechat-pay' = 'sandbox') {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const { payment } = (await startPay(alice.client, orderId)).body.results as Started;
    if (at === 'wechat-pay') {
      await server.database.db
        .update(payments)
        .set({ channel: 'WECHAT_H5', provider: 'wechat-pay' })
        .where(eq(payments.id, Number(payment.paymentId)));
    }
    const [row] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, Number(payment.paymentId)));
    return { orderId, payment, row };
  }

  it('list the channels open for a hospital: the sandbox alone by default, a provider’s channels once configured, no sandbox in production', async () => {
    const channelsAt = (client: Client, hospitalId = '1000') =>
      client.get<{ channels: string[] }>('/v1/pay_orders/channels', { hospitalId });
    expect((await channelsAt(alice.client)).body).toMatchObject({
      state: 200,
      results: { channels: ['SANDBOX'] },
    });
    expect((await channelsAt(alice.client, '9999')).body).toMatchObject({ state: 404, msg: '医院不存在' });
    expect((await channelsAt(server.client())).status).toBe(401);

    const alipayKeys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    });
    const alipayEnv = {
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: alipayKeys.privateKey,
      ALIPAY_PUBLIC_KEY: alipayKeys.publicKey,
    };
    const wechatApp = appWith(testWechatEnv());
    const bothApp = appWith({ ...testWechatEnv(), ...alipayEnv }, true);
    await wechatApp.listen({ port: 0, host: '127.0.0.1' });
    await bothApp.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect((await channelsAt(aliceAt(wechatApp))).body.results).toEqual({
        channels: ['WECHAT_JSAPI', 'WECHAT_H5', 'SANDBOX'],
      });
      expect((await channelsAt(aliceAt(bothApp))).body.results).toEqual({
        channels: ['WECHAT_JSAPI', 'ALIPAY_TRADE', 'WECHAT_H5', 'ALIPAY_WAP'],
      });
    } finally {
      await wechatApp.close();
      await bothApp.close();
    }
  });

  it('stop start-up when a provider is configured but incomplete, naming what is missing', () => {
    expect(() => appWith({ WECHATPAY_MCHID: testWechat.mchid })).toThrow(
      /微信支付配置不完整.*WECHATPAY_APPID.*WECHATPAY_MERCHANT_SERIAL.*WECHATPAY_API_V3_KEY/,
    );
    const { WECHATPAY_PUBLIC_KEY: _, ...noPlatformKey } = testWechatEnv();
    expect(() => appWith(noPlatformKey)).toThrow(/WECHATPAY_PUBLIC_KEY\(_PATH\) 或 WECHATPAY_PLATFORM_CERT/);
    expect(() => appWith({ ALIPAY_APP_ID: '2021000000000001' }, true)).toThrow(
      /支付宝配置不完整.*ALIPAY_PRIVATE_KEY\(_PATH\).*ALIPAY_PUBLIC_KEY\(_PATH\)/,
    );
  });

  it('have only the sandbox without configuration, and no sandbox in production', async () => {
    const dev = await server.app.inject({
      method: 'POST',
      url: `${NOTIFY_PREFIX}/wechat-pay`,
      payload: '{}',
    });
    expect(dev.statusCode).toBe(404);
    const production = appWith({}, true);
    try {
      const answer = await production.inject({
        method: 'POST',
        url: `${NOTIFY_PREFIX}/sandbox`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ code: 'FAIL', message: '支付方式未开通' });
    } finally {
      await production.close();
    }
  });

  it('take the sandbox notification at its notify endpoint once; a tampered one is refused', async () => {
    const { orderId, payment, row } = await startedPayment();
    const post = (body: unknown) =>
      server.app.inject({
        method: 'POST',
        url: `${NOTIFY_PREFIX}/sandbox`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const tampered = await post({ ...notification(payment, row.tradeNo), amount: 1 });
    expect(tampered.statusCode).toBe(401);
    const inYuan = signedWithAmount(notification(payment, row.tradeNo), (payment.amount / 100).toFixed(2));
    expect((await post(inYuan)).statusCode).toBe(400);
    expect((await orderOf(alice.client, orderId)).status).toBe('PENDING_PAYMENT');
    const first = await post(notification(payment, row.tradeNo));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 'SUCCESS' });
    const booked = await orderOf(alice.client, orderId);
    expect(booked.status).toBe('BOOKED');
    expect((await post(notification(payment, row.tradeNo))).statusCode).toBe(200);
    expect((await orderOf(alice.client, orderId)).visitNumber).toBe(booked.visitNumber);
  });

  it('book the order once from a signed WeChat Pay notification; replay ignored, tampered refused', async () => {
    const wechatApp = appWith(testWechatEnv());
    try {
      const { orderId, row } = await startedPayment('wechat-pay');
      const post = postTo(wechatApp);

      const forged = await post(
        wechatPaidNotification(row.tradeNo, row.amount, { signWith: testWechat.intruder.privateKey }),
      );
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ code: 'FAIL', message: '支付通知验签失败' });
      const signed = wechatPaidNotification(row.tradeNo, row.amount);
      const edited = await post({
        ...signed,
        body: signed.body.replace('"summary":"支付成功"', '"summary":"x"'),
      });
      expect(edited.statusCode).toBe(401);
      const wrongAmount = await post(wechatPaidNotification(row.tradeNo, row.amount - 1));
      expect(wrongAmount.statusCode).toBe(400);
      expect((await orderOf(alice.client, orderId)).status).toBe('PENDING_PAYMENT');

      const first = await post(signed);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ code: 'SUCCESS', message: '成功' });
      const booked = await orderOf(alice.client, orderId);
      expect(booked.status).toBe('BOOKED');
      const replay = await post(signed);
      expect(replay.statusCode).toBe(200);
      const [after] = await server.database.db.select().from(payments).where(eq(payments.id, row.id));
      expect(after.status).toBe('PAID');
      expect((await orderOf(alice.client, orderId)).visitNumber).toBe(booked.visitNumber);

      const unknown = await post(wechatPaidNotification('HS20261123000000000000', row.amount));
      expect(unknown.statusCode).toBe(404);
    } finally {
      await wechatApp.close();
    }
  });

  it('refuse a signed WeChat Pay notification for a payment started on the sandbox: only its own provider confirms it', async () => {
    const wechatApp = appWith(testWechatEnv());
    try {
      const { orderId, payment, row } = await startedPayment();
      const answer = await postTo(wechatApp)(wechatPaidNotification(row.tradeNo, row.amount));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'FAIL' });
      expect((await orderOf(alice.client, orderId)).status).toBe('PENDING_PAYMENT');
      const [after] = await server.database.db.select().from(payments).where(eq(payments.id, row.id));
      expect(after).toMatchObject({ status: 'PENDING', provider: 'sandbox', paidAt: null });
      // Its own provider's notification is applied.
      expect((await notify(notification(payment, row.tradeNo))).body).toMatchObject({
        state: 200,
        results: { applied: true },
      });
      expect((await orderOf(alice.client, orderId)).status).toBe('BOOKED');
    } finally {
      await wechatApp.close();
    }
  });

  it('pay in an ordinary browser at the provider’s cashier: created through WeChat Pay H5, or not open at all', async () => {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    // This instance has no WeChat Pay merchant.
    expect((await startPay(alice.client, orderId, 'WECHAT_H5')).body).toMatchObject({
      state: 400,
      msg: '该支付方式未开通',
    });
    const fake = await startFakeWechatPay();
    const wechatApp = appWith({ ...testWechatEnv(), WECHATPAY_BASE_URL: fake.baseURL });
    await wechatApp.listen({ port: 0, host: '127.0.0.1' });
    try {
      const client = aliceAt(wechatApp);
      const order = await orderOf(alice.client, orderId);
      const started = await startPay(client, orderId, 'WECHAT_H5', `/placeOrder/${orderId}`);
      const { payment, redirect } = started.body.results as Started & { redirect: { url: string } };
      const [row] = await server.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, Number(payment.paymentId)));
      expect(row).toMatchObject({ channel: 'WECHAT_H5', provider: 'wechat-pay', status: 'PENDING' });
      const back = `https://h5.hospital.example/placeOrder/${orderId}?paymentId=${payment.paymentId}`;
      expect(redirect.url).toBe(
        `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&redirect_url=${encodeURIComponent(back)}`,
      );
      expect(JSON.parse(fake.seen.at(-1)?.body ?? '{}')).toMatchObject({
        out_trade_no: row.tradeNo,
        notify_url: `https://h5.hospital.example${NOTIFY_PREFIX}/wechat-pay`,
        amount: { total: row.amount, currency: 'CNY' },
        time_expire: (order.holdExpiresAt as string).replace('.000Z', '+00:00'),
        scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
      });
      // Another provider's notification for it is refused.
      const sandboxNotice = await notify(notification(payment, row.tradeNo));
      expect(sandboxNotice.body).toMatchObject({ state: 400, msg: '支付渠道不一致' });

      // Paying on another channel closes it at WeChat Pay first and takes a new trade number.
      await startPay(client, orderId, 'SANDBOX');
      expect(fake.trades.get(row.tradeNo)?.state).toBe('CLOSED');
      const [moved] = await server.database.db.select().from(payments).where(eq(payments.id, row.id));
      expect(moved).toMatchObject({ channel: 'SANDBOX', provider: 'sandbox', status: 'PENDING' });
      expect(moved.tradeNo).not.toBe(row.tradeNo);

      // Back to H5, paid there, then the patient tries another channel: the provider says paid, so it is.
      await startPay(client, orderId, 'WECHAT_H5');
      const [again] = await server.database.db.select().from(payments).where(eq(payments.id, row.id));
      const trade = fake.trades.get(again.tradeNo);
      if (trade) trade.state = 'SUCCESS';
      const late = await startPay(client, orderId, 'SANDBOX');
      expect(late.body.results?.payment).toMatchObject({ status: 'PAID' });
      expect((await orderOf(alice.client, orderId)).status).toBe('BOOKED');
    } finally {
      await wechatApp.close();
      await fake.close();
    }
  });

  it('pay inside the messaging app through WeChat Pay JSAPI, for the payer its web authorisation identified once', async () => {
    const fake = await startFakeWechatPay();
    const wechatApp = appWith({
      ...testWechatEnv(),
      WECHATPAY_BASE_URL: fake.baseURL,
      WECHAT_API_BASE_URL: fake.baseURL,
    });
    await wechatApp.listen({ port: 0, host: '127.0.0.1' });
    try {
      const client = aliceAt(wechatApp);
      const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
      const jsapi = (extra: Record<string, string> = {}) =>
        client.post<Started & { authorize: { url: string } | null }>('/v1/pay_orders/js_pay', {
          orderType: 'APPOINTMENT',
          orderId,
          channel: 'WECHAT_JSAPI',
          appId: testWechat.appid,
          resumePath: `/placeOrder/${orderId}`,
          ...extra,
        });
      const paymentRows = () =>
        server.database.db
          .select()
          .from(payments)
          .where(eq(payments.orderId, Number(orderId)));

      // Not identified yet: the answer is where to identify the payer; nothing was started.
      const first = await jsapi();
      const authorizeUrl = `/hospital-service/v1/payments/payer/wechat-pay/authorize?returnPath=${encodeURIComponent(`/placeOrder/${orderId}`)}`;
      expect(first.body.results).toMatchObject({
        payment: null,
        wechat: null,
        authorize: { url: authorizeUrl },
      });
      expect(await paymentRows()).toEqual([]);

      // The official account's silent authorisation (snsapi_base), bound to this browser by its cookie.
      const toWechat = await client.call('GET', authorizeUrl);
      expect(toWechat.status).toBe(302);
      const location = new URL(toWechat.headers.get('location') as string);
      expect(`${location.origin}${location.pathname}`).toBe(
        'https://open.weixin.qq.com/connect/oauth2/authorize',
      );
      expect(location.hash).toBe('#wechat_redirect');
      expect(Object.fromEntries(location.searchParams)).toMatchObject({
        appid: testWechat.appid,
        redirect_uri: 'https://h5.hospital.example/hospital-service/v1/payments/payer/wechat-pay/callback',
        response_type: 'code',
        scope: 'snsapi_base',
      });
      const state = location.searchParams.get('state') as string;
      expect(state).toMatch(/^[0-9a-f]{32}$/);
      expect(toWechat.setCookies.join()).toMatch(/PAYER_AUTH=.*HttpOnly/i);
      const callback = (query: string, who = client) =>
        who.call('GET', `/hospital-service/v1/payments/payer/wechat-pay/callback?${query}`);

      // Another browser (no round-trip cookie) cannot use the code; a wrong state neither.
      fake.oauthCodes.set('CODE-ALICE', 'oAlice000000000000000000000');
      const elsewhere = await callback(`code=CODE-ALICE&state=${state}`, aliceAt(wechatApp));
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.text).toContain('支付授权已失效');
      const cookie = client.cookies.get('PAYER_AUTH') as string;
      expect((await callback(`code=CODE-ALICE&state=${'0'.repeat(32)}`)).status).toBe(400);
      client.cookies.set('PAYER_AUTH', cookie);
      const back = await callback(`code=CODE-ALICE&state=${state}`);
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(`/placeOrder/${orderId}`);
      // The code is spent and the cookie gone: a replay changes nothing.
      client.cookies.set('PAYER_AUTH', cookie);
      expect((await callback(`code=CODE-ALICE&state=${state}`)).status).toBe(502);

      // Now js_pay creates the JSAPI order for that openid and answers the sheet's parameters, signed with
      // the merchant key (RSA over appId, timeStamp, nonceStr and package).
      const paying = await jsapi();
      const { payment, wechat } = paying.body.results as Started;
      const [row] = await paymentRows();
      expect(row).toMatchObject({ channel: 'WECHAT_JSAPI', provider: 'wechat-pay', status: 'PENDING' });
      expect(payment).toMatchObject({ paymentId: String(row.id), status: 'PENDING' });
      const created = JSON.parse(
        fake.seen.findLast((r) => r.url === '/v3/pay/transactions/jsapi')?.body ?? '{}',
      );
      expect(created).toMatchObject({
        appid: testWechat.appid,
        out_trade_no: row.tradeNo,
        payer: { openid: 'oAlice000000000000000000000' },
        amount: { total: row.amount },
      });
      expect(wechat).toMatchObject({
        appId: testWechat.appid,
        package: 'prepay_id=wx201410272009395522657a690389285100',
        signType: 'RSA',
      });
      const signed = `${wechat?.appId}\n${wechat?.timeStamp}\n${wechat?.nonceStr}\n${wechat?.package}\n`;
      expect(verify(signed, wechat?.paySign as string, testWechat.merchant.publicKey)).toBe(true);
      expect((await jsapi({ appId: 'wx0000000000000000' })).body).toMatchObject({
        state: 400,
        msg: '参数 appId 不正确：appId 与医院的支付配置不一致',
      });

      // A snapshot page's visitor has no real openid: told how to pay, nothing kept.
      const other = await newPatient(server, '13700002009', ['1000']);
      const bobClient = aliceAt(wechatApp);
      bobClient.cookies.clear();
      for (const [name, value] of other.client.cookies) bobClient.cookies.set(name, value);
      const snapshotTrip = await bobClient.call('GET', authorizeUrl);
      const snapshotState = new URL(snapshotTrip.headers.get('location') as string).searchParams.get('state');
      fake.oauthCodes.set('CODE-SNAP', 'SNAPSHOT');
      const snapshot = await callback(`code=CODE-SNAP&state=${snapshotState}`, bobClient);
      expect(snapshot.status).toBe(502);
      expect(snapshot.text).toContain('朋友圈快照页');
      expect(
        await server.database.db.select().from(payers).where(eq(payers.provider, 'wechat-pay')),
      ).toMatchObject([{ payerId: 'oAlice000000000000000000000', appId: testWechat.appid }]);
    } finally {
      await wechatApp.close();
      await fake.close();
    }
  });

  it('take a hospital’s orders through its own merchant (HOSPITAL_<id>_…), the others through the shared one', async () => {
    const fake = await startFakeWechatPay();
    const own = Object.fromEntries(
      Object.entries({ ...testWechatEnv(), WECHATPAY_BASE_URL: fake.baseURL })
        .filter(([name]) => name !== 'PUBLIC_BASE_URL')
        .map(([name, value]) => [`HOSPITAL_1001_${name}`, value]),
    );
    expect(() => appWith({ HOSPITAL_1001_WECHATPAY_MCHID: testWechat.mchid })).toThrow(
      '医院 1001（HOSPITAL_1001_）：微信支付配置不完整',
    );
    const app = appWith({ ...own, PUBLIC_BASE_URL: 'https://h5.hospital.example' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const carol = await newPatient(server, '13700002011', ['1001']);
      const client = new Client(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      for (const [name, value] of carol.client.cookies) client.cookies.set(name, value);
      const channels = async (hospitalId: string) =>
        (await client.get<{ channels: string[] }>('/v1/pay_orders/channels', { hospitalId })).body.results
          ?.channels;
      expect(await channels('1000')).toEqual(['SANDBOX']);
      expect(await channels('1001')).toEqual(['WECHAT_JSAPI', 'WECHAT_H5', 'SANDBOX']);

      const orderId = await pendingOrder(carol, '1001', (await freeSlot(demo, '1001')).source.sourceId);
      const started = await startPay(client, orderId, 'WECHAT_H5', `/placeOrder/${orderId}`);
      const { payment } = started.body.results as Started;
      const [row] = await server.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, Number(payment.paymentId)));
      expect(row.provider).toBe('wechat-pay@1001');
      expect(JSON.parse(fake.seen.at(-1)?.body ?? '{}')).toMatchObject({
        notify_url: `https://h5.hospital.example${NOTIFY_PREFIX}/wechat-pay@1001`,
      });
      // Its notification comes to its own path; there is no shared WeChat Pay merchant here.
      const notice = wechatPaidNotification(row.tradeNo, row.amount);
      const shared = await app.inject({
        method: 'POST',
        url: `${NOTIFY_PREFIX}/wechat-pay`,
        headers: notice.headers,
        payload: notice.body,
      });
      expect(shared.statusCode).toBe(404);
      const ownPath = await app.inject({
        method: 'POST',
        url: `${NOTIFY_PREFIX}/wechat-pay@1001`,
        headers: notice.headers,
        payload: notice.body,
      });
      expect(ownPath.statusCode).toBe(200);
      expect((await orderOf(carol.client, orderId)).status).toBe('BOOKED');
    } finally {
      await app.close();
      await fake.close();
    }
  });

  it('are asked by the sweeper: a late payment applied, an ended hold closed at the provider', async () => {
    const fake = await startFakeWechatPay();
    const env = { ...testWechatEnv(), WECHATPAY_BASE_URL: fake.baseURL };
    const wechatApp = appWith(env);
    await wechatApp.listen({ port: 0, host: '127.0.0.1' });
    const deps = {
      db: server.database.db,
      clock: server.clock,
      payables: new Payables([appointmentPayable]),
      paymentProviders: buildPaymentProviders({ production: false, secret: TEST_SECRET, env }),
      insuranceCentre: new SimulatedInsuranceCentre(),
    };
    const log = pino({ level: 'silent' });
    try {
      const client = aliceAt(wechatApp);
      const started = async () => {
        const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
        const { payment } = (await startPay(client, orderId, 'WECHAT_H5')).body.results as Started;
        const [row] = await server.database.db
          .select()
          .from(payments)
          .where(eq(payments.id, Number(payment.paymentId)));
        return { orderId, row };
      };
      const paidLate = await started();
      const abandoned = await started();
      (fake.trades.get(paidLate.row.tradeNo) as { state: string }).state = 'SUCCESS';

      // Within the first minute nobody asks; then the paid one is applied, the other stays pending.
      expect(await sweepProviderPayments(deps, log)).toEqual({ applied: 0, closed: 0 });
      server.clock.advance(2 * MINUTE);
      expect(await sweepProviderPayments(deps, log)).toEqual({ applied: 1, closed: 0 });
      expect((await orderOf(alice.client, paidLate.orderId)).status).toBe('BOOKED');
      expect(fake.trades.get(abandoned.row.tradeNo)?.state).toBe('NOTPAY');
      // Asked a moment ago: not again at once.
      const asked = fake.seen.length;
      expect(await sweepProviderPayments(deps, log)).toEqual({ applied: 0, closed: 0 });
      expect(fake.seen.length).toBe(asked);

      // The hold ends: the order expires, its payment closes here and then at WeChat Pay, once.
      server.clock.advance(60 * MINUTE);
      await server.database.db.transaction((tx) => settleDueOrders(tx, server.clock.now()));
      expect(await sweepProviderPayments(deps, log)).toEqual({ applied: 0, closed: 1 });
      expect(fake.trades.get(abandoned.row.tradeNo)?.state).toBe('CLOSED');
      const [closed] = await server.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, abandoned.row.id));
      expect(closed.providerClosedAt).not.toBeNull();
      expect(await sweepProviderPayments(deps, log)).toEqual({ applied: 0, closed: 0 });
    } finally {
      await wechatApp.close();
      await fake.close();
    }
  });

  it('refund through the provider that took the money: 退款中 until its refund notification, applied once', async () => {
    // Paid through WeChat Pay at the instance that has its merchant; the refund is asked at another one that has
    // none: the request cannot be delivered and waits (the sweeper submits it), and the order reads 退款中.
    const wechatApp = appWith(testWechatEnv());
    try {
      const { orderId, row } = await startedPayment('wechat-pay');
      const post = postTo(wechatApp);
      expect((await post(wechatPaidNotification(row.tradeNo, row.amount))).statusCode).toBe(200);
      const asked = await alice.client.post('/v1/orders/refundFeeAndNum', { orderId, reason: '行程有变' });
      expect(asked.body).toMatchObject({ state: 200, results: { status: 'REFUNDING', refundedAt: null } });
      const [refunding] = await server.database.db.select().from(payments).where(eq(payments.id, row.id));
      expect(refunding).toMatchObject({ status: 'REFUNDING', provider: 'wechat-pay' });
      const [refund] = await server.database.db.select().from(refunds).where(eq(refunds.paymentId, row.id));
      expect(refund).toMatchObject({ status: 'PROCESSING', submittedAt: null, amount: row.amount });

      const wrongAmount = await post(wechatRefundNotification(row.tradeNo, refund.refundNo, row.amount - 1));
      expect(wrongAmount.statusCode).toBe(400);
      const notice = wechatRefundNotification(row.tradeNo, refund.refundNo, row.amount);
      expect((await post(notice)).statusCode).toBe(200);
      const done = await orderOf(alice.client, orderId);
      expect(done).toMatchObject({ status: 'REFUNDED', refundedAt: '2026-11-23T02:00:00.000Z' });
      expect((await post(notice)).statusCode).toBe(200);
      const [after] = await server.database.db.select().from(refunds).where(eq(refunds.id, refund.id));
      expect(after).toMatchObject({ status: 'SUCCESS', providerRefundId: '50000000382026112300123456789' });
      const [paid] = await server.database.db.select().from(payments).where(eq(payments.id, row.id));
      expect(paid.status).toBe('REFUNDED');
    } finally {
      await wechatApp.close();
    }
  });
});
