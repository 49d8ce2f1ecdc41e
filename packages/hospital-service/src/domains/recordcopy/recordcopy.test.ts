import {
  BROWSER_CHANNEL,
  CHANNEL_HEADER,
  type CopyableStay,
  type ExpressAddress,
  type Payment,
  type RecordCopyConfig,
  type RecordCopyOrder,
  type RecordCopyPatient,
  type Tracking,
  type UploadedFile,
} from '@patient/contract';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@patient/validation';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../platform/clock.ts';
import { newPatient, notification, tradeNoOf } from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import { type Client, proveContact, startServer, type TestServer } from '../../test/harness.ts';
import { uploadedFiles } from '../files/index.ts';
import { type Courier, type Parcel, type Shipment, SimulatedCourier } from './courier.ts';

/**
 * Medical record copies over HTTP: uploads checked by content and kept for their owner, the application, its
 * payment through payments, the 000 §4 statuses moved by the development route, cancel rules, tracking.
 */
let server: TestServer;

/** The simulated courier, which the test can make fail (the courier's system down). */
class FlakyCourier implements Courier {
  readonly company = '顺丰速运';
  failing = false;
  private readonly inner = new SimulatedCourier({ now: () => server.clock.now() });

  async ship(parcel: Parcel) {
    if (this.failing) throw new Error('connect ECONNREFUSED');
    return this.inner.ship(parcel);
  }

  async track(shipment: Shipment) {
    if (this.failing) throw new Error('socket hang up');
    return this.inner.track(shipment);
  }
}
const courier = new FlakyCourier();

beforeAll(async () => {
  server = await startServer({ ports: { courier } });
});
afterAll(() => server?.close());
afterEach(() => {
  server.clock.set(TEST_START);
  courier.failing = false;
});

const H = '1000';
const jpeg = (size = 2048, seed = 1) => {
  const bytes = Buffer.alloc(size, seed);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
};
const png = () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

interface Part {
  field?: string;
  bytes: Buffer;
  name?: string;
  type?: string;
}

