import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { fen, id } from './primitives.ts';

/**
 * Payment (001 §7 'Insurance and payment'), one module for every paid flow. Whatever the client's payment
 * callback says, the order is paid only when the service says so (poll getPayment).
 */

/**
 * The kinds of order that are paid through this module: appointments, outpatient charges (several orders
 * merged), inpatient deposits and discharge settlements, prepaid-account recharges, medical record copies, nucleic acid tests.
 */
export const payableOrderType = z.enum([
  'APPOINTMENT',
  'OUTPATIENT_FEE',
  'INPATIENT_DEPOSIT',
  'INPATIENT_SETTLEMENT',
  'ACCOUNT_RECHARGE',
  'RECORD_COPY',
  'NUCLEIC_ACID',
]);
export type PayableOrderType = z.output<typeof payableOrderType>;

/**
 * How the patient pays: inside the messaging app its JSAPI pay sheet (WECHAT_JSAPI), inside the payment app its
 * trade pay (ALIPAY_TRADE), in any other mobile browser the provider's own cashier page (WECHAT_H5, ALIPAY_WAP),
 * in development the sandbox cashier (SANDBOX).
 */
export const payChannel = z.enum(['WECHAT_JSAPI', 'ALIPAY_TRADE', 'WECHAT_H5', 'ALIPAY_WAP', 'SANDBOX']);
export type PayChannel = z.output<typeof payChannel>;

/** REFUNDING: the refund is asked of the provider and not yet confirmed (退款中). */
export const paymentStatus = z.enum(['PENDING', 'PAID', 'CLOSED', 'REFUNDING', 'REFUNDED']);
export type PaymentStatus = z.output<typeof paymentStatus>;

export const payment = z.object({
  paymentId: z.string(),
  orderType: payableOrderType,
  orderId: z.string(),
  channel: payChannel,
  amount: fen(),
  status: paymentStatus,
  paidAt: z.nullable(z.string()),
});
export type Payment = z.output<typeof payment>;

/** A path of this site: where a cashier or an authorisation may send the patient back to. */
const sameSitePath = z.string().check(z.regex(/^\/[A-Za-z0-9/_\-?=&%.]*$/), z.maxLength(300));

/**
 * Starts the order's one payment, or returns it: the pending payment with the channel's parameters (one of
 * `wechat`, `alipay`, `sandbox`, `redirect`). For an order already paid the answer is its PAID payment with all of them null:
 * nothing to pay, never a second charge; the client shows its success page. Orders that cannot be paid are
 * refused (`state` 400 / 409 with the reason), and so is a channel this deployment has no provider for (400
 * 该支付方式未开通). JSAPI channels pay at the provider's pay sheet in its own app, for the payer the provider
 * identified once through its silent authorisation (`authorize`).
 */
export const startPayment = endpoint({
  id: 'startPayment',
  method: 'POST',
  path: '/v1/pay_orders/js_pay',
  summary: '发起支付（同一订单重复发起返回同一笔支付，已支付的订单不会再次扣款）',
  body: z.object({
    orderType: payableOrderType,
    orderId: id(),
    channel: payChannel,
    /** The messaging app's appId (js_pay 'adds appId'). */
    appId: z.optional(z.string().check(z.maxLength(64))),
    /** Same-origin path the cashier (sandbox or provider) returns to, with `?paymentId=…`. */
    returnPath: z.optional(sameSitePath),
    /**
     * Same-origin path the patient comes back to after the provider has identified them (JSAPI, first payment
     * on this app): the page that pays, which pays again. Default: `returnPath`.
     */
    resumePath: z.optional(sameSitePath),
  }),
  results: z.object({
    /** Null only when `authorize` is set. */
    payment: z.nullable(payment),
    /**
     * JSAPI (WECHAT_JSAPI, ALIPAY_TRADE) with a payer the provider has not identified yet: open this same-site
     * address (the provider's silent authorisation), which comes back to `resumePath`; nothing was started.
     */
    authorize: z.nullable(z.object({ url: z.string() })),
    /** Parameters for WeixinJSBridge 'getBrandWCPayRequest' (WECHAT_JSAPI). */
    wechat: z.nullable(
      z.object({
        appId: z.string(),
        timeStamp: z.string(),
        nonceStr: z.string(),
        package: z.string(),
        signType: z.string(),
        paySign: z.string(),
      }),
    ),
    /** Trade number for my.tradePay / AlipayJSBridge 'tradePay' (ALIPAY_TRADE). */
    alipay: z.nullable(z.object({ tradeNo: z.string() })),
    /** The sandbox cashier page (SANDBOX). */
    sandbox: z.nullable(z.object({ cashierUrl: z.string() })),
    /**
     * The provider's cashier page (WECHAT_H5, ALIPAY_WAP): open it; the provider returns the patient to
     * `returnPath` with `?paymentId=…`.
     */
    redirect: z.nullable(z.object({ url: z.string() })),
  }),
});

