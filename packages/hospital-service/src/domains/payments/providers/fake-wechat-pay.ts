import { createHash, createSign, createVerify, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testWechat } from './testing.ts';

/**
 * A local WeChat Pay API v3 on node:http, for tests: it checks the merchant's Authorization signature with the
 * merchant public key and answers with Wechatpay-* signed responses from the platform key pair of
 * {@link testWechat} (public key mode). It keeps the orders it was given (NOTPAY until `trades` says
 * otherwise), closes them, refunds (PROCESSING, SUCCESS when queried) and serves one bill (2026-11-23).
 */
const {
  mchid: MCHID,
  appid: APPID,
  merchantSerial: MERCHANT_SERIAL,
  publicKeyId: PLATFORM_KEY_ID,
  merchant,
  platform,
  intruder,
} = testWechat;

/** RSA-SHA256, base64: how WeChat Pay signs (and merchants sign) messages. */
export const sign = (message: string, key: string) =>
  createSign('RSA-SHA256').update(message).sign(key, 'base64');
export const verify = (message: string, signature: string, key: string) =>
  createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');

export interface Seen {
  method: string;
  url: string;
  body: string;
}
/** The bill of 2026-11-23: one payment and its partial refund. */
export const WECHAT_TEST_BILL = `\uFEFF交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注
\`2026-11-23 09:01:02,\`${APPID},\`${MCHID},\`0,\`,\`4200000001202611230000000001,\`T20261123001,\`oUpF8uMuAJO_M2pxb1Q9zNjWeS6o,\`JSAPI,\`SUCCESS,\`OTHERS,\`CNY,\`25.00,\`0.00,\`0,\`0,\`0.00,\`0.00,\`,\`,\`挂号费,\`,\`0.15000,\`0.60%,\`25.00,\`0.00,\`
\`2026-11-23 10:11:12,\`${APPID},\`${MCHID},\`0,\`,\`4200000001202611230000000001,\`T20261123001,\`oUpF8uMuAJO_M2pxb1Q9zNjWeS6o,\`JSAPI,\`REFUND,\`OTHERS,\`CNY,\`0.00,\`0.00,\`50300000012026112300000000001,\`R20261123001,\`10.50,\`0.00,\`ORIGINAL,\`SUCCESS,\`挂号费,\`,\`-0.06000,\`0.60%,\`0.00,\`10.50,\`
总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额
\`2,\`25.00,\`10.50,\`0.00,\`0.09000,\`25.00,\`10.50
`;

/** Answers as WeChat Pay does: JSON, signed with the platform private key over `timestamp\nnonce\nbody\n`. */
function answer(res: ServerResponse, status: number, payload?: unknown, signWith = platform.privateKey) {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'request-id': randomBytes(8).toString('hex'),
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': PLATFORM_KEY_ID,
    'wechatpay-signature': sign(`${timestamp}\n${nonce}\n${body}\n`, signWith),
  });
  res.end(body);
}