async function upload(client: Client, path: '/v1/file/upload' | '/v1/file/uploads', parts: Part[]) {
  const form = new FormData();
  for (const p of parts) {
    form.append(
      p.field ?? 'files',
      new Blob([p.bytes], { type: p.type ?? 'image/jpeg' }),
      p.name ?? 'photo.jpg',
    );
  }
  const response = await fetch(new URL(`/product-service${path}`, client.base), {
    method: 'POST',
    body: form,
    headers: {
      [CHANNEL_HEADER]: BROWSER_CHANNEL,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  return {
    status: response.status,
    body: (await response.json()) as { state: number; msg: string; results: unknown },
  };
}

const product = <T>(
  client: Client,
  method: string,
  path: string,
  body?: unknown,
  query?: Record<string, string>,
) => client.call<T>(method, `/product-service${path}`, { body, query });

async function photosOf(client: Client, agent = false) {
  const answer = await upload(client, '/v1/file/uploads', [
    { bytes: jpeg(1024, 1) },
    { bytes: jpeg(1024, 2) },
    ...(agent ? [{ bytes: png(), name: 'proof.png', type: 'image/png' }] : []),
  ]);
  expect(answer.body.state, answer.body.msg).toBe(200);
  const files = answer.body.results as UploadedFile[];
  return [
    { kind: 'ID_FRONT', fileId: files[0].fileId },
    { kind: 'ID_BACK', fileId: files[1].fileId },
    ...(agent ? [{ kind: 'RELATION_PROOF', fileId: files[2].fileId }] : []),
  ];
}

/** A new account with a proven contact that has a card at the hospital, its stays, and an address. */
async function applicant(phone: string) {
  const patient = await newPatient(server, phone, [H]);
  await proveContact(server, patient.client, patient.contactId);
  const cardId = patient.cards[H].cardId;
  const stays = (
    await product<CopyableStay[]>(patient.client, 'PUT', '/inpatientInfoList', { hospitalId: H, cardId })
  ).body.results as CopyableStay[];
  const address = (
    await patient.client.post<ExpressAddress>('/v1/express_address/add_express_address', {
      name: '张伟',
      phone: '13800138000',
      countyCode: '331004',
      detail: '银安街1号',
      postalCode: '318050',
    })
  ).body.results as ExpressAddress;
  return { ...patient, cardId, stays, address };
}

type Applicant = Awaited<ReturnType<typeof applicant>>;

const applyBody = async (who: Applicant, extra: Record<string, unknown> = {}) => ({
  hospitalId: H,
  cardId: who.cardId,
  applicant: 'SELF',
  stayIds: [who.stays[0].stayId],
  purpose: 'COMMERCIAL_INSURANCE',
  parts: ['LAB'],
  copies: 2,
  delivery: 'EXPRESS',
  addressId: who.address.addressId,
  photos: await photosOf(who.client),
  ...extra,
});

async function apply(who: Applicant, extra: Record<string, unknown> = {}) {
  const answer = await product<RecordCopyOrder>(
    who.client,
    'POST',
    '/addMedicalRecord',
    await applyBody(who, extra),
  );
  expect(answer.body.state, answer.text).toBe(200);
  return answer.body.results as RecordCopyOrder;
}

const detail = async (client: Client, orderId: string) =>
  (await product<RecordCopyOrder>(client, 'GET', `/medicalRecordDetail/${orderId}`)).body
    .results as RecordCopyOrder;

async function pay(client: Client, orderId: string): Promise<Payment> {
  const started = await client.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
    orderType: 'RECORD_COPY',
    orderId,
    channel: 'SANDBOX',
  });
  expect(started.body.state, started.text).toBe(200);
  const payment = started.body.results?.payment as Payment;
  const notified = await server
    .client()
    .post('/v1/pay_orders/notify', notification(payment, await tradeNoOf(server, payment.paymentId)));
  expect(notified.body, notified.text).toMatchObject({ state: 200, results: { applied: true } });
  return payment;
}

const advance = (orderId: string, refuse?: string, trackingNo?: string) =>
  server.client().call<{ status: string }>('POST', '/__dev/record-copy/advance', {
    body: { orderId, refuse, trackingNo },
  });

describe('uploads', () => {
  it('keeps JPEG, PNG and WebP photos for their owner only; another account gets 404', async () => {
    const owner = await server.login('13700021101');
    const stranger = await server.login('13700021102');
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
    const one = await upload(owner, '/v1/file/upload', [{ field: 'file', bytes: webp, name: 'a.webp' }]);
    expect(one.body).toMatchObject({ state: 200, results: { contentType: 'image/webp', size: webp.length } });
    const fileId = (one.body.results as UploadedFile).fileId;
    const mine = await fetch(new URL(`/product-service/v1/file/${fileId}`, owner.base), {
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/webp');
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(webp);
    const theirs = await fetch(new URL(`/product-service/v1/file/${fileId}`, stranger.base), {
      headers: { cookie: [...stranger.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain('RIFF');
    expect((await fetch(new URL(`/product-service/v1/file/${fileId}`, owner.base))).status).toBe(401);
  });

  it('refuses by content, size and count with a Chinese message, and stores nothing', async () => {
    const client = await server.login('13700021103');
    const before = (await server.database.db.select({ n: count() }).from(uploadedFiles))[0].n;
    const cases: [Part[], string][] = [
      // An HTML page named photo.jpg and sent as image/jpeg: refused by its bytes.
      [[{ bytes: Buffer.from('<html><script>alert(1)</script></html>') }], UPLOAD_MESSAGES.wrongType],
      [[{ bytes: Buffer.from('GIF89a....'), name: 'a.gif', type: 'image/gif' }], UPLOAD_MESSAGES.wrongType],
      [[{ bytes: Buffer.from('%PDF-1.7'), name: 'x.png', type: 'image/png' }], UPLOAD_MESSAGES.wrongType],
      [[{ bytes: jpeg(UPLOAD_LIMITS.maxBytes + 1) }], UPLOAD_MESSAGES.tooLarge],
      [[1, 2, 3, 4].map((n) => ({ bytes: jpeg(64, n) })), UPLOAD_MESSAGES.tooMany],
      [[{ bytes: jpeg(64), field: 'other' }], '图片请放在 files 字段中上传'],
      [[], UPLOAD_MESSAGES.none],
    ];
    for (const [parts, message] of cases) {
      const answer = await upload(client, '/v1/file/uploads', parts);
      expect(answer.status, message).toBe(400);
      expect(answer.body.msg).toBe(`参数 files 不正确：${message}`);
    }
    const single = await upload(client, '/v1/file/upload', [
      { field: 'file', bytes: jpeg(64) },
      { field: 'file', bytes: jpeg(64) },
    ]);
    expect(single.body.msg).toBe(`参数 file 不正确：${UPLOAD_MESSAGES.tooMany}`);
    // Another call sent as a form: refused as an unsupported type, as before uploads existed.
    const form = new FormData();
    form.append('file', new Blob([jpeg(64)]), 'a.jpg');
    const elsewhere = await fetch(new URL('/hospital-service/v1/feed_back', client.base), {
      method: 'POST',
      body: form,
      headers: {
        [CHANNEL_HEADER]: BROWSER_CHANNEL,
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { msg: string }).msg).toBe(
      '不支持的请求内容类型，请使用 application/json',
    );
    // JSON instead of a form.
    const json = await client.call('POST', '/product-service/v1/file/upload', { body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect((await server.database.db.select({ n: count() }).from(uploadedFiles))[0].n).toBe(before);
  });

  it('applies the service’s protections: no channel header or another site → 403, no session → 401', async () => {
    const client = await server.login('13700021104');
    const form = new FormData();
    form.append('file', new Blob([jpeg(64)]), 'a.jpg');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const url = new URL('/product-service/v1/file/upload', client.base);
    expect((await fetch(url, { method: 'POST', body: form, headers: { cookie } })).status).toBe(403);
    const crossSite = await fetch(url, {
      method: 'POST',
      body: form,
      headers: { cookie, [CHANNEL_HEADER]: BROWSER_CHANNEL, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(
      (await upload(server.client(), '/v1/file/upload', [{ field: 'file', bytes: jpeg(64) }])).status,
    ).toBe(401);
  });
});

describe('applying', () => {
  it('lists the patients with their card, the stays (proven contacts only), the configuration and notices', async () => {
    const patient = await newPatient(server, '13700021105', [H]);
    const patients = (
      await product<RecordCopyPatient[]>(patient.client, 'POST', '/patientCardList', { hospitalId: H })
    ).body.results as RecordCopyPatient[];
    expect(patients).toEqual([
      expect.objectContaining({ contactId: patient.contactId, cardId: patient.cards[H].cardId }),
    ]);
    const unproven = await product(patient.client, 'PUT', '/inpatientInfoList', {
      hospitalId: H,
      cardId: patient.cards[H].cardId,
    });
    expect(unproven.body).toMatchObject({ state: 403, msg: '请先验证就诊人身份' });
    await proveContact(server, patient.client, patient.contactId);
    const stays = (
      await product<CopyableStay[]>(patient.client, 'PUT', '/inpatientInfoList', {
        hospitalId: H,
        cardId: patient.cards[H].cardId,
      })
    ).body.results as CopyableStay[];
    expect(stays.length).toBeGreaterThanOrEqual(1);
    expect(stays[0]).toMatchObject({
      stayId: expect.stringMatching(/^ZY1000\d+$/),
      department: expect.any(String),
    });
    // Deterministic: the same answer again.
    expect(
      (
        await product(patient.client, 'PUT', '/inpatientInfoList', {
          hospitalId: H,
          cardId: patient.cards[H].cardId,
        })
      ).body.results,
    ).toEqual(stays);
    const config = (
      await product<RecordCopyConfig>(patient.client, 'GET', '/configureList', undefined, { hospitalId: H })
    ).body.results as RecordCopyConfig;
    expect(config.purposes.map((p) => p.name)).toContain('商业保险理赔');
    expect(config.parts.filter((p) => p.required).map((p) => p.name)).toEqual([
      '病案首页',
      '入院记录',
      '出院记录',
    ]);
    const notice = await product(patient.client, 'GET', '/getParaConfigContent', undefined, {
      hospitalId: H,
      parameterType: 'APPLY_NOTICE',
    });
    expect(notice.body.results).toMatchObject({ title: '病案复印须知' });
  });

  it('prices the required and chosen parts per copy and stay, plus postage; the fee is hidden in review', async () => {
    const who = await applicant('13700021106');
    const order = await apply(who);
    // (2+2+2 required + 5 LAB) yuan × 2 copies × 1 stay = 22 yuan, postage 15.
    expect(order).toMatchObject({
      status: 'NO_PAY',
      parts: [
        { code: 'FRONT_PAGE', name: '病案首页' },
        { code: 'ADMISSION', name: '入院记录' },
        { code: 'DISCHARGE', name: '出院记录' },
        { code: 'LAB', name: '检验报告' },
      ],
      fee: { copyFen: 2200, postageFen: 1500, totalFen: 3700 },
      address: { name: '张伟', region: ['浙江省', '台州市', '路桥区'] },
      canCancel: true,
      canConfirmReceipt: false,
    });
    const pickup = await apply(who, { delivery: 'PICKUP', addressId: undefined, copies: 1, parts: [] });
    expect(pickup).toMatchObject({
      fee: { copyFen: 600, postageFen: 0 },
      address: null,
      pickup: { place: expect.stringContaining('病案室') },
    });
    const list = (
      await product<RecordCopyOrder[]>(who.client, 'GET', '/medicalRecordList', undefined, { hospitalId: H })
    ).body.results;
    expect(list?.map((o) => o.orderId)).toEqual([pickup.orderId, order.orderId]);
  });

  it('refuses bad applications with a Chinese message and stores nothing', async () => {
    const who = await applicant('13700021107');
    const other = await applicant('13700021108');
    const bad: [Record<string, unknown>, number, string][] = [
      [{ stayIds: ['ZY1000999'] }, 400, '所选住院记录不存在，请重新选择'],
      [{ purpose: 'NOPE' }, 400, '请选择复印用途'],
      [{ parts: ['NOPE'] }, 400, '所选复印内容不存在，请重新选择'],
      [{ addressId: undefined }, 400, '请选择收货地址'],
      [{ addressId: other.address.addressId }, 404, '收货地址不存在'],
      [{ cardId: other.cardId }, 404, '就诊卡不存在'],
      [{ applicant: 'AGENT' }, 400, '请上传患者身份证人像面、国徽面照片和代办人与患者的关系证明'],
      [{ photos: await photosOf(other.client) }, 404, '图片不存在'],
    ];
    for (const [extra, state, message] of bad) {
      const answer = await product(who.client, 'POST', '/addMedicalRecord', await applyBody(who, extra));
      expect(answer.body.state, message).toBe(state);
      expect(answer.body.subMsg ?? answer.body.msg, message).toContain(
        message === '图片不存在' ? '上传的图片不存在' : message,
      );
    }
    const copies = await product(
      who.client,
      'POST',
      '/addMedicalRecord',
      await applyBody(who, { copies: 11 }),
    );
    expect(copies.status).toBe(400);
    expect(
      (
        await product<RecordCopyOrder[]>(who.client, 'GET', '/medicalRecordList', undefined, {
          hospitalId: H,
        })
      ).body.results,
    ).toEqual([]);
    // An agent with the proof of relation is taken.
    const agent = await apply(who, { applicant: 'AGENT', photos: await photosOf(who.client, true) });
    expect(agent.photos.map((p) => p.kind)).toEqual(['ID_FRONT', 'ID_BACK', 'RELATION_PROOF']);
  });
});

describe('status, payment, cancel, tracking', () => {
  it('goes NO_PAY → paid → NO_REVIEWED → NO_DELIVERED → IS_DELIVERED (tracking) → FINISH by receipt', async () => {
    const who = await applicant('13700021109');
    const order = await apply(who);
    const payment = await pay(who.client, order.orderId);
    expect(payment.amount).toBe(3700);
    expect(await detail(who.client, order.orderId)).toMatchObject({ status: 'NO_REVIEWED', canCancel: true });
    // Paying again answers the PAID payment: never a second charge.
    const again = await who.client.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
      orderType: 'RECORD_COPY',
      orderId: order.orderId,
      channel: 'SANDBOX',
    });
    expect(again.body.results?.payment).toMatchObject({ paymentId: payment.paymentId, status: 'PAID' });
    expect((await who.client.get(`/v1/kuaidi/${order.orderId}`)).body).toMatchObject({
      state: 404,
      msg: '暂无物流信息',
    });
    expect((await advance(order.orderId)).body.results).toMatchObject({ status: 'NO_DELIVERED' });
    const reviewed = await detail(who.client, order.orderId);
    expect(reviewed).toMatchObject({ status: 'NO_DELIVERED', canCancel: false, reviewedAt: TEST_START });
    const refused = await product(who.client, 'POST', '/cancelApply', { orderId: order.orderId });
    expect(refused.body).toMatchObject({
      state: 400,
      subMsg: '病案室已审核通过并开始复印，不能取消；如有疑问请联系病案室',
    });
    expect(
      (await product(who.client, 'POST', '/confirmReceipt', { orderId: order.orderId })).body.state,
    ).toBe(400);
    expect((await advance(order.orderId)).body.results).toMatchObject({ status: 'IS_DELIVERED' });
    const shipped = await detail(who.client, order.orderId);
    expect(shipped).toMatchObject({
      canConfirmReceipt: true,
      shipment: { company: '顺丰速运', trackingNo: expect.stringMatching(/^SF\d+$/) },
    });

    const track = async () =>
      (await who.client.get<Tracking>(`/v1/kuaidi/${order.orderId}`)).body.results as Tracking;
    expect(await track()).toMatchObject({
      state: 'IN_TRANSIT',
      events: [{ text: '【医院病案室】顺丰速运已收取快件' }],
      addressee: { name: '张*', phone: '*******8000' },
    });
    server.clock.advance(27 * HOUR);
    // A day later the session has ended (1 day): log in again.
    await server.login('13700021109', who.client);
    const delivering = await track();
    expect(delivering.state).toBe('DELIVERING');
    expect(delivering.events).toHaveLength(5);
    expect(delivering.events[0].text).toContain('路桥区营业点');
    server.clock.advance(4 * HOUR);
    expect((await track()).state).toBe('SIGNED');

    const done = (
      await product<RecordCopyOrder>(who.client, 'POST', '/confirmReceipt', { orderId: order.orderId })
    ).body.results;
    expect(done).toMatchObject({ status: 'FINISH', canConfirmReceipt: false });
    expect((await advance(order.orderId)).body.state).toBe(400);
  });

  it('a courier that fails: posting writes nothing (503); the order and its tracking still show, without the journey', async () => {
    const who = await applicant('13700021114');
    const order = await apply(who);
    await pay(who.client, order.orderId);
    expect((await advance(order.orderId)).body.results).toMatchObject({ status: 'NO_DELIVERED' });

    courier.failing = true;
    expect((await advance(order.orderId)).body).toMatchObject({
      state: 503,
      msg: '快递公司暂不可用',
      subMsg: '快递公司暂时无法访问，请稍后再试（本次操作未生效）',
    });
    expect(await detail(who.client, order.orderId)).toMatchObject({ status: 'NO_DELIVERED', shipment: null });

    courier.failing = false;
    const bad = await advance(order.orderId, undefined, 'SF-12');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('快递单号应为 6 到 32 位字母或数字');
    // The number on the desk's waybill is the one the parcel travels under.
    expect((await advance(order.orderId, undefined, 'SF1400000000009')).body.results).toMatchObject({
      status: 'IS_DELIVERED',
    });

    courier.failing = true;
    expect(await detail(who.client, order.orderId)).toMatchObject({
      status: 'IS_DELIVERED',
      shipment: { company: '顺丰速运', trackingNo: 'SF1400000000009' },
    });
    const unavailable = await who.client.get<Tracking>(`/v1/kuaidi/${order.orderId}`);
    expect(unavailable.body).toMatchObject({
      state: 200,
      results: {
        company: '顺丰速运',
        trackingNo: 'SF1400000000009',
        state: null,
        events: [],
        addressee: { name: '张*', phone: '*******8000' },
      },
    });

    courier.failing = false;
    expect((await who.client.get<Tracking>(`/v1/kuaidi/${order.orderId}`)).body.results).toMatchObject({
      state: 'IN_TRANSIT',
      events: [{ text: '【医院病案室】顺丰速运已收取快件' }],
    });
  });

  it('pickup goes NO_ADVICE → TAKE_SELF → FINISH; review can refuse, and the money goes back', async () => {
    const who = await applicant('13700021110');
    const pickup = await apply(who, { delivery: 'PICKUP', addressId: undefined });
    await pay(who.client, pickup.orderId);
    for (const status of ['NO_ADVICE', 'TAKE_SELF', 'FINISH']) {
      expect((await advance(pickup.orderId)).body.results).toMatchObject({ status });
    }
    const refused = await apply(who);
    await pay(who.client, refused.orderId);
    expect((await advance(refused.orderId, '身份证照片不清晰')).body.results).toMatchObject({
      status: 'REFUSE',
    });
    const after = await detail(who.client, refused.orderId);
    expect(after).toMatchObject({
      status: 'REFUSE',
      refuseReason: '身份证照片不清晰',
      canCancel: false,
      refund: { amountFen: 3700 },
    });
    expect(['REFUNDING', 'REFUNDED']).toContain(after.refund?.status);
  });

  it('cancels before review: unpaid closes the payment, paid refunds; a paid-after-cancel payment goes back', async () => {
    const who = await applicant('13700021111');
    const unpaid = await apply(who);
    const cancelled = (
      await product<RecordCopyOrder>(who.client, 'POST', '/cancelApply', { orderId: unpaid.orderId })
    ).body.results;
    expect(cancelled).toMatchObject({ status: 'CANCEL', refund: null, canCancel: false });
    const payAfter = await who.client.post('/v1/pay_orders/js_pay', {
      orderType: 'RECORD_COPY',
      orderId: unpaid.orderId,
      channel: 'SANDBOX',
    });
    expect(payAfter.body).toMatchObject({ state: 409, msg: '申请已取消' });
    // Cancelling twice is the same answer.
    expect(
      (await product(who.client, 'POST', '/cancelApply', { orderId: unpaid.orderId })).body.results,
    ).toMatchObject({ status: 'CANCEL' });

    const paid = await apply(who);
    await pay(who.client, paid.orderId);
    const refunded = (
      await product<RecordCopyOrder>(who.client, 'POST', '/cancelApply', { orderId: paid.orderId })
    ).body.results;
    expect(refunded).toMatchObject({ status: 'CANCEL', refund: { amountFen: 3700 } });

    // The payment started, the order cancelled, then the provider confirms: the money goes back.
    const late = await apply(who);
    const started = await who.client.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
      orderType: 'RECORD_COPY',
      orderId: late.orderId,
      channel: 'SANDBOX',
    });
    const payment = started.body.results?.payment as Payment;
    await product(who.client, 'POST', '/cancelApply', { orderId: late.orderId });
    await server
      .client()
      .post('/v1/pay_orders/notify', notification(payment, await tradeNoOf(server, payment.paymentId)));
    const lateOrder = await detail(who.client, late.orderId);
    expect(lateOrder).toMatchObject({ status: 'CANCEL', refund: { amountFen: 3700 } });
  });

  it('never shows or changes another account’s order (404, nothing changes)', async () => {
    const owner = await applicant('13700021112');
    const stranger = await server.login('13700021113');
    const order = await apply(owner);
    for (const [method, path, body] of [
      ['GET', `/medicalRecordDetail/${order.orderId}`, undefined],
      ['POST', '/cancelApply', { orderId: order.orderId }],
      ['POST', '/confirmReceipt', { orderId: order.orderId }],
    ] as const) {
      const answer = await product(stranger, method, path, body);
      expect(answer.body, path).toMatchObject({ state: 404, msg: '病案复印申请不存在' });
    }
    expect((await stranger.get(`/v1/kuaidi/${order.orderId}`)).body.state).toBe(404);
    const theirPay = await stranger.post('/v1/pay_orders/js_pay', {
      orderType: 'RECORD_COPY',
      orderId: order.orderId,
      channel: 'SANDBOX',
    });
    expect(theirPay.body.state).not.toBe(200);
    expect(await detail(owner.client, order.orderId)).toMatchObject({ status: 'NO_PAY' });
    // Photos of the order stay the owner's.
    const photo = order.photos[0].fileId;
    const seen = await fetch(new URL(`/product-service/v1/file/${photo}`, stranger.base), {
      headers: { cookie: [...stranger.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(seen.status).toBe(404);
  });

  it('has no development route in production', async () => {
    const production = await startServer({ production: true });
    try {
      const answer = await production
        .client()
        .call('POST', '/__dev/record-copy/advance', { body: { orderId: '1' } });
      expect(answer.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
