import { configureApi } from '@patient/api-client';
import { type Received, type Reply, startServer, type TestServer, until } from '@patient/api-client/testing';
import { appStore } from '@patient/app-state';
import { type PayChannel, type Payment, SERVICE_PREFIX } from '@patient/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WechatPayParams } from './bridges.ts';
import type { CashierChannel, PayChoice } from './channels.ts';
import { PAYMENT_MESSAGES as M } from './messages.ts';
import { confirmPayment, currentPayChannel, payChannelFor, payForOrder } from './pay.ts';
import { configurePayment, resetPaymentSettings } from './settings.ts';
import { usePayment } from './usePayment.ts';

const UA = {
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.34(0x18002231) NetType/WIFI Language/zh_CN',
  alipayMiniProgram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AlipayClient/10.3.30.6000 Language/zh-Hans Region/CN MiniProgram APXWebView',
};

const ok = (results: unknown): Reply => ({
  body: { state: 200, msg: null, subMsg: null, subCode: null, results },
});
const refused = (state: number, msg: string): Reply => ({
  body: { state, msg, subMsg: msg, subCode: null, results: null },
});

/** The payment calls of the service: one payment per order; its status moves as the test says. */
class FakePayments {
  payments = new Map<string, Payment>();
  /** Statuses getPayment answers in turn (the last one repeats); empty: the stored status. */
  script: Payment['status'][] = [];
  startReply: Reply | null = null;
  /** What payChannels answers. */
  channels: PayChannel[] = ['WECHAT_JSAPI', 'ALIPAY_TRADE', 'SANDBOX'];
  /** The provider's cashier page js_pay answers for WECHAT_H5 / ALIPAY_WAP. */
  cashier: Partial<Record<PayChannel, string>> = {
    WECHAT_H5: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&redirect_url=x',
    ALIPAY_WAP: 'https://openapi.alipay.com/gateway.do?method=alipay.trade.wap.pay&sign=s',
  };
  readonly wechat: WechatPayParams = {
    appId: 'wx5f2a',
    timeStamp: '1772672400',
    nonceStr: 'n0nce',
    package: 'prepay_id=wx2026',
    signType: 'RSA',
    paySign: 'c2lnbg==',
  };

  /** Set: js_pay on a JSAPI channel answers this authorisation address once (payer not identified yet). */
  authorize: string | null = null;

  handle = (request: Received): Reply => {
    const path = request.path.slice(SERVICE_PREFIX.hospital.length);
    if (request.method === 'POST' && path === '/v1/pay_orders/js_pay' && this.authorize) {
      const url = this.authorize;
      this.authorize = null;
      const none = { wechat: null, alipay: null, sandbox: null, redirect: null };
      return ok({ payment: null, ...none, authorize: { url } });
    }
    if (request.method === 'GET' && path === '/v1/orders/query/appid') return ok({ appId: 'wx5f2a' });
    if (request.method === 'GET' && path === '/v1/pay_orders/channels')
      return ok({ channels: this.channels });
    if (request.method === 'POST' && path === '/v1/pay_orders/js_pay') {
      if (this.startReply) return this.startReply;
      const body = JSON.parse(request.body);
      let payment = this.payments.get(body.orderId);
      if (!payment) {
        payment = {
          paymentId: String(100 + this.payments.size),
          orderType: body.orderType,
          orderId: body.orderId,
          channel: body.channel,
          amount: 2500,
          status: 'PENDING',
          paidAt: null,
        };
        this.payments.set(body.orderId, payment);
      }
      // As the service: an order already paid gets its PAID payment and nothing to pay with.
      const open = payment.status === 'PENDING';
      return ok({
        payment,
        wechat: open && payment.channel === 'WECHAT_JSAPI' ? this.wechat : null,
        alipay: open && payment.channel === 'ALIPAY_TRADE' ? { tradeNo: `T${payment.paymentId}` } : null,
        sandbox:
          open && payment.channel === 'SANDBOX'
            ? { cashierUrl: `http://127.0.0.1:9/cashier/${payment.paymentId}?return=${body.returnPath}` }
            : null,
        redirect: open && this.cashier[payment.channel] ? { url: this.cashier[payment.channel] } : null,
      });
    }
    const read = /^\/v1\/pay_orders\/(\w+)$/.exec(path);
    if (request.method === 'GET' && read) {
      const payment = [...this.payments.values()].find((p) => p.paymentId === read[1]);
      if (!payment) return refused(404, '支付记录不存在');
      if (this.script.length > 0) {
        payment.status = this.script.length > 1 ? this.script.shift()! : this.script[0];
      }
      return ok({ ...payment, paidAt: payment.status === 'PAID' ? '2026-03-05T01:00:00.000Z' : null });
    }
    return { status: 404, body: { state: 404, msg: '接口不存在' } };
  };
}

