import { inflateRawSync } from 'node:zlib';
import { chinaIso } from '@patient/validation';
import { AlipayRequestError, AlipaySdk } from 'alipay-sdk';
import {
  type BillRow,
  type ClientPayment,
  type CreatePaymentInput,
  fenToYuan,
  type IncomingHeaders,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentQueryResult,
  type PaymentState,
  type ProviderNotification,
  type RefundInput,
  type RefundResult,
  yuanToFen,
} from './provider.ts';

/**
 * Alipay over the official alipay-sdk (v4), OpenAPI gateway (alipay.trade.*): the SDK signs each request with
 * RSA2, verifies the `sign` over the response node with the Alipay public key, builds the signed wap cashier
 * URL and checks notification signatures (checkNotifySignV2). Written here: the mapping to
 * {@link PaymentProvider}, yuan ↔ fen, and reading the bill zip / CSV.
 */
export interface AlipayConfig {
  appId: string;
  /** The application private key (PEM, or the bare base64 the Alipay key tool prints). */
  privateKey: string;
  /** PKCS1 ("RSA PRIVATE KEY", the key tool's default for non-Java) or PKCS8 ("PRIVATE KEY"). */
  keyType?: 'PKCS1' | 'PKCS8';
  /** The Alipay public key (public key mode). */
  alipayPublicKey: string;
  /** Defaults to https://openapi.alipay.com/gateway.do (tests point it at a local server). */
  gateway?: string;
  /** Milliseconds (default 5000). */
  timeout?: number;
  /** Defaults to https://openauth.alipay.com (the web authorisation page). */
  authorizeBase?: string;
}

const TRADE_STATE: Record<string, PaymentState> = {
  WAIT_BUYER_PAY: 'PENDING',
  TRADE_SUCCESS: 'PAID',
  TRADE_FINISHED: 'PAID',
  TRADE_CLOSED: 'CLOSED',
};

type AlipayResult = Record<string, string | undefined> & {
  code?: string;
  sub_code?: string;
  sub_msg?: string;
};

/** "2026-11-23 09:01:05" (Beijing time, as Alipay writes it) to a Date. */
const beijing = (text: string | undefined): Date | undefined =>
  text ? new Date(`${text.replace(' ', 'T')}+08:00`) : undefined;

/** Reads the files of a zip archive (stored or deflated; names in UTF-8 or GBK, as Alipay's are). */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new PaymentProviderError('BAD_NOTIFICATION', 'bill is not a zip');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50)
      throw new PaymentProviderError('BAD_NOTIFICATION', 'bad zip entry');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const rawName = zip.subarray(at + 46, at + 46 + nameLength);
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'gbk').decode(rawName);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + skip;
  }
  return files;
}

/** Alipay writes its bills in GBK; accept UTF-8 too. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}

/** Parses an Alipay trade bill's 业务明细 CSV: `#` comment lines, a header row, tab-padded cells. */
export function parseAlipayBill(csv: string): BillRow[] {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() && !line.startsWith('#'));
  const header =
    lines
      .shift()
      ?.split(',')
      .map((cell) => cell.trim()) ?? [];
  const column = (name: string) => header.findIndex((h) => h.startsWith(name));
  const [providerId, tradeNo, kind, amount, refundNo, done] = [
    column('支付宝交易号'),
    column('商户订单号'),
    column('业务类型'),
    column('订单金额'),
    column('退款批次号'),
    column('完成时间'),
  ];
  if ([providerId, tradeNo, kind, amount].includes(-1)) {
    throw new PaymentProviderError('BAD_NOTIFICATION', 'bill header not recognised');
  }
  const rows: BillRow[] = [];
  for (const line of lines) {
    const cells = line.split(',').map((cell) => cell.trim());
    const type = cells[kind] === '交易' ? 'pay' : cells[kind] === '退款' ? 'refund' : undefined;
    if (!type) continue;
    rows.push({
      type,
      tradeNo: cells[tradeNo] ?? '',
      providerTradeId: cells[providerId] ?? '',
      amountFen: Math.abs(yuanToFen(cells[amount] ?? '0')),
      ...(type === 'refund' && refundNo >= 0 ? { refundNo: cells[refundNo] } : {}),
      ...(done >= 0 && cells[done] ? { time: cells[done] } : {}),
    });
  }
  return rows;
}

/** The gateway's error_response carried by an SDK error, if that is what it was. */
function refusalOf(err: unknown): { code?: string; sub_code?: string } | null {
  if (!(err instanceof AlipayRequestError) || typeof err.responseDataRaw !== 'string') return null;
  try {
    const parsed = JSON.parse(err.responseDataRaw) as {
      error_response?: { code?: string; sub_code?: string };
    };
    return parsed.error_response ?? null;
  } catch {
    return null;
  }
}

