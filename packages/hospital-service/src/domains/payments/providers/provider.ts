import { PaymentProviderError } from './errors.ts';
import type { PayerAuth } from './payer-auth.ts';

export { PaymentProviderError, type PaymentProviderErrorCode } from './errors.ts';

/**
 * One small interface over the payment providers: WeChat Pay API v3, Alipay (OpenAPI gateway) and the sandbox
 * cashier. Amounts are integers in fen everywhere; each adapter converts at its own edge (Alipay speaks yuan
 * strings). Trade numbers are ours (out_trade_no), provider ids are theirs (transaction_id / trade_no).
 */

/** The providers this service speaks to. */
export type ProviderKind = 'wechat-pay' | 'alipay' | 'sandbox';

/** How the patient pays: decides which provider API creates the payment and what the client gets back. */
export type PaymentChannel = 'wechat-jsapi' | 'wechat-h5' | 'alipay-jsapi' | 'alipay-wap' | 'sandbox';

/** Creating a payment for one order. */
export interface CreatePaymentInput {
  channel: PaymentChannel;
  /** Our trade number (out_trade_no): unique per merchant, 6–32 characters of [0-9A-Za-z_-]. */
  tradeNo: string;
  /** Integer fen, > 0. */
  amountFen: number;
  /** Shown to the payer on the provider's page and bill. */
  description: string;
  /** Where the provider sends the payment notification (https in production). */
  notifyUrl: string;
  /** The payer's openid (WeChat JSAPI) or Alipay open_id / buyer_id (Alipay JSAPI). */
  payerId?: string;
  /** Where the provider's page returns the payer to (WeChat H5 appends it as redirect_url; Alipay wap return_url). */
  returnUrl?: string;
  /** The payer's IP (WeChat H5 requires it). */
  clientIp?: string;
  /** When the unpaid order closes by itself. */
  expiresAt?: Date;
}

/** The signed parameters of WeixinJSBridge getBrandWCPayRequest (wx.requestPayment without appId). */
export interface WechatJsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** What the client needs to start paying. */
export type ClientPayment =
  | { kind: 'wechat-jsapi'; params: WechatJsapiParams }
  | { kind: 'wechat-h5'; h5Url: string }
  /** For my.tradePay({ tradeNO }) in the Alipay client. */
  | { kind: 'alipay-jsapi'; providerTradeId: string }
  /** A GET URL of the Alipay cashier (alipay.trade.wap.pay). */
  | { kind: 'alipay-wap'; url: string }
  | { kind: 'redirect'; url: string };

/** A verified, decoded notification. */
export type ProviderNotification =
  | {
      kind: 'payment';
      tradeNo: string;
      providerTradeId: string;
      amountFen: number;
      paidAt: Date;
    }
  | {
      kind: 'refund';
      tradeNo: string;
      refundNo: string;
      providerRefundId: string;
      amountFen: number;
      state: RefundState;
      refundedAt?: Date;
    };

/** The provider's view of a payment. */
export type PaymentState = 'PENDING' | 'PAID' | 'CLOSED' | 'REFUNDED' | 'FAILED';

export interface PaymentQueryResult {
  tradeNo: string;
  state: PaymentState;
  providerTradeId?: string;
  amountFen?: number;
  paidAt?: Date;
}

export type RefundState = 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';

export interface RefundInput {
  tradeNo: string;
  /** Our refund number (out_refund_no / out_request_no): the idempotency key of the refund. */
  refundNo: string;
  amountFen: number;
  /** The payment's total, in fen. */
  totalFen: number;
  reason?: string;
  notifyUrl?: string;
}

export interface RefundResult {
  refundNo: string;
  state: RefundState;
  amountFen: number;
  providerRefundId?: string;
  refundedAt?: Date;
}

/** One row of the daily bill. */
export interface BillRow {
  type: 'pay' | 'refund';
  tradeNo: string;
  providerTradeId: string;
  /** Positive fen: paid for `pay`, refunded for `refund`. */
  amountFen: number;
  refundNo?: string;
  /** The provider's local time text, as in the bill. */
  time?: string;
}

/** Headers as node:http / Fastify give them. */
export type IncomingHeaders = Record<string, string | string[] | undefined>;

/** Every payment provider implements this. */
export interface PaymentProvider {
  /**
   * `wechat-pay`, `alipay` or `sandbox`; a hospital's own merchant adds `@<hospital id>` (`wechat-pay@1001`).
   * The notify path, `payments.provider` and `payers.provider` carry it.
   */
  readonly name: string;
  /** Which provider's protocol it speaks. */
  readonly kind: ProviderKind;
  /** Set on the sandbox: a simulation (no money moves), refused in production unless a demonstration allows it. */
  readonly simulated?: true;
  /** The body the provider expects in answer to a notification it sent (after it has been handled). */
  readonly notificationAck: { contentType: string; body: string };
  /** How the payer of a JSAPI payment is identified; absent when this provider cannot take JSAPI payments. */
  readonly payerAuth?: PayerAuth;
  createPayment(input: CreatePaymentInput): Promise<ClientPayment>;
  /** Verifies and decodes a notification; throws {@link PaymentProviderError} `BAD_SIGNATURE` / `BAD_NOTIFICATION`. */
  parseNotification(rawBody: string | Buffer, headers: IncomingHeaders): Promise<ProviderNotification>;
  queryPayment(tradeNo: string): Promise<PaymentQueryResult>;
  /** Closes an unpaid payment (so it can no longer be paid). */
  closePayment(tradeNo: string): Promise<void>;
  refund(input: RefundInput): Promise<RefundResult>;
  queryRefund(refundNo: string, tradeNo: string): Promise<RefundResult>;
  /** The trade bill of one day (YYYY-MM-DD, China time). */
  downloadBill(date: string): Promise<BillRow[]>;
}

/** The first value of a header, case-insensitively. */
export function headerOf(headers: IncomingHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Exact yuan text ("12.34", "-0.5", "3") to integer fen, without floating point. */
export function yuanToFen(yuan: string): number {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) throw new PaymentProviderError('BAD_NOTIFICATION', `not an amount: ${yuan}`);
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -fen : fen;
}

/** Integer fen to the yuan text Alipay wants ("12.34"). */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`amount must be integer fen: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