let server: TestServer;
let service: FakePayments;
const toasts: string[] = [];
const redirects: string[] = [];

const sent = () => server.received.map((r) => `${r.method} ${r.path.slice(SERVICE_PREFIX.hospital.length)}`);
const polls = () => sent().filter((line) => /^GET \/v1\/pay_orders\/\d+$/.test(line)).length;
const startBodies = () =>
  server.received.filter((r) => r.path.endsWith('/js_pay')).map((r) => JSON.parse(r.body));

function useAgent(userAgent: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
}

function settledWithin<T>(promise: Promise<T>, ms: number): Promise<'settled' | 'open'> {
  return Promise.race([
    promise.then(() => 'settled' as const),
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
  ]);
}

function showFromCache(persisted: boolean) {
  window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }));
}

beforeAll(async () => {
  server = await startServer({ corsOrigin: window.location.origin });
  configureApi({
    baseURL: server.baseURL,
    ui: { toast: (m) => void toasts.push(m), alert: async () => {} },
    navigate: () => {},
    redirect: () => {},
  });
});
beforeEach(() => {
  service = new FakePayments();
  server.handle(service.handle);
  configurePayment({
    redirect: (url) => void redirects.push(url),
    pollDelaysMs: [0, 10, 20],
    confirmTimeLimitMs: 5_000,
    bridgeReadyTimeoutMs: 150,
  });
  appStore.getState().update((s) => {
    s.hospitalId = '1000';
  });
});
afterEach(() => {
  server.reset();
  toasts.length = 0;
  redirects.length = 0;
  resetPaymentSettings();
  Reflect.deleteProperty(window.navigator, 'userAgent');
  delete window.WeixinJSBridge;
  delete window.AlipayJSBridge;
  delete window.my;
  delete window.wx;
  delete window.__wxjs_environment;
  Reflect.deleteProperty(document, 'visibilityState');
});
afterAll(() => server.close());

const order = (orderId = '12') => ({
  orderType: 'APPOINTMENT' as const,
  orderId,
  returnPath: `/placeOrder/${orderId}`,
});

describe('channel', () => {
  it('pays in the messaging app with its JSAPI, in the payment app mini-program with trade pay, else the sandbox', () => {
    expect(payChannelFor('WECHAT_BROWSER')).toBe('WECHAT_JSAPI');
    expect(payChannelFor('WECHAT_MINI_PROGRAM')).toBe('WECHAT_JSAPI');
    expect(payChannelFor('ALIPAY_MINI_PROGRAM')).toBe('ALIPAY_TRADE');
    expect(payChannelFor(null)).toBe('SANDBOX');
    expect(currentPayChannel()).toBe('SANDBOX');
    useAgent(UA.wechat);
    expect(currentPayChannel()).toBe('WECHAT_JSAPI');
    useAgent(UA.alipayMiniProgram);
    expect(currentPayChannel()).toBe('ALIPAY_TRADE');
  });
});

