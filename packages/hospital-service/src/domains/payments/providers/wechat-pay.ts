import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Aes, Formatter, Hash, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { type WechatOauthConfig, wechatPayerAuth } from './payer-auth.ts';
import {
  type BillRow,
  type ClientPayment,
  type CreatePaymentInput,
  headerOf,
  type IncomingHeaders,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentQueryResult,
  type PaymentState,
  type ProviderNotification,
  type RefundInput,
  type RefundResult,
  type RefundState,
  yuanToFen,
} from './provider.ts';

/**
 * WeChat Pay API v3 (direct merchant) over wechatpay-axios-plugin: it signs every request (SHA256-RSA2048 in
 * the Authorization header), verifies every response's Wechatpay-Signature with the platform public key, and
 * decrypts AEAD_AES_256_GCM resources. Written here: the JSAPI paySign, notification header checks, bill hashing
 * and parsing, and the mapping to {@link PaymentProvider}.
 */
export interface WechatPayConfig {
  mchid: string;
  appid: string;
  /** The merchant API certificate's serial number. */
  merchantSerial: string;
  /** The merchant private key (apiclient_key.pem): PEM text, or a path via `merchantPrivateKeyPath`. */
  merchantPrivateKey?: string;
  merchantPrivateKeyPath?: string;
  /** The 32-byte API v3 key. */
  apiV3Key: string;
  /**
   * Platform public key mode: the key (PEM) and its id (PUB_KEY_ID_…); or platform certificate mode: the
   * certificate's serial and its public key / certificate PEM. Both go into the same `{serial: key}` map.
   */
  platformKeys: Record<string, string>;
  /** Defaults to https://api.mch.weixin.qq.com/ (tests point it at a local server). */
  baseURL?: string;
  /** How far a notification's Wechatpay-Timestamp may be from now, in seconds (default 300). */
  maxClockSkewSeconds?: number;
  /**
   * The official account's web authorisation (its AppSecret), which identifies JSAPI payers; without it the
   * provider takes H5 payments only.
   */
  oauth?: Omit<WechatOauthConfig, 'appid'>;
}

const TRADE_STATE: Record<string, PaymentState> = {
  SUCCESS: 'PAID',
  NOTPAY: 'PENDING',
  USERPAYING: 'PENDING',
  CLOSED: 'CLOSED',
  REVOKED: 'CLOSED',
  REFUND: 'REFUNDED',
  PAYERROR: 'FAILED',
};

const REFUND_STATE: Record<string, RefundState> = {
  SUCCESS: 'SUCCESS',
  PROCESSING: 'PROCESSING',
  CLOSED: 'CLOSED',
  ABNORMAL: 'ABNORMAL',
};

interface AxiosLikeError {
  code?: string;
  message?: string;
  response?: { status?: number; data?: unknown };
}

/** Turns an axios / SDK failure into a typed error, never carrying keys or headers. */
function providerError(err: unknown): PaymentProviderError {
  const e = err as AxiosLikeError;
  if (e?.code?.startsWith('EV3_RES_HEADER')) {
    return new PaymentProviderError('BAD_SIGNATURE', `response verification failed: ${e.code}`, e.code);
  }
  const data = e?.response?.data as { code?: string; message?: string } | undefined;
  if (e?.response?.status) {
    return new PaymentProviderError(
      'PROVIDER_ERROR',
      `HTTP ${e.response.status} ${data?.code ?? ''} ${data?.message ?? ''}`.trim(),
      data?.code,
    );
  }
  return new PaymentProviderError('NETWORK', e?.message ?? String(err));
}

const toRefund = (data: {
  out_refund_no: string;
  refund_id?: string;
  status: string;
  success_time?: string;
  amount: { refund: number };
}): RefundResult => ({
  refundNo: data.out_refund_no,
  providerRefundId: data.refund_id,
  state: REFUND_STATE[data.status] ?? 'PROCESSING',
  amountFen: data.amount.refund,
  refundedAt: data.success_time ? new Date(data.success_time) : undefined,
});

/** Parses a WeChat Pay trade bill (bill_type=ALL): a header row, then backtick-prefixed fields, then a summary. */
export function parseWechatBill(text: string | Buffer): BillRow[] {
  let buffer = Buffer.isBuffer(text) ? text : Buffer.from(text);
  if (!(buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf)) {
    buffer = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), buffer]);
  }
  const { rows } = Formatter.castCsvBill(buffer) as { rows: Record<string, string>[] };
  const out: BillRow[] = [];
  for (const row of rows) {
    const state = row['交易状态'];
    const base = {
      tradeNo: row['商户订单号'] ?? '',
      providerTradeId: row['微信订单号'] ?? '',
      time: row['交易时间'],
    };
    if (state === 'REFUND') {
      out.push({
        ...base,
        type: 'refund',
        amountFen: yuanToFen(row['退款金额'] ?? '0'),
        refundNo: row['商户退款单号'],
      });
    } else if (state === 'SUCCESS') {
      out.push({ ...base, type: 'pay', amountFen: yuanToFen(row['应结订单金额'] ?? '0') });
    }
  }
  return out;
}

