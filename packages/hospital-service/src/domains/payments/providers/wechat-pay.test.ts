import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWechatPay, sign, startFakeWechatPay, verify } from './fake-wechat-pay.ts';
import { rejection, testWechat, wechatEvent } from './testing.ts';
import { wechatPayProvider } from './wechat-pay.ts';

/**
 * Against a local WeChat Pay API v3 (fake-wechat-pay.ts: it verifies our signatures and signs its answers);
 * the tests build notifications exactly as the platform does (AEAD_AES_256_GCM resource, signed headers).
 */
const {
  mchid: MCHID,
  appid: APPID,
  merchantSerial: MERCHANT_SERIAL,
  publicKeyId: PLATFORM_KEY_ID,
  merchant,
  platform,
  intruder,
  apiV3Key,
} = testWechat;

let provider: ReturnType<typeof wechatPayProvider>;
let fake: FakeWechatPay;

beforeAll(async () => {
  fake = await startFakeWechatPay();
  provider = wechatPayProvider({
    mchid: MCHID,
    appid: APPID,
    merchantSerial: MERCHANT_SERIAL,
    merchantPrivateKey: merchant.privateKey,
    apiV3Key,
    platformKeys: { [PLATFORM_KEY_ID]: platform.publicKey },
    baseURL: fake.baseURL,
  });
});

afterAll(() => fake.close());

/** A notification as the platform sends it (testing.ts); `associated`: the resource's original type. */
const notification = (
  eventType: string,
  resource: object,
  opts: { signWith?: string; associated?: string } = {},
) => wechatEvent(eventType, opts.associated ?? 'transaction', '支付成功', resource, opts);

const paidTransaction = {
  appid: APPID,
  mchid: MCHID,
  out_trade_no: 'T20261123001',
  transaction_id: '4200000001202611230000000001',
  trade_type: 'JSAPI',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'OTHERS',
  success_time: '2026-11-23T09:01:02+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 2500, payer_total: 2500, currency: 'CNY', payer_currency: 'CNY' },
};