function handle(fake: FakeWechatPay, req: IncomingMessage, body: string, res: ServerResponse) {
  const { seen, trades, refunds } = fake;
  const url = new URL(req.url ?? '/', 'http://localhost');
  seen.push({ method: req.method ?? '', url: req.url ?? '', body });
  if (url.pathname === '/sns/oauth2/access_token') return oauthToken(fake, url, res);
  const auth = req.headers.authorization ?? '';
  const match = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(auth);
  const fields = Object.fromEntries(
    [...(match?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as const),
  );
  const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
  if (
    fields.mchid !== MCHID ||
    fields.serial_no !== MERCHANT_SERIAL ||
    !fields.signature ||
    !verify(message, fields.signature, merchant.publicKey)
  ) {
    return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
  }
  const signer = fake.forgeNextResponse ? intruder.privateKey : platform.privateKey;
  fake.forgeNextResponse = false;
  const json = body ? JSON.parse(body) : {};
  const path = url.pathname;
  if (
    req.method === 'POST' &&
    (path === '/v3/pay/transactions/jsapi' || path === '/v3/pay/transactions/h5')
  ) {
    const payerMissing = path.endsWith('jsapi') && typeof json.payer?.openid !== 'string';
    if (
      json.mchid !== MCHID ||
      json.appid !== APPID ||
      !Number.isInteger(json.amount?.total) ||
      payerMissing
    ) {
      return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
    }
    trades.set(json.out_trade_no, {
      state: 'NOTPAY',
      total: json.amount.total,
      transactionId: `42000000012026112${String(trades.size).padStart(11, '0')}`,
    });
    return path.endsWith('jsapi')
      ? answer(res, 200, { prepay_id: 'wx201410272009395522657a690389285100' }, signer)
      : answer(
          res,
          200,
          { h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1' },
          signer,
        );
  }
  const outTrade = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
  if (outTrade) {
    const trade = trades.get(decodeURIComponent(outTrade[1] as string));
    if (!trade) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    if (outTrade[2]) {
      if (json.mchid !== MCHID) return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
      trade.state = 'CLOSED';
      return answer(res, 204, undefined, signer);
    }
    if (url.searchParams.get('mchid') !== MCHID)
      return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
    return answer(
      res,
      200,
      {
        appid: APPID,
        mchid: MCHID,
        out_trade_no: decodeURIComponent(outTrade[1] as string),
        transaction_id: trade.transactionId,
        trade_state: trade.state,
        trade_state_desc: trade.state,
        ...(trade.state === 'SUCCESS' ? { success_time: '2026-11-23T09:01:02+08:00' } : {}),
        amount: { total: trade.total, payer_total: trade.total, currency: 'CNY', payer_currency: 'CNY' },
      },
      signer,
    );
  }
  if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') {
    const refund = {
      refund_id: '50000000382019052709732678859',
      out_refund_no: json.out_refund_no,
      transaction_id: '4200000001',
      out_trade_no: json.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: '2026-11-23T10:11:12+08:00',
      status: 'PROCESSING',
      amount: {
        total: json.amount.total,
        refund: json.amount.refund,
        payer_total: json.amount.total,
        payer_refund: json.amount.refund,
        currency: 'CNY',
      },
    };
    refunds.set(json.out_refund_no, refund);
    return answer(res, 200, refund, signer);
  }
  const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && refundQuery) {
    const refund = refunds.get(decodeURIComponent(refundQuery[1] as string));
    if (!refund) return answer(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
    return answer(
      res,
      200,
      { ...refund, status: 'SUCCESS', success_time: '2026-11-23T10:11:20+08:00' },
      signer,
    );
  }
  if (req.method === 'GET' && path === '/v3/bill/tradebill') {
    if (url.searchParams.get('bill_date') !== '2026-11-23')
      return answer(res, 400, { code: 'NO_STATEMENT_EXIST', message: '账单文件不存在' });
    return answer(
      res,
      200,
      {
        hash_type: 'SHA1',
        hash_value: createHash('sha1').update(WECHAT_TEST_BILL).digest('hex'),
        download_url: `${fake.baseURL}v3/billdownload/file?token=6XIv5TUPto7pByrTQKhd6kwvyKLG2uY2wMMR8cNpUMA`,
      },
      signer,
    );
  }
  if (req.method === 'GET' && path === '/v3/billdownload/file') {
    // The file itself is not signed: its SHA1 came (signed) with the bill's metadata.
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    return res.end(WECHAT_TEST_BILL);
  }
  return answer(res, 404, { code: 'NOT_FOUND', message: '未找到' });
}

/**
 * api.weixin.qq.com's sns/oauth2/access_token (official-account web authorisation): a code from `oauthCodes`
 * is good once, for the test official account and its AppSecret; the answer is plain JSON, unsigned, as WeChat's.
 */
function oauthToken(fake: FakeWechatPay, url: URL, res: ServerResponse) {
  const q = url.searchParams;
  const json = (payload: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(payload));
  };
  if (q.get('appid') !== APPID || q.get('secret') !== testWechat.appSecret) {
    return json({ errcode: 40125, errmsg: 'invalid appsecret' });
  }
  const code = q.get('code') ?? '';
  const openid = fake.oauthCodes.get(code);
  if (q.get('grant_type') !== 'authorization_code' || !openid) {
    return json({ errcode: 40029, errmsg: 'invalid code' });
  }
  fake.oauthCodes.delete(code);
  if (openid === 'SNAPSHOT') return json({ openid: 'oSnapshot0000000000000000000', is_snapshotuser: 1 });
  return json({ access_token: 'ACCESS_TOKEN', expires_in: 7200, openid, scope: 'snsapi_base' });
}

/** A running fake WeChat Pay: what it was asked, its orders and refunds. */
export interface FakeWechatPay {
  /** http://127.0.0.1:port/ (the provider's `baseURL`). */
  baseURL: string;
  seen: Seen[];
  /** Orders by out_trade_no; set `state` to 'SUCCESS' to have one paid. */
  trades: Map<string, { state: string; total: number; transactionId: string }>;
  refunds: Map<string, Record<string, unknown>>;
  /** The next answer is signed with the intruder's key. */
  forgeNextResponse: boolean;
  /** One-time web-authorisation codes and the openid each stands for ('SNAPSHOT': a snapshot-page visitor). */
  oauthCodes: Map<string, string>;
  close(): Promise<void>;
}

/** Starts a fake WeChat Pay on a free port of 127.0.0.1. */
export async function startFakeWechatPay(): Promise<FakeWechatPay> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(fake, req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeWechatPay = {
    baseURL: `http://127.0.0.1:${port}/`,
    seen: [],
    trades: new Map(),
    refunds: new Map(),
    forgeNextResponse: false,
    oauthCodes: new Map(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