describe('sandbox cashier', () => {
  it('starts the payment with the return path and leaves for the cashier; the promise stays open', async () => {
    const paying = payForOrder(order());
    await until(() => redirects.length === 1);
    expect(startBodies()).toEqual([
      { orderType: 'APPOINTMENT', orderId: '12', channel: 'SANDBOX', returnPath: '/placeOrder/12' },
    ]);
    expect(redirects[0]).toBe('http://127.0.0.1:9/cashier/100?return=/placeOrder/12');
    expect(await settledWithin(paying, 100)).toBe('open');
    // Only the sandbox is open: no choice to offer.
    expect(sent()).toEqual(['GET /v1/pay_orders/channels', 'POST /v1/pay_orders/js_pay']);
    expect(server.received[0].query.toString()).toBe('hospitalId=1000');
    showFromCache(false);
    expect(await settledWithin(paying, 50)).toBe('open');
    // Came back with the browser's back button after paying: the service decides.
    service.script = ['PAID'];
    showFromCache(true);
    await expect(paying).resolves.toMatchObject({
      status: 'PAID',
      message: '支付成功',
      payment: { status: 'PAID' },
    });
  });

  it('reads a return without paying as not completed, and can pay again with the same payment', async () => {
    const first = payForOrder(order());
    await until(() => redirects.length === 1);
    showFromCache(true);
    await expect(first).resolves.toMatchObject({ status: 'CANCELLED', message: M.notCompleted });
    const again = payForOrder(order());
    await until(() => redirects.length === 2);
    expect(redirects[1]).toBe(redirects[0]);
    expect(service.payments.size).toBe(1);
    showFromCache(true);
    await again;
  });

  it('sends an order already paid to no cashier: PAID at once, without a toast or a second charge', async () => {
    service.payments.set('12', {
      paymentId: '9',
      orderType: 'APPOINTMENT',
      orderId: '12',
      channel: 'SANDBOX',
      amount: 2500,
      status: 'PAID',
      paidAt: '2026-03-05T01:00:00.000Z',
    });
    await expect(payForOrder(order())).resolves.toEqual({
      status: 'PAID',
      message: M.paid,
      payment: service.payments.get('12'),
    });
    expect(redirects).toEqual([]);
    expect(toasts).toEqual([]);
    expect(sent()).toEqual(['GET /v1/pay_orders/channels', 'POST /v1/pay_orders/js_pay']);
  });

  it('refuses a cashier address that is not http(s)', async () => {
    service.startReply = ok({
      payment: {
        paymentId: '5',
        orderType: 'APPOINTMENT',
        orderId: '12',
        channel: 'SANDBOX',
        amount: 100,
        status: 'PENDING',
        paidAt: null,
      },
      wechat: null,
      alipay: null,
      sandbox: { cashierUrl: 'javascript:alert(1)' },
    });
    await expect(payForOrder(order())).resolves.toMatchObject({ status: 'FAILED', message: M.badCashier });
    expect(redirects).toEqual([]);
  });
});