/** An Alipay provider. */
export function alipayProvider(config: AlipayConfig): PaymentProvider {
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: config.privateKey,
    keyType: config.keyType ?? 'PKCS1',
    alipayPublicKey: config.alipayPublicKey,
    signType: 'RSA2',
    camelcase: false,
    ...(config.gateway ? { gateway: config.gateway } : {}),
    ...(config.timeout ? { timeout: config.timeout } : {}),
  });

  /** Calls one gateway method, verifying the response signature; only code 10000 is success. */
  async function exec(method: string, params: Record<string, unknown>): Promise<AlipayResult> {
    let result: AlipayResult;
    try {
      result = (await sdk.exec(method, params, { validateSign: true })) as AlipayResult;
    } catch (err) {
      if (err instanceof AlipayRequestError && err.message.startsWith('验签失败')) {
        throw new PaymentProviderError(
          'BAD_SIGNATURE',
          `${method}: response signature does not verify`,
          undefined,
          {
            cause: err,
          },
        );
      }
      throw new PaymentProviderError('NETWORK', `${method}: ${(err as Error).message}`, undefined, {
        cause: err,
      });
    }
    if (result.code !== '10000') {
      throw new PaymentProviderError(
        'PROVIDER_ERROR',
        `${method}: ${result.code} ${result.sub_code ?? ''} ${result.sub_msg ?? ''}`.trim(),
        result.sub_code ?? result.code,
      );
    }
    return result;
  }

  const expiry = (at?: Date) =>
    at
      ? {
          time_expire: chinaIso(at).slice(0, 19).replace('T', ' '),
        }
      : {};

  return {
    name: 'alipay',
    kind: 'alipay',
    notificationAck: { contentType: 'text/plain', body: 'success' },

    payerAuth: {
      appId: config.appId,
      codeParam: 'auth_code',
      authorizeUrl(redirectUri, state) {
        const query = new URLSearchParams({
          app_id: config.appId,
          scope: 'auth_base',
          redirect_uri: redirectUri,
          state,
        });
        return `${config.authorizeBase ?? 'https://openauth.alipay.com'}/oauth2/publicAppAuthorize.htm?${query}`;
      },
      async payerOf(code) {
        // alipay.system.oauth.token answers without `code` on success, so not through exec().
        let result: { open_id?: string; user_id?: string; code?: string; sub_code?: string };
        try {
          result = (await sdk.exec(
            'alipay.system.oauth.token',
            { grant_type: 'authorization_code', code },
            { validateSign: true },
          )) as typeof result;
        } catch (err) {
          // A refusal comes as error_response, which the SDK cannot verify: it only ever means "no payer".
          const refusal = refusalOf(err);
          if (refusal) {
            throw new PaymentProviderError(
              'PROVIDER_ERROR',
              `alipay.system.oauth.token: ${refusal.code ?? ''} ${refusal.sub_code ?? ''}`.trim(),
              refusal.sub_code ?? refusal.code,
            );
          }
          throw new PaymentProviderError('NETWORK', `alipay.system.oauth.token: ${(err as Error).message}`);
        }
        const payer = result.open_id ?? result.user_id;
        if (!payer) {
          throw new PaymentProviderError(
            'PROVIDER_ERROR',
            `alipay.system.oauth.token: ${result.code ?? ''} ${result.sub_code ?? ''}`.trim(),
            result.sub_code ?? result.code,
          );
        }
        return payer;
      },
    },

    async createPayment(input: CreatePaymentInput): Promise<ClientPayment> {
      const order = {
        out_trade_no: input.tradeNo,
        total_amount: fenToYuan(input.amountFen),
        subject: input.description,
        ...expiry(input.expiresAt),
      };
      if (input.channel === 'alipay-jsapi') {
        if (!input.payerId) throw new PaymentProviderError('UNSUPPORTED', 'JSAPI needs the buyer open_id');
        const buyer = /^2088\d{12}$/.test(input.payerId)
          ? { buyer_id: input.payerId }
          : { buyer_open_id: input.payerId };
        const result = await exec('alipay.trade.create', {
          notify_url: input.notifyUrl,
          bizContent: { ...order, ...buyer, product_code: 'JSAPI_PAY', op_app_id: config.appId },
        });
        return { kind: 'alipay-jsapi', providerTradeId: result.trade_no ?? '' };
      }
      if (input.channel === 'alipay-wap') {
        const url = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
          notify_url: input.notifyUrl,
          ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
          bizContent: {
            ...order,
            product_code: 'QUICK_WAP_WAY',
            ...(input.returnUrl ? { quit_url: input.returnUrl } : {}),
          },
        });
        return { kind: 'alipay-wap', url };
      }
      throw new PaymentProviderError('UNSUPPORTED', `alipay cannot do ${input.channel}`);
    },

    async parseNotification(
      rawBody: string | Buffer,
      _headers: IncomingHeaders,
    ): Promise<ProviderNotification> {
      const body = Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody;
      const post = Object.fromEntries(new URLSearchParams(body));
      if (!post.sign || !sdk.checkNotifySignV2(post)) {
        throw new PaymentProviderError('BAD_SIGNATURE', 'notification signature does not verify');
      }
      if (post.app_id !== config.appId) {
        throw new PaymentProviderError('BAD_NOTIFICATION', `notification for app ${post.app_id}`);
      }
      const { out_trade_no: tradeNo, trade_no: providerTradeId } = post;
      if (!tradeNo || !providerTradeId)
        throw new PaymentProviderError('BAD_NOTIFICATION', 'no trade numbers');
      // A refund is told by refund_fee and out_biz_no (the out_request_no of the refund).
      if (post.refund_fee && post.out_biz_no) {
        return {
          kind: 'refund',
          tradeNo,
          refundNo: post.out_biz_no,
          providerRefundId: providerTradeId,
          amountFen: yuanToFen(post.refund_fee),
          state: 'SUCCESS',
          refundedAt: beijing(post.gmt_refund?.slice(0, 19)),
        };
      }
      if (post.trade_status !== 'TRADE_SUCCESS' && post.trade_status !== 'TRADE_FINISHED') {
        throw new PaymentProviderError('BAD_NOTIFICATION', `trade_status ${post.trade_status}`);
      }
      return {
        kind: 'payment',
        tradeNo,
        providerTradeId,
        amountFen: yuanToFen(post.total_amount ?? ''),
        paidAt: beijing(post.gmt_payment) ?? new Date(),
      };
    },

    async queryPayment(tradeNo: string): Promise<PaymentQueryResult> {
      const t = await exec('alipay.trade.query', { bizContent: { out_trade_no: tradeNo } });
      return {
        tradeNo,
        state: TRADE_STATE[t.trade_status ?? ''] ?? 'PENDING',
        providerTradeId: t.trade_no,
        amountFen: t.total_amount ? yuanToFen(t.total_amount) : undefined,
        paidAt: beijing(t.send_pay_date),
      };
    },

    async closePayment(tradeNo: string): Promise<void> {
      await exec('alipay.trade.close', { bizContent: { out_trade_no: tradeNo } });
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const r = await exec('alipay.trade.refund', {
        bizContent: {
          out_trade_no: input.tradeNo,
          out_request_no: input.refundNo,
          refund_amount: fenToYuan(input.amountFen),
          ...(input.reason ? { refund_reason: input.reason } : {}),
        },
      });
      // fund_change Y: money moved now; N: a repeated request (or not yet): the refund query says which.
      return {
        refundNo: input.refundNo,
        providerRefundId: r.trade_no,
        state: r.fund_change === 'Y' ? 'SUCCESS' : 'PROCESSING',
        amountFen: input.amountFen,
        refundedAt: beijing(r.gmt_refund_pay),
      };
    },

    async queryRefund(refundNo: string, tradeNo: string): Promise<RefundResult> {
      const r = await exec('alipay.trade.fastpay.refund.query', {
        bizContent: { out_trade_no: tradeNo, out_request_no: refundNo, query_options: ['gmt_refund_pay'] },
      });
      // No refund_amount: Alipay has no such refund (yet).
      return {
        refundNo,
        providerRefundId: r.trade_no,
        state: r.refund_status === 'REFUND_SUCCESS' ? 'SUCCESS' : r.refund_amount ? 'PROCESSING' : 'CLOSED',
        amountFen: r.refund_amount ? yuanToFen(r.refund_amount) : 0,
        refundedAt: beijing(r.gmt_refund_pay),
      };
    },

    async downloadBill(date: string): Promise<BillRow[]> {
      const { bill_download_url: url } = await exec('alipay.data.dataservice.bill.downloadurl.query', {
        bizContent: { bill_type: 'trade', bill_date: date },
      });
      if (!url) throw new PaymentProviderError('PROVIDER_ERROR', 'no bill_download_url');
      let bytes: Buffer;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(config.timeout ?? 30_000) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        bytes = Buffer.from(await response.arrayBuffer());
      } catch (err) {
        throw new PaymentProviderError('NETWORK', `bill download: ${(err as Error).message}`, undefined, {
          cause: err,
        });
      }
      if (bytes.readUInt32LE(0) !== 0x04034b50) return parseAlipayBill(decodeText(bytes));
      // The zip holds 业务明细 and 业务明细(汇总): the detail is the one whose name has no 汇总.
      const files = [...unzip(bytes)].filter(([name]) => name.endsWith('.csv'));
      const detail = files.find(([name]) => name.includes('业务明细') && !name.includes('汇总')) ?? files[0];
      if (!detail) throw new PaymentProviderError('PROVIDER_ERROR', 'bill zip has no csv');
      return parseAlipayBill(decodeText(detail[1]));
    },
  };
}
