import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayProvider } from './alipay.ts';
import { rejection } from './testing.ts';

/**
 * A local Alipay OpenAPI gateway on node:http: it checks each request's RSA2 `sign` (over the sorted
 * parameters, `sign` left out) with the application public key, and answers `{"<method>_response": {...},
 * "sign": "..."}` signed over the exact response-node JSON with its own key, as the real gateway does.
 * Notifications are built the way Alipay posts them (form-encoded, `sign` over the sorted parameters without
 * `sign` and `sign_type`).
 */
const APP_ID = '2021000000000001';
const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const app = pair();
const alipay = pair();
const intruder = pair();

const rsa2 = (message: string, key: string) =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
const rsa2Check = (message: string, signature: string, key: string) =>
  createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
const signContent = (params: Record<string, string>, leaveOut: string[]) =>
  Object.keys(params)
    .filter((key) => !leaveOut.includes(key) && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');

const seen: { method: string; params: Record<string, string>; biz: Record<string, unknown> }[] = [];
const trades = new Map<string, { status: string; total: string; tradeNo: string }>();
const refunds = new Map<string, string>();
let forgeNextResponse = false;

const BILL_CSV = `#支付宝业务明细查询
#账号：[20881234567890120156]
#起始日期：[2026年11月23日 00:00:00]   终止日期：[2026年11月24日 00:00:00]
#-----------------------------------------业务明细列表----------------------------------------
支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注
2026112322001400000000000001\t,A20261123001\t,交易\t,挂号费\t,2026-11-23 09:01:00\t,2026-11-23 09:01:05\t,\t,\t,\t,\t,ab***@163.com\t,25.00\t,25.00\t,0.00\t,0.00\t,0.00\t,0.00\t,0.00\t,\t,0.00\t,0.00\t,\t,-0.15\t,0.00\t,
2026112322001400000000000001\t,A20261123001\t,退款\t,挂号费\t,2026-11-23 09:01:00\t,2026-11-23 10:20:30\t,\t,\t,\t,\t,ab***@163.com\t,-10.50\t,-10.50\t,0.00\t,0.00\t,0.00\t,0.00\t,0.00\t,\t,0.00\t,0.00\t,RA20261123001\t,0.06\t,0.00\t,
#-----------------------------------------业务明细列表结束------------------------------------
#交易合计：1笔，商家实收共25.00元，商家优惠共0.00元
#退款合计：1笔，商家实收退款共-10.50元，商家优惠退款共0.00元
#导出时间：[2026年11月24日 09:00:00]
`;

/** A zip as Alipay serves bills: the detail and the summary CSVs (deflated). */
function zip(files: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of files) {
    const nameBytes = Buffer.from(name);
    const raw = Buffer.from(text);
    const data = deflateRawSync(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(raw), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(raw), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

function respond(res: ServerResponse, method: string, node: Record<string, unknown>) {
  const nodeJson = JSON.stringify(node);
  const key = forgeNextResponse ? intruder.privateKey : alipay.privateKey;
  forgeNextResponse = false;
  const body = `{"${method.replaceAll('.', '_')}_response":${nodeJson},"sign":"${rsa2(nodeJson, key)}"}`;
  res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
  res.end(body);
}

const ok = { code: '10000', msg: 'Success' };
const notFound = {
  code: '40004',
  msg: 'Business Failed',
  sub_code: 'ACQ.TRADE_NOT_EXIST',
  sub_msg: '交易不存在',
};

function gateway(req: IncomingMessage, body: string, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/bill/detail.zip') {
    res.writeHead(200, { 'content-type': 'application/oct-stream' });
    return res.end(
      zip([
        ['20881234567890120156_20261123_业务明细.csv', BILL_CSV],
        [
          '20881234567890120156_20261123_业务明细(汇总).csv',
          '#支付宝业务汇总查询\n门店编号,门店名称,交易订单总笔数\n',
        ],
      ]),
    );
  }
  if (url.pathname === '/bill/detail.csv') {
    res.writeHead(200, { 'content-type': 'text/csv' });
    return res.end(BILL_CSV);
  }
  const params = {
    ...Object.fromEntries(url.searchParams),
    ...Object.fromEntries(new URLSearchParams(body)),
  };
  if (
    params.app_id !== APP_ID ||
    params.sign_type !== 'RSA2' ||
    !params.sign ||
    !rsa2Check(signContent(params, ['sign']), params.sign, app.publicKey)
  ) {
    // As the gateway does: the error under the method's response node, signed like any answer.
    return respond(res, params.method ?? 'error', {
      code: '40002',
      msg: 'Invalid Arguments',
      sub_code: 'isv.invalid-signature',
      sub_msg: '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配',
    });
  }
  const method = params.method as string;
  const biz = JSON.parse(params.biz_content ?? '{}');
  seen.push({ method, params, biz });
  const out = biz.out_trade_no as string;
  const trade = trades.get(out);
  switch (method) {
    case 'alipay.system.oauth.token':
      // Success has no `code`; a bad code comes back as error_response, as Alipay's gateway answers.
      if (params.grant_type === 'authorization_code' && params.code === 'AUTH-GOOD') {
        return respond(res, method, {
          user_id: '2088102150477652',
          open_id: '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5',
          access_token: 'authusrB8d7c4d4b9e564a4ab4d4b2e1b62ee39X',
          expires_in: 1296000,
        });
      }
      return respond(res, 'error', {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.code-invalid',
        sub_msg: '授权码code无效',
      });
    case 'alipay.trade.create': {
      const tradeNo = `20261123220014${String(trades.size + 1).padStart(14, '0')}`;
      trades.set(out, { status: 'WAIT_BUYER_PAY', total: biz.total_amount, tradeNo });
      return respond(res, method, { ...ok, out_trade_no: out, trade_no: tradeNo });
    }
    case 'alipay.trade.query':
      if (!trade) return respond(res, method, notFound);
      return respond(res, method, {
        ...ok,
        trade_no: trade.tradeNo,
        out_trade_no: out,
        buyer_logon_id: 'ab***@163.com',
        trade_status: trade.status,
        total_amount: trade.total,
        ...(trade.status === 'TRADE_SUCCESS' ? { send_pay_date: '2026-11-23 09:01:05' } : {}),
      });
    case 'alipay.trade.close':
      if (!trade) return respond(res, method, notFound);
      trade.status = 'TRADE_CLOSED';
      return respond(res, method, { ...ok, trade_no: trade.tradeNo, out_trade_no: out });
    case 'alipay.trade.refund':
      if (!trade) return respond(res, method, notFound);
      refunds.set(biz.out_request_no, biz.refund_amount);
      return respond(res, method, {
        ...ok,
        trade_no: trade.tradeNo,
        out_trade_no: out,
        buyer_logon_id: 'ab***@163.com',
        fund_change: 'Y',
        refund_fee: biz.refund_amount,
        gmt_refund_pay: '2026-11-23 10:20:30',
      });
    case 'alipay.trade.fastpay.refund.query': {
      const amount = refunds.get(biz.out_request_no);
      if (!trade || !amount)
        return respond(res, method, { ...ok, out_trade_no: out, out_request_no: biz.out_request_no });
      return respond(res, method, {
        ...ok,
        trade_no: trade.tradeNo,
        out_trade_no: out,
        out_request_no: biz.out_request_no,
        total_amount: trade.total,
        refund_amount: amount,
        refund_status: 'REFUND_SUCCESS',
        gmt_refund_pay: '2026-11-23 10:20:30',
      });
    }
    case 'alipay.data.dataservice.bill.downloadurl.query': {
      const { port } = server.address() as AddressInfo;
      const file = biz.bill_date === '2026-11-23' ? 'detail.zip' : 'detail.csv';
      return respond(res, method, { ...ok, bill_download_url: `http://127.0.0.1:${port}/bill/${file}` });
    }
    default:
      return respond(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
  }
}

const server: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => gateway(req, Buffer.concat(chunks).toString('utf8'), res));
});