describe('ordinary browser: the provider’s cashier', () => {
  /** The patient's part: records what was offered and answers with `pick`. */
  const patient = (pick: CashierChannel | null) => {
    const offered: (readonly PayChoice[])[] = [];
    return {
      offered,
      chooseChannel: async (choices: readonly PayChoice[]) => {
        offered.push(choices);
        return pick;
      },
    };
  };

  it('offers 微信支付 and 支付宝 when both are open, starts the chosen one and opens its cashier', async () => {
    service.channels = ['WECHAT_H5', 'ALIPAY_WAP', 'SANDBOX'];
    const wechat = patient('WECHAT_H5');
    const paying = payForOrder({ ...order(), chooseChannel: wechat.chooseChannel });
    await until(() => redirects.length === 1);
    expect(wechat.offered).toEqual([
      [
        { channel: 'WECHAT_H5', label: '微信支付' },
        { channel: 'ALIPAY_WAP', label: '支付宝' },
      ],
    ]);
    expect(startBodies()).toEqual([
      { orderType: 'APPOINTMENT', orderId: '12', channel: 'WECHAT_H5', returnPath: '/placeOrder/12' },
    ]);
    expect(redirects[0]).toBe(service.cashier.WECHAT_H5);
    expect(await settledWithin(paying, 50)).toBe('open');
    // Back with the browser's back button without paying: one look, then not completed.
    showFromCache(true);
    await expect(paying).resolves.toMatchObject({ status: 'CANCELLED', message: M.notCompleted });
    expect(polls()).toBe(1);
  });

  it('offers only what is open: 支付宝 alone', async () => {
    service.channels = ['ALIPAY_WAP'];
    const alipay = patient('ALIPAY_WAP');
    const paying = payForOrder({ ...order(), chooseChannel: alipay.chooseChannel });
    await until(() => redirects.length === 1);
    expect(alipay.offered).toEqual([[{ channel: 'ALIPAY_WAP', label: '支付宝' }]]);
    expect(redirects[0]).toBe(service.cashier.ALIPAY_WAP);
    showFromCache(true);
    await paying;
  });

  it('reads a closed choice as cancelled and starts nothing', async () => {
    service.channels = ['WECHAT_H5', 'SANDBOX'];
    await expect(payForOrder({ ...order(), chooseChannel: patient(null).chooseChannel })).resolves.toEqual({
      status: 'CANCELLED',
      payment: null,
      message: M.cancelled,
    });
    expect(sent()).toEqual(['GET /v1/pay_orders/channels']);
  });

  it('fails without asking js_pay when nothing can be paid in this browser', async () => {
    service.channels = ['WECHAT_JSAPI'];
    await expect(payForOrder(order())).resolves.toMatchObject({ status: 'FAILED', message: M.noBrowserPay });
    expect(sent()).toEqual(['GET /v1/pay_orders/channels']);
  });

  it('opens only the providers’ cashier hosts, over https', async () => {
    service.channels = ['WECHAT_H5', 'ALIPAY_WAP'];
    const refusedUrls: [CashierChannel, string][] = [
      ['WECHAT_H5', 'https://evil.example/checkmweb?prepay_id=wx1'],
      ['WECHAT_H5', 'http://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb'],
      ['WECHAT_H5', 'https://wx.tenpay.com.evil.example/cgi-bin/mmpayweb-bin/checkmweb'],
      ['WECHAT_H5', 'https://user@wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb'],
      // Each channel has its own provider's hosts.
      ['WECHAT_H5', 'https://openapi.alipay.com/gateway.do'],
      ['ALIPAY_WAP', 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb'],
      ['ALIPAY_WAP', 'javascript:alert(1)'],
      ['ALIPAY_WAP', '/hospital-service/sandbox/cashier/1'],
    ];
    for (const [index, [channel, url]] of refusedUrls.entries()) {
      service.cashier = { [channel]: url };
      await expect(
        payForOrder({ ...order(String(20 + index)), chooseChannel: patient(channel).chooseChannel }),
      ).resolves.toMatchObject({ status: 'FAILED', message: M.untrustedCashier });
    }
    expect(redirects).toEqual([]);

    service.cashier = { ALIPAY_WAP: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do?sign=s' };
    const paying = payForOrder({ ...order('40'), chooseChannel: patient('ALIPAY_WAP').chooseChannel });
    await until(() => redirects.length === 1);
    expect(redirects).toEqual(['https://openapi-sandbox.dl.alipaydev.com/gateway.do?sign=s']);
    showFromCache(true);
    await paying;
  });

  it('confirms on return to the page with ?paymentId by polling the service', async () => {
    // The provider loads returnPath?paymentId=… (a new page): the page confirms that payment.
    service.payments.set('12', {
      paymentId: '100',
      orderType: 'APPOINTMENT',
      orderId: '12',
      channel: 'WECHAT_H5',
      amount: 2500,
      status: 'PENDING',
      paidAt: null,
    });
    service.script = ['PENDING', 'PAID'];
    await expect(confirmPayment('100')).resolves.toMatchObject({
      status: 'PAID',
      message: M.paid,
      payment: { channel: 'WECHAT_H5', status: 'PAID' },
    });
    expect(polls()).toBe(2);
  });

  it('lets usePayment render the choice and take the answer', async () => {
    service.channels = ['WECHAT_H5', 'ALIPAY_WAP'];
    const { result } = renderHook(() => usePayment());
    act(() => {
      void result.current.pay(order());
    });
    await waitFor(() => expect(result.current.phase).toBe('choosing'));
    expect(result.current.busy).toBe(true);
    expect(result.current.choices.map((c) => c.label)).toEqual(['微信支付', '支付宝']);
    act(() => result.current.choose('ALIPAY_WAP'));
    await waitFor(() => expect(result.current.phase).toBe('redirecting'));
    expect(result.current.choices).toEqual([]);
    expect(redirects).toEqual([service.cashier.ALIPAY_WAP]);
    expect(startBodies()[0]).toMatchObject({ channel: 'ALIPAY_WAP' });
    act(() => showFromCache(true));
    await waitFor(() => expect(result.current.phase).toBe('cancelled'));
  });

  it('closes a choice left open when the page goes: CANCELLED, nothing started', async () => {
    service.channels = ['WECHAT_H5', 'ALIPAY_WAP'];
    const { result, unmount } = renderHook(() => usePayment());
    let paying: Promise<unknown> = Promise.resolve();
    act(() => {
      paying = result.current.pay(order());
    });
    await waitFor(() => expect(result.current.phase).toBe('choosing'));
    unmount();
    await expect(paying).resolves.toMatchObject({ status: 'CANCELLED', message: M.cancelled });
    expect(startBodies()).toEqual([]);
  });
});

describe('mini-program web-view', () => {
  let navigations: string[];
  let navigate: (options: { url: string; success?(): void; fail?(): void }) => void;

  function setVisibility(state: 'visible' | 'hidden') {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }

  beforeEach(() => {
    useAgent(UA.wechat);
    window.__wxjs_environment = 'miniprogram';
    navigations = [];
    navigate = (options) => {
      navigations.push(options.url);
      options.success?.();
    };
    window.wx = { miniProgram: { navigateTo: (options) => navigate(options) } };
    configurePayment({ handOffConfirmTimeLimitMs: 250 });
  });

  it('hands the order to the mini-program’s pay page and confirms by polling when shown again', async () => {
    const invoke = vi.fn();
    window.WeixinJSBridge = { invoke };
    const paying = payForOrder(order());
    await until(() => navigations.length === 1);
    expect(startBodies()).toEqual([
      {
        orderType: 'APPOINTMENT',
        orderId: '12',
        channel: 'WECHAT_JSAPI',
        appId: 'wx5f2a',
        returnPath: '/placeOrder/12',
        resumePath: '/',
      },
    ]);
    const [path, query] = navigations[0].split('?');
    expect(path).toBe('/pages/pay/index');
    const { appId: _, ...payParams } = service.wechat;
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      orderType: 'APPOINTMENT',
      orderId: '12',
      paymentId: '100',
      ...payParams,
    });
    expect(invoke).not.toHaveBeenCalled();
    setVisibility('hidden');
    expect(await settledWithin(paying, 50)).toBe('open');
    expect(polls()).toBe(0);
    service.script = ['PENDING', 'PAID'];
    setVisibility('visible');
    await expect(paying).resolves.toMatchObject({ status: 'PAID', message: M.paid });
    expect(polls()).toBe(2);
  });

  it('gives the same outcomes as the other channels: PENDING when not settled in time, FAILED when CLOSED', async () => {
    const first = payForOrder(order());
    await until(() => navigations.length === 1);
    setVisibility('hidden');
    setVisibility('visible');
    await expect(first).resolves.toMatchObject({ status: 'PENDING', message: M.pending });

    const second = payForOrder(order('13'));
    await until(() => navigations.length === 2);
    service.script = ['CLOSED'];
    window.dispatchEvent(new Event('pageshow'));
    await expect(second).resolves.toMatchObject({ status: 'FAILED', message: M.closed });
  });

  it('does not send the patient through the official account’s authorisation, which a web-view cannot run', async () => {
    service.authorize = '/hospital-service/v1/payments/payer/wechat-pay/authorize?returnPath=%2F';
    expect(await payForOrder(order())).toMatchObject({
      status: 'FAILED',
      message: M.miniProgramPayerUnknown,
    });
    expect(redirects).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it('fails when the mini-program refuses the page or its JS-SDK is not there', async () => {
    navigate = (options) => options.fail?.();
    await expect(payForOrder(order())).resolves.toMatchObject({
      status: 'FAILED',
      message: M.miniProgramFailed,
    });
    delete window.wx;
    await expect(payForOrder(order('13'))).resolves.toMatchObject({
      status: 'FAILED',
      message: M.bridgeUnavailable,
    });
    expect(polls()).toBe(0);
  });
});

describe('messaging app (WeixinJSBridge)', () => {
  beforeEach(() => useAgent(UA.wechat));

  it('opens the pay sheet with the service parameters and confirms by polling until PAID', async () => {
    const invoke = vi.fn(
      (_api: string, _params: WechatPayParams, callback: (r: { err_msg: string }) => void) =>
        callback({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    window.WeixinJSBridge = { invoke };
    service.script = ['PENDING', 'PENDING', 'PAID'];
    const outcome = await payForOrder(order());
    expect(outcome).toMatchObject({
      status: 'PAID',
      message: '支付成功',
      payment: { paymentId: '100', status: 'PAID' },
    });
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(invoke.mock.calls[0][0]).toBe('getBrandWCPayRequest');
    expect(invoke.mock.calls[0][1]).toEqual(service.wechat);
    expect(sent().slice(0, 3)).toEqual([
      'GET /v1/pay_orders/channels',
      'GET /v1/orders/query/appid',
      'POST /v1/pay_orders/js_pay',
    ]);
    expect(server.received[0].query.toString()).toBe('hospitalId=1000');
    expect(server.received[1].query.toString()).toBe('hospitalId=1000');
    expect(startBodies()[0]).toMatchObject({ channel: 'WECHAT_JSAPI', appId: 'wx5f2a' });
    expect(polls()).toBe(3);
  });

  it('asks the app id of the order’s hospital, not the app’s, for another hospital’s order', async () => {
    const invoke = vi.fn((_name: string, _params: unknown, callback: (r: { err_msg: string }) => void) =>
      callback({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    window.WeixinJSBridge = { invoke };
    service.script = ['PAID'];
    await payForOrder({ ...order(), hospitalId: '1001' });
    expect(sent().slice(0, 2)).toEqual(['GET /v1/pay_orders/channels', 'GET /v1/orders/query/appid']);
    expect(server.received[0].query.toString()).toBe('hospitalId=1001');
    expect(server.received[1].query.toString()).toBe('hospitalId=1001');
  });

  it('sends a payer WeChat Pay has not identified through its authorisation, back to this page', async () => {
    const invoke = vi.fn();
    window.WeixinJSBridge = { invoke };
    window.history.replaceState(null, '', '/placeOrder/12?from=list');
    service.authorize =
      '/hospital-service/v1/payments/payer/wechat-pay/authorize?returnPath=%2FplaceOrder%2F12';
    const paying = payForOrder(order());
    await until(() => redirects.length === 1);
    expect(redirects).toEqual([
      service.authorize ??
        '/hospital-service/v1/payments/payer/wechat-pay/authorize?returnPath=%2FplaceOrder%2F12',
    ]);
    expect(startBodies()[0]).toMatchObject({
      channel: 'WECHAT_JSAPI',
      resumePath: '/placeOrder/12?from=list',
    });
    expect(invoke).not.toHaveBeenCalled();
    expect(polls()).toBe(0);
    // Shown again from the back-forward cache without having come through: nothing was started.
    showFromCache(true);
    expect(await paying).toMatchObject({ status: 'FAILED', payment: null, message: M.notCompleted });
    window.history.replaceState(null, '', '/');
  });

  it('refuses an authorisation address of another site', async () => {
    window.WeixinJSBridge = { invoke: vi.fn() };
    service.authorize = '//evil.example/authorize';
    expect(await payForOrder(order())).toMatchObject({ status: 'FAILED', message: M.badAuthorize });
    expect(redirects).toEqual([]);
  });

  it('pays in the sandbox when the hospital has no WeChat Pay here (development), and says so when nothing is open', async () => {
    window.WeixinJSBridge = { invoke: vi.fn() };
    service.channels = ['SANDBOX'];
    const paying = payForOrder(order());
    await until(() => redirects.length === 1);
    expect(startBodies()[0]).toMatchObject({ channel: 'SANDBOX' });
    showFromCache(true);
    await paying;

    service.channels = ['WECHAT_H5'];
    const closed = await payForOrder(order('13'));
    expect(closed).toMatchObject({ status: 'FAILED', message: M.channelClosed });
    expect(startBodies()).toHaveLength(1);
  });

  it('waits for the bridge ready event', async () => {
    const invoke = vi.fn((_a: string, _p: WechatPayParams, callback: (r: { err_msg: string }) => void) =>
      callback({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    service.script = ['PAID'];
    const paying = payForOrder(order());
    await until(() => sent().includes('POST /v1/pay_orders/js_pay'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    window.WeixinJSBridge = { invoke };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    await expect(paying).resolves.toMatchObject({ status: 'PAID' });
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('fails with a clear message when the bridge never comes, without asking the service', async () => {
    await expect(payForOrder(order())).resolves.toMatchObject({
      status: 'FAILED',
      message: M.bridgeUnavailable,
    });
    expect(polls()).toBe(0);
  });

  it('reads a closed pay sheet as cancelled after one look at the service', async () => {
    window.WeixinJSBridge = {
      invoke: (_a, _p, callback) => callback({ err_msg: 'get_brand_wcpay_request:cancel' }),
    };
    await expect(payForOrder(order())).resolves.toMatchObject({ status: 'CANCELLED', message: M.cancelled });
    expect(polls()).toBe(1);
  });

  it('believes the service over the pay sheet: cancelled on the sheet but PAID on the service is PAID', async () => {
    window.WeixinJSBridge = {
      invoke: (_a, _p, callback) => callback({ err_msg: 'get_brand_wcpay_request:cancel' }),
    };
    service.script = ['PAID'];
    await expect(payForOrder(order())).resolves.toMatchObject({ status: 'PAID' });
  });

  it('reads a failed pay sheet as failed', async () => {
    window.WeixinJSBridge = {
      invoke: (_a, _p, callback) => callback({ err_msg: 'get_brand_wcpay_request:fail' }),
    };
    await expect(payForOrder(order())).resolves.toMatchObject({ status: 'FAILED', message: M.bridgeFailed });
  });

  it('says PENDING when the service has not settled within the time limit', async () => {
    window.WeixinJSBridge = {
      invoke: (_a, _p, callback) => callback({ err_msg: 'get_brand_wcpay_request:ok' }),
    };
    // A limit long enough for several polls even when each answer is slow (a loaded CI machine).
    configurePayment({ confirmTimeLimitMs: 1000 });
    const began = Date.now();
    const outcome = await payForOrder(order());
    expect(outcome).toMatchObject({ status: 'PENDING', message: '支付结果确认中，请稍后在预约记录中查看' });
    expect(polls()).toBeGreaterThan(3);
    expect(Date.now() - began).toBeGreaterThanOrEqual(900);
  });

  it('reads a CLOSED payment as failed', async () => {
    window.WeixinJSBridge = {
      invoke: (_a, _p, callback) => callback({ err_msg: 'get_brand_wcpay_request:ok' }),
    };
    service.script = ['PENDING', 'CLOSED'];
    await expect(payForOrder(order())).resolves.toMatchObject({ status: 'FAILED', message: M.closed });
  });

  it('opens one pay sheet when paying twice at once', async () => {
    let answer: (r: { err_msg: string }) => void = () => {};
    const invoke = vi.fn((_a: string, _p: WechatPayParams, callback: (r: { err_msg: string }) => void) => {
      answer = callback;
    });
    window.WeixinJSBridge = { invoke };
    service.script = ['PAID'];
    const first = payForOrder(order());
    const second = payForOrder(order());
    await until(() => invoke.mock.calls.length === 1);
    const third = payForOrder(order());
    // Another order while the sheet is open is refused.
    await expect(payForOrder(order('13'))).resolves.toMatchObject({
      status: 'FAILED',
      message: M.otherInProgress,
    });
    answer({ err_msg: 'get_brand_wcpay_request:ok' });
    const outcomes = await Promise.all([first, second, third]);
    expect(outcomes.map((o) => o.status)).toEqual(['PAID', 'PAID', 'PAID']);
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(startBodies()).toHaveLength(1);
  });

  it('does not open the pay sheet for an order the service says is already paid', async () => {
    const invoke = vi.fn();
    window.WeixinJSBridge = { invoke };
    service.payments.set('12', {
      paymentId: '9',
      orderType: 'APPOINTMENT',
      orderId: '12',
      channel: 'WECHAT_JSAPI',
      amount: 2500,
      status: 'PAID',
      paidAt: '2026-03-05T01:00:00.000Z',
    });
    await expect(payForOrder(order())).resolves.toMatchObject({
      status: 'PAID',
      payment: { paymentId: '9' },
    });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('fails when the service gives no parameters for the channel', async () => {
    service.startReply = ok({
      payment: {
        paymentId: '5',
        orderType: 'APPOINTMENT',
        orderId: '12',
        channel: 'WECHAT_JSAPI',
        amount: 100,
        status: 'PENDING',
        paidAt: null,
      },
      wechat: null,
      alipay: null,
      sandbox: null,
    });
    await expect(payForOrder(order())).resolves.toMatchObject({
      status: 'FAILED',
      message: M.missingParameters,
    });
  });
});

describe('payment app (trade pay)', () => {
  beforeEach(() => useAgent(UA.alipayMiniProgram));

  it('uses my.tradePay in the mini-program web-view', async () => {
    const tradePay = vi.fn((options: { tradeNO: string; success?(r: { resultCode: string }): void }) =>
      options.success?.({ resultCode: '9000' }),
    );
    window.my = { tradePay };
    service.script = ['PAID'];
    await expect(payForOrder(order())).resolves.toMatchObject({ status: 'PAID' });
    expect(tradePay.mock.calls[0][0].tradeNO).toBe('T100');
    expect(startBodies()[0]).toEqual({
      orderType: 'APPOINTMENT',
      orderId: '12',
      channel: 'ALIPAY_TRADE',
      returnPath: '/placeOrder/12',
      resumePath: '/',
    });
  });

  it('uses AlipayJSBridge tradePay after its ready event, and reads 6001 as cancelled', async () => {
    const call = vi.fn((_a: string, _p: { tradeNO: string }, callback: (r: { resultCode: string }) => void) =>
      callback({ resultCode: '6001' }),
    );
    const paying = payForOrder(order());
    await until(() => sent().includes('POST /v1/pay_orders/js_pay'));
    window.AlipayJSBridge = { call } as unknown as NonNullable<Window['AlipayJSBridge']>;
    document.dispatchEvent(new Event('AlipayJSBridgeReady'));
    await expect(paying).resolves.toMatchObject({ status: 'CANCELLED' });
    expect(call.mock.calls[0].slice(0, 2)).toEqual(['tradePay', { tradeNO: 'T100' }]);
  });

  it('reads 4000 as failed and 8000 as processing (polled)', async () => {
    window.AlipayJSBridge = { call: (_a, _p, callback) => callback({ resultCode: '4000' }) };
    await expect(payForOrder(order())).resolves.toMatchObject({ status: 'FAILED', message: M.bridgeFailed });
    window.AlipayJSBridge = { call: (_a, _p, callback) => callback({ resultCode: '8000' }) };
    service.script = ['PENDING', 'PAID'];
    await expect(payForOrder(order())).resolves.toMatchObject({ status: 'PAID' });
  });
});

describe('refusals', () => {
  it('sends nothing for a malformed order id or return path', async () => {
    await expect(payForOrder(order('12/../x'))).resolves.toMatchObject({
      status: 'FAILED',
      message: M.badOrder,
    });
    await expect(payForOrder({ ...order(), returnPath: 'https://evil.example/' })).resolves.toMatchObject({
      status: 'FAILED',
    });
    expect(server.received).toHaveLength(0);
  });

  it('passes on the service refusing to start (api-client shows the toast)', async () => {
    service.startReply = refused(409, '订单已超时取消，请重新预约');
    await expect(payForOrder(order())).resolves.toMatchObject({
      status: 'FAILED',
      payment: null,
      message: '订单已超时取消，请重新预约',
    });
    expect(toasts).toEqual(['订单已超时取消，请重新预约']);
    expect(redirects).toEqual([]);
  });
});

describe('confirmPayment', () => {
  const seed = (status: Payment['status'] = 'PENDING') =>
    service.payments.set('12', {
      paymentId: '100',
      orderType: 'APPOINTMENT',
      orderId: '12',
      channel: 'SANDBOX',
      amount: 2500,
      status,
      paidAt: null,
    });

  it('polls with backoff until PAID', async () => {
    seed();
    service.script = ['PENDING', 'PAID'];
    await expect(confirmPayment('100')).resolves.toMatchObject({ status: 'PAID' });
    expect(polls()).toBe(2);
  });

  it('joins a confirmation in progress instead of polling twice', async () => {
    seed();
    service.script = ['PENDING', 'PENDING', 'PAID'];
    const [a, b] = await Promise.all([confirmPayment('100'), confirmPayment('100')]);
    expect([a.status, b.status]).toEqual(['PAID', 'PAID']);
    expect(polls()).toBe(3);
  });

  it('asks again after a dropped connection', async () => {
    seed();
    let first = true;
    server.handle((request) => {
      if (first) {
        first = false;
        return { destroy: true };
      }
      return service.handle(request);
    });
    service.script = ['PAID'];
    await expect(confirmPayment('100')).resolves.toMatchObject({ status: 'PAID' });
    expect(toasts).toEqual([]);
  });

  it('stops at a refusal with its message, silently', async () => {
    await expect(confirmPayment('404')).resolves.toMatchObject({
      status: 'FAILED',
      message: '支付记录不存在',
    });
    expect(polls()).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('sends nothing for a malformed payment id', async () => {
    await expect(confirmPayment('1 OR 1')).resolves.toMatchObject({
      status: 'FAILED',
      message: M.badPaymentId,
    });
    expect(server.received).toHaveLength(0);
  });
});

describe('usePayment', () => {
  it('follows the phases of the payment it started', async () => {
    useAgent(UA.wechat);
    let answer: (r: { err_msg: string }) => void = () => {};
    window.WeixinJSBridge = {
      invoke: (_a, _p, callback) => {
        answer = callback;
      },
    };
    service.script = ['PAID'];
    const { result } = renderHook(() => usePayment());
    expect(result.current).toMatchObject({ phase: 'idle', busy: false, outcome: null });
    let paying: Promise<unknown> = Promise.resolve();
    act(() => {
      paying = result.current.pay(order());
    });
    expect(result.current).toMatchObject({ phase: 'starting', busy: true });
    await waitFor(() => expect(result.current.phase).toBe('awaiting-bridge'));
    await act(async () => {
      answer({ err_msg: 'get_brand_wcpay_request:ok' });
      await paying;
    });
    expect(result.current).toMatchObject({ phase: 'paid', busy: false, outcome: { status: 'PAID' } });
  });

  it('follows a confirmation', async () => {
    service.payments.set('12', {
      paymentId: '100',
      orderType: 'APPOINTMENT',
      orderId: '12',
      channel: 'SANDBOX',
      amount: 2500,
      status: 'CLOSED',
      paidAt: null,
    });
    const { result } = renderHook(() => usePayment());
    await act(async () => {
      await result.current.confirm('100');
    });
    expect(result.current).toMatchObject({
      phase: 'failed',
      outcome: { status: 'FAILED', message: M.closed },
    });
  });
});