describe('WeChat Pay v3 adapter', () => {
  it('creates a JSAPI payment and signs getBrandWCPayRequest with the merchant key', async () => {
    const client = await provider.createPayment({
      channel: 'wechat-jsapi',
      tradeNo: 'T20261123001',
      amountFen: 2500,
      description: '挂号费-内科-张医生',
      notifyUrl: 'https://hospital.example.com/hospital-service/payments/notify/wechat',
      payerId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    });
    expect(client.kind).toBe('wechat-jsapi');
    if (client.kind !== 'wechat-jsapi') return;
    const p = client.params;
    expect(p).toMatchObject({
      appId: APPID,
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    expect(Math.abs(Number(p.timeStamp) - Date.now() / 1000)).toBeLessThan(5);
    expect(
      verify(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`, p.paySign, merchant.publicKey),
    ).toBe(true);
    const sent = JSON.parse(fake.seen.at(-1)?.body ?? '{}');
    expect(sent).toMatchObject({
      appid: APPID,
      mchid: MCHID,
      out_trade_no: 'T20261123001',
      amount: { total: 2500, currency: 'CNY' },
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });
  });

  it('creates an H5 payment and returns h5_url with the return address', async () => {
    const client = await provider.createPayment({
      channel: 'wechat-h5',
      tradeNo: 'T20261123002',
      amountFen: 1,
      description: '门诊缴费',
      notifyUrl: 'https://hospital.example.com/notify',
      clientIp: '203.0.113.7',
      returnUrl: 'https://hospital.example.com/pay/result?o=2',
    });
    expect(client).toEqual({
      kind: 'wechat-h5',
      h5Url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&redirect_url=${encodeURIComponent('https://hospital.example.com/pay/result?o=2')}`,
    });
    expect(JSON.parse(fake.seen.at(-1)?.body ?? '{}').scene_info).toEqual({
      payer_client_ip: '203.0.113.7',
      h5_info: { type: 'Wap' },
    });
  });

  it('is refused by the platform when it signs with a key that is not the merchant one', async () => {
    const impostor = wechatPayProvider({
      mchid: MCHID,
      appid: APPID,
      merchantSerial: MERCHANT_SERIAL,
      merchantPrivateKey: intruder.privateKey,
      apiV3Key,
      platformKeys: { [PLATFORM_KEY_ID]: platform.publicKey },
      baseURL: fake.baseURL,
    });
    const err = await rejection(impostor.queryPayment('T20261123001'));
    expect(err).toMatchObject({ code: 'PROVIDER_ERROR', providerCode: 'SIGN_ERROR' });
  });

  it('refuses a response whose signature is not the platform key', async () => {
    fake.forgeNextResponse = true;
    const err = await rejection(provider.queryPayment('T20261123001'));
    expect(err.code).toBe('BAD_SIGNATURE');
  });

  it('parses a good payment notification once decrypted', async () => {
    const { body, headers } = notification('TRANSACTION.SUCCESS', paidTransaction);
    await expect(provider.parseNotification(Buffer.from(body), headers)).resolves.toEqual({
      kind: 'payment',
      tradeNo: 'T20261123001',
      providerTradeId: '4200000001202611230000000001',
      amountFen: 2500,
      paidAt: new Date('2026-11-23T01:01:02Z'),
    });
  });

  it('refuses a tampered notification body', async () => {
    const { body, headers } = notification('TRANSACTION.SUCCESS', paidTransaction);
    const tampered = body.replace('支付成功', '支付成功 ');
    expect((await rejection(provider.parseNotification(tampered, headers))).code).toBe('BAD_SIGNATURE');
  });

  it('refuses a notification signed with another key, an unknown serial or no signature', async () => {
    const forged = notification('TRANSACTION.SUCCESS', paidTransaction, { signWith: intruder.privateKey });
    expect((await rejection(provider.parseNotification(forged.body, forged.headers))).code).toBe(
      'BAD_SIGNATURE',
    );
    const good = notification('TRANSACTION.SUCCESS', paidTransaction);
    const otherSerial = { ...good.headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' };
    expect((await rejection(provider.parseNotification(good.body, otherSerial))).code).toBe('BAD_SIGNATURE');
    const { 'wechatpay-signature': _, ...unsigned } = good.headers;
    expect((await rejection(provider.parseNotification(good.body, unsigned))).code).toBe('BAD_SIGNATURE');
  });

  it('refuses a signed notification whose resource does not decrypt (wrong API v3 key / associated data)', async () => {
    const { body } = notification('TRANSACTION.SUCCESS', paidTransaction);
    const envelope = JSON.parse(body);
    envelope.resource.associated_data = 'refund';
    const resigned = JSON.stringify(envelope);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': 'n1',
      'wechatpay-serial': PLATFORM_KEY_ID,
      'wechatpay-signature': sign(`${timestamp}\nn1\n${resigned}\n`, platform.privateKey),
    };
    expect((await rejection(provider.parseNotification(resigned, headers))).code).toBe('BAD_NOTIFICATION');
  });

  it('refuses a replayed notification older than five minutes', async () => {
    const { body } = notification('TRANSACTION.SUCCESS', paidTransaction);
    const old = String(Math.floor(Date.now() / 1000) - 600);
    const headers = {
      'wechatpay-timestamp': old,
      'wechatpay-nonce': 'n2',
      'wechatpay-serial': PLATFORM_KEY_ID,
      'wechatpay-signature': sign(`${old}\nn2\n${body}\n`, platform.privateKey),
    };
    expect((await rejection(provider.parseNotification(body, headers))).code).toBe('BAD_NOTIFICATION');
  });

  it('parses a refund notification', async () => {
    const { body, headers } = notification(
      'REFUND.SUCCESS',
      {
        mchid: MCHID,
        out_trade_no: 'T20261123001',
        transaction_id: '4200000001202611230000000001',
        out_refund_no: 'R20261123001',
        refund_id: '50300000012026112300000000001',
        refund_status: 'SUCCESS',
        success_time: '2026-11-23T10:11:20+08:00',
        amount: { total: 2500, refund: 1050, payer_total: 2500, payer_refund: 1050 },
        user_received_account: '支付用户零钱',
      },
      { associated: 'refund' },
    );
    await expect(provider.parseNotification(body, headers)).resolves.toEqual({
      kind: 'refund',
      tradeNo: 'T20261123001',
      refundNo: 'R20261123001',
      providerRefundId: '50300000012026112300000000001',
      amountFen: 1050,
      state: 'SUCCESS',
      refundedAt: new Date('2026-11-23T02:11:20Z'),
    });
  });

  it('queries and closes a payment', async () => {
    await expect(provider.queryPayment('T20261123002')).resolves.toMatchObject({
      tradeNo: 'T20261123002',
      state: 'PENDING',
      amountFen: 1,
    });
    await provider.closePayment('T20261123002');
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/v3/pay/transactions/out-trade-no/T20261123002/close',
    });
    expect(JSON.parse(fake.seen.at(-1)?.body ?? '{}')).toEqual({ mchid: MCHID });
    await expect(provider.queryPayment('T20261123002')).resolves.toMatchObject({ state: 'CLOSED' });
    const missing = await rejection(provider.queryPayment('T_NO_SUCH'));
    expect(missing).toMatchObject({ code: 'PROVIDER_ERROR', providerCode: 'ORDER_NOT_EXIST' });
    expect(missing.message).toBe('支付渠道处理失败，请稍后再试');
  });

  it('refunds and queries the refund', async () => {
    await expect(
      provider.refund({
        tradeNo: 'T20261123001',
        refundNo: 'R20261123001',
        amountFen: 1050,
        totalFen: 2500,
        reason: '退号',
      }),
    ).resolves.toMatchObject({ refundNo: 'R20261123001', state: 'PROCESSING', amountFen: 1050 });
    expect(JSON.parse(fake.seen.at(-1)?.body ?? '{}')).toMatchObject({
      out_trade_no: 'T20261123001',
      out_refund_no: 'R20261123001',
      reason: '退号',
      amount: { refund: 1050, total: 2500, currency: 'CNY' },
    });
    await expect(provider.queryRefund('R20261123001', 'T20261123001')).resolves.toEqual({
      refundNo: 'R20261123001',
      providerRefundId: '50000000382019052709732678859',
      state: 'SUCCESS',
      amountFen: 1050,
      refundedAt: new Date('2026-11-23T02:11:20Z'),
    });
  });

  it('downloads the trade bill, checks its SHA1 and parses the backtick fields', async () => {
    await expect(provider.downloadBill('2026-11-23')).resolves.toEqual([
      {
        type: 'pay',
        tradeNo: 'T20261123001',
        providerTradeId: '4200000001202611230000000001',
        amountFen: 2500,
        time: '2026-11-23 09:01:02',
      },
      {
        type: 'refund',
        tradeNo: 'T20261123001',
        providerTradeId: '4200000001202611230000000001',
        amountFen: 1050,
        refundNo: 'R20261123001',
        time: '2026-11-23 10:11:12',
      },
    ]);
    expect(fake.seen.at(-1)?.url).toBe(
      '/v3/billdownload/file?token=6XIv5TUPto7pByrTQKhd6kwvyKLG2uY2wMMR8cNpUMA',
    );
  });
});