let provider: ReturnType<typeof alipayProvider>;
let gatewayUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  gatewayUrl = `http://127.0.0.1:${port}/gateway.do`;
  provider = alipayProvider({
    appId: APP_ID,
    privateKey: app.privateKey,
    keyType: 'PKCS8',
    alipayPublicKey: alipay.publicKey,
    gateway: gatewayUrl,
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** An asynchronous notification as Alipay posts it (application/x-www-form-urlencoded). */
function notification(fields: Record<string, string>, key = alipay.privateKey): string {
  const params: Record<string, string> = {
    notify_time: '2026-11-23 09:01:06',
    notify_type: 'trade_status_sync',
    notify_id: 'ac05099524730693a8b330c5ecf72da9786',
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    app_id: APP_ID,
    auth_app_id: APP_ID,
    seller_id: '2088101106499364',
    buyer_id: '2088102122524333',
    ...fields,
  };
  params.sign = rsa2(signContent(params, ['sign', 'sign_type']), key);
  return new URLSearchParams(params).toString();
}

const paid = {
  out_trade_no: 'A20261123001',
  trade_no: '2026112322001400000000000001',
  trade_status: 'TRADE_SUCCESS',
  total_amount: '25.00',
  receipt_amount: '25.00',
  subject: '挂号费 内科+张医生',
  gmt_create: '2026-11-23 09:01:00',
  gmt_payment: '2026-11-23 09:01:05',
};

describe('Alipay adapter', () => {
  it('creates a JSAPI trade (alipay.trade.create) and returns the trade_no for tradePay', async () => {
    const client = await provider.createPayment({
      channel: 'alipay-jsapi',
      tradeNo: 'A20261123001',
      amountFen: 2500,
      description: '挂号费-内科-张医生',
      notifyUrl: 'https://hospital.example.com/hospital-service/payments/notify/alipay',
      payerId: '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5',
    });
    expect(client).toEqual({ kind: 'alipay-jsapi', providerTradeId: '2026112322001400000000000001' });
    expect(seen.at(-1)?.params.notify_url).toBe(
      'https://hospital.example.com/hospital-service/payments/notify/alipay',
    );
    expect(seen.at(-1)?.biz).toEqual({
      out_trade_no: 'A20261123001',
      total_amount: '25.00',
      subject: '挂号费-内科-张医生',
      buyer_open_id: '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5',
      product_code: 'JSAPI_PAY',
      op_app_id: APP_ID,
    });
  });

  it('identifies the payer through the web authorisation (auth_base, alipay.system.oauth.token)', async () => {
    const auth = provider.payerAuth;
    if (!auth) throw new Error('the Alipay provider identifies payers');
    const page = new URL(auth.authorizeUrl('https://h5.hospital.example/cb', 'nonce1'));
    expect(`${page.origin}${page.pathname}`).toBe(
      'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm',
    );
    expect(Object.fromEntries(page.searchParams)).toEqual({
      app_id: APP_ID,
      scope: 'auth_base',
      redirect_uri: 'https://h5.hospital.example/cb',
      state: 'nonce1',
    });
    expect(auth.codeParam).toBe('auth_code');
    expect(await auth.payerOf('AUTH-GOOD')).toBe('074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5');
    expect(seen.at(-1)?.params).toMatchObject({ grant_type: 'authorization_code', code: 'AUTH-GOOD' });
    const refused = await rejection(auth.payerOf('AUTH-SPENT'));
    expect(refused).toMatchObject({ code: 'PROVIDER_ERROR', providerCode: 'isv.code-invalid' });
  });

  it('builds a signed wap cashier URL (alipay.trade.wap.pay)', async () => {
    const client = await provider.createPayment({
      channel: 'alipay-wap',
      tradeNo: 'A20261123002',
      amountFen: 1,
      description: '门诊缴费',
      notifyUrl: 'https://hospital.example.com/notify',
      returnUrl: 'https://hospital.example.com/pay/result?o=2',
    });
    expect(client.kind).toBe('alipay-wap');
    if (client.kind !== 'alipay-wap') return;
    const url = new URL(client.url);
    expect(`${url.origin}${url.pathname}`).toBe(gatewayUrl);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      method: 'alipay.trade.wap.pay',
      app_id: APP_ID,
      return_url: 'https://hospital.example.com/pay/result?o=2',
    });
    expect(JSON.parse(params.biz_content ?? '{}')).toMatchObject({
      out_trade_no: 'A20261123002',
      total_amount: '0.01',
      product_code: 'QUICK_WAP_WAY',
    });
    expect(rsa2Check(signContent(params, ['sign']), params.sign ?? '', app.publicKey)).toBe(true);
  });

  it('parses a good notification', async () => {
    await expect(provider.parseNotification(Buffer.from(notification(paid)), {})).resolves.toEqual({
      kind: 'payment',
      tradeNo: 'A20261123001',
      providerTradeId: '2026112322001400000000000001',
      amountFen: 2500,
      paidAt: new Date('2026-11-23T01:01:05Z'),
    });
  });

  it('refuses a tampered notification', async () => {
    const body = notification(paid).replace('total_amount=25.00', 'total_amount=0.01');
    expect((await rejection(provider.parseNotification(body, {}))).code).toBe('BAD_SIGNATURE');
  });

  it('refuses a notification signed with another key or not signed', async () => {
    expect(
      (await rejection(provider.parseNotification(notification(paid, intruder.privateKey), {}))).code,
    ).toBe('BAD_SIGNATURE');
    const unsigned = new URLSearchParams(notification(paid));
    unsigned.delete('sign');
    expect((await rejection(provider.parseNotification(unsigned.toString(), {}))).code).toBe('BAD_SIGNATURE');
  });

  it('refuses a signed notification for another app', async () => {
    const body = notification({ ...paid, app_id: '2021000000000999', auth_app_id: '2021000000000999' });
    expect((await rejection(provider.parseNotification(body, {}))).code).toBe('BAD_NOTIFICATION');
  });

  it('parses a refund notification', async () => {
    const body = notification({
      ...paid,
      out_biz_no: 'RA20261123001',
      refund_fee: '10.50',
      gmt_refund: '2026-11-23 10:20:30.123',
    });
    await expect(provider.parseNotification(body, {})).resolves.toEqual({
      kind: 'refund',
      tradeNo: 'A20261123001',
      refundNo: 'RA20261123001',
      providerRefundId: '2026112322001400000000000001',
      amountFen: 1050,
      state: 'SUCCESS',
      refundedAt: new Date('2026-11-23T02:20:30Z'),
    });
  });

  it('queries, refuses a forged response, closes', async () => {
    await expect(provider.queryPayment('A20261123001')).resolves.toEqual({
      tradeNo: 'A20261123001',
      state: 'PENDING',
      providerTradeId: '2026112322001400000000000001',
      amountFen: 2500,
      paidAt: undefined,
    });
    forgeNextResponse = true;
    expect((await rejection(provider.queryPayment('A20261123001'))).code).toBe('BAD_SIGNATURE');
    await provider.closePayment('A20261123001');
    expect(seen.at(-1)).toMatchObject({
      method: 'alipay.trade.close',
      biz: { out_trade_no: 'A20261123001' },
    });
    await expect(provider.queryPayment('A20261123001')).resolves.toMatchObject({ state: 'CLOSED' });
    const missing = await rejection(provider.queryPayment('A_NO_SUCH'));
    expect(missing).toMatchObject({ code: 'PROVIDER_ERROR', providerCode: 'ACQ.TRADE_NOT_EXIST' });
    expect(missing.message).toBe('支付渠道处理失败，请稍后再试');
  });

  it('is refused by the gateway when the request is signed with another key', async () => {
    const impostor = alipayProvider({
      appId: APP_ID,
      privateKey: intruder.privateKey,
      keyType: 'PKCS8',
      alipayPublicKey: alipay.publicKey,
      gateway: gatewayUrl,
    });
    const err = await rejection(impostor.queryPayment('A20261123001'));
    expect(err).toMatchObject({ code: 'PROVIDER_ERROR', providerCode: 'isv.invalid-signature' });
  });

  it('refunds and queries the refund', async () => {
    await expect(
      provider.refund({
        tradeNo: 'A20261123001',
        refundNo: 'RA20261123001',
        amountFen: 1050,
        totalFen: 2500,
        reason: '退号',
      }),
    ).resolves.toEqual({
      refundNo: 'RA20261123001',
      providerRefundId: '2026112322001400000000000001',
      state: 'SUCCESS',
      amountFen: 1050,
      refundedAt: new Date('2026-11-23T02:20:30Z'),
    });
    expect(seen.at(-1)?.biz).toEqual({
      out_trade_no: 'A20261123001',
      out_request_no: 'RA20261123001',
      refund_amount: '10.50',
      refund_reason: '退号',
    });
    await expect(provider.queryRefund('RA20261123001', 'A20261123001')).resolves.toMatchObject({
      refundNo: 'RA20261123001',
      state: 'SUCCESS',
      amountFen: 1050,
    });
    expect(seen.at(-1)?.biz).toMatchObject({
      out_request_no: 'RA20261123001',
      query_options: ['gmt_refund_pay'],
    });
    await expect(provider.queryRefund('RA_NO_SUCH', 'A20261123001')).resolves.toMatchObject({
      state: 'CLOSED',
      amountFen: 0,
    });
  });

  const billRows = [
    {
      type: 'pay',
      tradeNo: 'A20261123001',
      providerTradeId: '2026112322001400000000000001',
      amountFen: 2500,
      time: '2026-11-23 09:01:05',
    },
    {
      type: 'refund',
      tradeNo: 'A20261123001',
      providerTradeId: '2026112322001400000000000001',
      amountFen: 1050,
      refundNo: 'RA20261123001',
      time: '2026-11-23 10:20:30',
    },
  ];

  it('downloads the bill zip from bill_download_url and parses the detail CSV', async () => {
    await expect(provider.downloadBill('2026-11-23')).resolves.toEqual(billRows);
    expect(seen.at(-1)).toMatchObject({
      method: 'alipay.data.dataservice.bill.downloadurl.query',
      biz: { bill_type: 'trade', bill_date: '2026-11-23' },
    });
  });

  it('parses a bill served as a bare CSV', async () => {
    await expect(provider.downloadBill('2026-11-22')).resolves.toEqual(billRows);
  });
});