/**
 * The pay channels this deployment takes for the hospital: a channel is listed when a payment provider is
 * configured for it (SANDBOX outside production only). The apps ask in an ordinary mobile browser, where the
 * patient chooses between WECHAT_H5 (微信支付) and ALIPAY_WAP (支付宝) when they are open.
 */
export const payChannels = endpoint({
  id: 'payChannels',
  method: 'GET',
  path: '/v1/pay_orders/channels',
  summary: '本院已开通的支付方式',
  query: z.object({ hospitalId: id() }),
  results: z.object({ channels: z.array(payChannel) }),
});

export const getPayment = endpoint({
  id: 'getPayment',
  method: 'GET',
  path: '/v1/pay_orders/:paymentId',
  summary: '支付状态（客户端轮询确认）',
  params: z.object({ paymentId: id() }),
  results: payment,
});

/**
 * An order's fee split (amounts as the rest of the contract): `insurancePays` = `fundPays` (统筹基金) +
 * `accountPays` (个人账户); `selfPays` is the cash part, the one amount a payment provider charges.
 */
export const settlement = z.object({
  mode: z.enum(['SELF', 'MEDICAL']),
  total: fen(),
  insurancePays: fen(),
  fundPays: fen(),
  accountPays: fen(),
  selfPays: fen(),
  /** The order's money has been received (its split is then final). */
  paid: z.boolean(),
  /** What was bought, in the patient's words, and where the app shows the order. */
  description: z.string(),
  detailPath: z.string(),
});
export type Settlement = z.output<typeof settlement>;

/**
 * Splits the order's fee for self-pay or medical insurance and keeps the split (the cash part is what the
 * payment then charges). MEDICAL needs a pay authorisation of the order's patient; once a payment has started
 * the split can no longer change (409).
 */
export const selfOrMedicalPreSettle = endpoint({
  id: 'selfOrMedicalPreSettle',
  method: 'POST',
  path: '/v1/pay_orders/selfOrMedicalPreSettle',
  summary: '自费或医保预结算',
  body: z.object({
    orderType: payableOrderType,
    orderId: id(),
    mode: z.enum(['SELF', 'MEDICAL']),
    /** Required for MEDICAL: the insured person's authorisation (exchangePayAuthNo). */
    payAuthNo: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/))),
  }),
  results: settlement,
});

/** The order's split as kept (after paying: the split that was charged). */
export const getSettlement = endpoint({
  id: 'getSettlement',
  method: 'GET',
  path: '/v1/pay_orders/settlement',
  summary: '订单的结算金额（医保统筹、个人账户与现金）',
  query: z.object({ orderType: payableOrderType, orderId: id() }),
  results: settlement,
});

/**
 * The payment provider's notification (server to server; in the reference service the sandbox cashier sends
 * it). Signed with HMAC-SHA256 over `paymentId|tradeNo|amount` (the fen as decimal digits, e.g. `2500`);
 * applied once however often it arrives.
 */
export const paymentNotification = endpoint({
  id: 'paymentNotification',
  method: 'POST',
  path: '/v1/pay_orders/notify',
  summary: '支付结果通知（幂等）',
  auth: false,
  // The payment provider's server calls it (signed), not the apps.
  caller: 'server',
  body: z.object({
    paymentId: id(),
    tradeNo: z.string().check(z.minLength(1), z.maxLength(64)),
    amount: fen(),
    signature: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  }),
  results: z.object({ applied: z.boolean() }),
});