/** A WeChat Pay API v3 provider. */
export function wechatPayProvider(config: WechatPayConfig): PaymentProvider {
  const privateKeyPem =
    config.merchantPrivateKey ??
    (config.merchantPrivateKeyPath ? readFileSync(config.merchantPrivateKeyPath, 'utf8') : undefined);
  if (!privateKeyPem) throw new Error('wechat-pay: merchantPrivateKey or merchantPrivateKeyPath is required');
  if (Buffer.byteLength(config.apiV3Key) !== 32) throw new Error('wechat-pay: apiV3Key must be 32 bytes');
  const privateKey = Rsa.from(privateKeyPem, Rsa.KEY_TYPE_PRIVATE);
  const certs = Object.fromEntries(
    Object.entries(config.platformKeys).map(([id, pem]) => [id, Rsa.from(pem, Rsa.KEY_TYPE_PUBLIC)]),
  );
  const wx = new Wechatpay({
    mchid: config.mchid,
    serial: config.merchantSerial,
    privateKey: privateKeyPem,
    certs,
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
  });
  const maxSkew = config.maxClockSkewSeconds ?? 300;
  const api = (path: string) => wx.chain(path);

  async function call<T>(run: () => PromiseLike<{ data: T }>): Promise<T> {
    try {
      return (await run()).data;
    } catch (err) {
      throw providerError(err);
    }
  }

  const outTradePath = (tradeNo: string) => `v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}`;

  return {
    name: 'wechat-pay',
    kind: 'wechat-pay',
    notificationAck: { contentType: 'application/json', body: '{"code":"SUCCESS","message":"成功"}' },
    ...(config.oauth ? { payerAuth: wechatPayerAuth({ ...config.oauth, appid: config.appid }) } : {}),

    async createPayment(input: CreatePaymentInput): Promise<ClientPayment> {
      const order = {
        appid: config.appid,
        mchid: config.mchid,
        description: input.description,
        out_trade_no: input.tradeNo,
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
        ...(input.expiresAt
          ? { time_expire: input.expiresAt.toISOString().replace(/\.\d{3}Z$/, '+00:00') }
          : {}),
      };
      if (input.channel === 'wechat-jsapi') {
        if (!input.payerId) throw new PaymentProviderError('UNSUPPORTED', 'JSAPI needs the payer openid');
        const { prepay_id } = await call<{ prepay_id: string }>(() =>
          api('v3/pay/transactions/jsapi').post({ ...order, payer: { openid: input.payerId } }),
        );
        const timeStamp = String(Formatter.timestamp());
        const nonceStr = Formatter.nonce();
        const pkg = `prepay_id=${prepay_id}`;
        const paySign = Rsa.sign(
          Formatter.joinedByLineFeed(config.appid, timeStamp, nonceStr, pkg),
          privateKey,
        );
        return {
          kind: 'wechat-jsapi',
          params: { appId: config.appid, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign },
        };
      }
      if (input.channel === 'wechat-h5') {
        if (!input.clientIp) throw new PaymentProviderError('UNSUPPORTED', 'H5 needs the payer IP');
        const { h5_url } = await call<{ h5_url: string }>(() =>
          api('v3/pay/transactions/h5').post({
            ...order,
            scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } },
          }),
        );
        const url = input.returnUrl
          ? `${h5_url}${h5_url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(input.returnUrl)}`
          : h5_url;
        return { kind: 'wechat-h5', h5Url: url };
      }
      throw new PaymentProviderError('UNSUPPORTED', `wechat-pay cannot do ${input.channel}`);
    },

    async parseNotification(
      rawBody: string | Buffer,
      headers: IncomingHeaders,
    ): Promise<ProviderNotification> {
      const body = Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody;
      const timestamp = headerOf(headers, 'wechatpay-timestamp');
      const nonce = headerOf(headers, 'wechatpay-nonce');
      const serial = headerOf(headers, 'wechatpay-serial');
      const signature = headerOf(headers, 'wechatpay-signature');
      if (!timestamp || !nonce || !serial || !signature) {
        throw new PaymentProviderError('BAD_SIGNATURE', 'missing Wechatpay-* headers');
      }
      // A probe (WECHATPAY/SIGNTEST/…) or an unknown key can never verify.
      const key = Object.hasOwn(certs, serial) ? certs[serial] : undefined;
      if (!key || !Rsa.verify(Formatter.response(timestamp, nonce, body), signature, key)) {
        throw new PaymentProviderError('BAD_SIGNATURE', `signature does not verify (serial ${serial})`);
      }
      if (Math.abs(Formatter.timestamp() - Number(timestamp)) > maxSkew) {
        throw new PaymentProviderError('BAD_NOTIFICATION', `timestamp ${timestamp} too far from now`);
      }
      let plain: Record<string, unknown>;
      let eventType: string;
      try {
        const envelope = JSON.parse(body) as {
          event_type: string;
          resource: { algorithm: string; ciphertext: string; associated_data?: string; nonce: string };
        };
        if (envelope.resource?.algorithm !== 'AEAD_AES_256_GCM') throw new Error('unknown algorithm');
        eventType = envelope.event_type;
        const { ciphertext, nonce: iv, associated_data } = envelope.resource;
        plain = JSON.parse(Aes.AesGcm.decrypt(ciphertext, config.apiV3Key, iv, associated_data ?? ''));
      } catch (err) {
        throw new PaymentProviderError(
          'BAD_NOTIFICATION',
          `cannot decode: ${(err as Error).message}`,
          undefined,
          {
            cause: err,
          },
        );
      }
      if (plain.mchid !== undefined && plain.mchid !== config.mchid) {
        throw new PaymentProviderError('BAD_NOTIFICATION', 'notification for another merchant');
      }
      if (eventType === 'TRANSACTION.SUCCESS') {
        const t = plain as {
          out_trade_no: string;
          transaction_id: string;
          trade_state: string;
          success_time: string;
          amount: { total: number };
          appid?: string;
        };
        if (t.trade_state !== 'SUCCESS' || (t.appid && t.appid !== config.appid)) {
          throw new PaymentProviderError('BAD_NOTIFICATION', `unexpected trade_state ${t.trade_state}`);
        }
        return {
          kind: 'payment',
          tradeNo: t.out_trade_no,
          providerTradeId: t.transaction_id,
          amountFen: t.amount.total,
          paidAt: new Date(t.success_time),
        };
      }
      if (eventType.startsWith('REFUND.')) {
        const r = plain as {
          out_trade_no: string;
          out_refund_no: string;
          refund_id: string;
          refund_status: string;
          success_time?: string;
          amount: { refund: number };
        };
        return {
          kind: 'refund',
          tradeNo: r.out_trade_no,
          refundNo: r.out_refund_no,
          providerRefundId: r.refund_id,
          amountFen: r.amount.refund,
          state: REFUND_STATE[r.refund_status] ?? 'ABNORMAL',
          refundedAt: r.success_time ? new Date(r.success_time) : undefined,
        };
      }
      throw new PaymentProviderError('BAD_NOTIFICATION', `unknown event_type ${eventType}`);
    },

    async queryPayment(tradeNo: string): Promise<PaymentQueryResult> {
      const t = await call<{
        out_trade_no: string;
        transaction_id?: string;
        trade_state: string;
        success_time?: string;
        amount?: { total?: number };
      }>(() => api(outTradePath(tradeNo)).get({ params: { mchid: config.mchid } }));
      return {
        tradeNo: t.out_trade_no,
        state: TRADE_STATE[t.trade_state] ?? 'PENDING',
        providerTradeId: t.transaction_id,
        amountFen: t.amount?.total,
        paidAt: t.success_time ? new Date(t.success_time) : undefined,
      };
    },

    async closePayment(tradeNo: string): Promise<void> {
      await call(() => api(`${outTradePath(tradeNo)}/close`).post({ mchid: config.mchid }));
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const data = await call<Parameters<typeof toRefund>[0]>(() =>
        api('v3/refund/domestic/refunds').post({
          out_trade_no: input.tradeNo,
          out_refund_no: input.refundNo,
          ...(input.reason ? { reason: input.reason } : {}),
          ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
          amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' },
        }),
      );
      return toRefund(data);
    },

    async queryRefund(refundNo: string): Promise<RefundResult> {
      const data = await call<Parameters<typeof toRefund>[0]>(() =>
        api(`v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`).get(),
      );
      return toRefund(data);
    },

    async downloadBill(date: string): Promise<BillRow[]> {
      const meta = await call<{ hash_type: string; hash_value: string; download_url: string }>(() =>
        api('v3/bill/tradebill').get({ params: { bill_date: date, bill_type: 'ALL' } }),
      );
      // The download URL is on the API host; ask it through the signing client (its response is not signed).
      const url = new URL(meta.download_url);
      const raw = await call<ArrayBuffer>(() =>
        api(url.pathname.replace(/^\//, '')).get({
          params: Object.fromEntries(url.searchParams),
          responseType: 'arraybuffer',
        }),
      );
      let file = Buffer.from(raw);
      if (file[0] === 0x1f && file[1] === 0x8b) file = gunzipSync(file);
      if (meta.hash_type === 'SHA1' && !Hash.equals(Hash.sha1(file), meta.hash_value.toLowerCase())) {
        throw new PaymentProviderError('BAD_SIGNATURE', 'bill hash does not match');
      }
      return parseWechatBill(file);
    },
  };
}
