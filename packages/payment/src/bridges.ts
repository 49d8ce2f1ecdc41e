/**
 * The payment apps' JS bridges, which live outside the product: the messaging app's WeixinJSBridge and the
 * payment app's AlipayJSBridge (or `my` in its mini-program web-view). Each call reports what the patient did
 * in the pay sheet; the service decides whether the order is paid.
 */

/** Parameters of 'getBrandWCPayRequest' (as the service gives them in startPayment's `wechat`). */
export interface WechatPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

export interface WeixinJSBridgeApi {
  invoke(
    api: 'getBrandWCPayRequest',
    params: WechatPayParams,
    callback: (result: { err_msg?: string; err_desc?: string }) => void,
  ): void;
}

export interface AlipayJSBridgeApi {
  call(
    api: 'tradePay',
    params: { tradeNO: string },
    callback: (result: { resultCode?: string | number; memo?: string }) => void,
  ): void;
  call(
    api: 'getAuthCode',
    params: { appId: string; scopeNicks: string[] },
    callback: (result: {
      authcode?: string;
      authCode?: string;
      error?: number;
      errorMessage?: string;
    }) => void,
  ): void;
}

/** A message between the web-view and its mini-program page (`my.postMessage` / `my.onMessage`). */
export interface MiniProgramMessage {
  action: string;
  [key: string]: unknown;
}

/** The payment app mini-program web-view's `my` (its JS-SDK). */
export interface AlipayMiniProgramApi {
  tradePay?(options: {
    tradeNO: string;
    success?(result: { resultCode?: string | number }): void;
    fail?(result: { error?: number; errorMessage?: string }): void;
  }): void;
  /** Sends a message to the mini-program page that holds the web-view. */
  postMessage?(message: MiniProgramMessage): void;
  /** Set by the page: receives the mini-program page's messages. */
  onMessage?: ((message: MiniProgramMessage) => void) | null;
}

/** The messaging app's JS-SDK (jweixin, loaded by the host page) in a mini-program web-view: what is used of it. */
export interface WechatJsSdkApi {
  miniProgram?: {
    navigateTo(options: { url: string; success?(): void; fail?(error?: { errMsg?: string }): void }): void;
  };
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridgeApi;
    wx?: WechatJsSdkApi;
    AlipayJSBridge?: AlipayJSBridgeApi;
    my?: AlipayMiniProgramApi;
    __wxjs_environment?: string;
  }
}

/**
 * What the pay sheet reported: `ok` (paid, to be confirmed), `unknown` (processing or no clear answer),
 * `cancel` (closed by the patient), `fail`.
 */
export type BridgeResult = 'ok' | 'unknown' | 'cancel' | 'fail';

/**
 * Resolves to the bridge once `get` finds it, waiting for `readyEvent` on document up to `timeoutMs`;
 * null when it never came.
 */
export function waitForBridge<T>(
  get: () => T | undefined,
  readyEvent: string,
  timeoutMs: number,
): Promise<T | null> {
  const now = get();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      document.removeEventListener(readyEvent, onReady);
      resolve(get() ?? null);
    };
    const onReady = () => finish();
    const timer = setTimeout(finish, timeoutMs);
    document.addEventListener(readyEvent, onReady);
  });
}

/** Reads WeixinJSBridge's err_msg ('get_brand_wcpay_request:ok' | ':cancel' | ':fail'). */
export function wechatResult(errMsg: string | undefined): BridgeResult {
  if (!errMsg) return 'unknown';
  if (errMsg.endsWith(':ok')) return 'ok';
  if (errMsg.endsWith(':cancel')) return 'cancel';
  if (errMsg.endsWith(':fail')) return 'fail';
  return 'unknown';
}

/** Reads the payment app's resultCode: 9000 paid, 8000/6004 processing or unknown, 6001 cancelled, else failed. */
export function alipayResult(code: string | number | undefined): BridgeResult {
  switch (String(code ?? '')) {
    case '9000':
      return 'ok';
    case '6001':
      return 'cancel';
    case '8000':
    case '6004':
    case '':
      return 'unknown';
    default:
      return 'fail';
  }
}

/** Opens the messaging app's pay sheet; null when its bridge is not there in time. */
export async function payWithWechat(
  params: WechatPayParams,
  timeoutMs: number,
): Promise<BridgeResult | null> {
  const bridge = await waitForBridge(() => window.WeixinJSBridge, 'WeixinJSBridgeReady', timeoutMs);
  if (!bridge) return null;
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', params, (result) => resolve(wechatResult(result?.err_msg)));
  });
}

/** Opens the payment app's pay sheet (`my.tradePay`, else AlipayJSBridge 'tradePay'); null when neither is there. */
export async function payWithAlipay(tradeNo: string, timeoutMs: number): Promise<BridgeResult | null> {
  type Pay = (tradeNO: string) => Promise<BridgeResult>;
  const find = (): Pay | undefined => {
    const my = window.my;
    if (my?.tradePay) {
      const tradePay = my.tradePay.bind(my);
      return (tradeNO) =>
        new Promise((resolve) =>
          tradePay({
            tradeNO,
            success: (result) => resolve(alipayResult(result?.resultCode)),
            fail: () => resolve('fail'),
          }),
        );
    }
    const bridge = window.AlipayJSBridge;
    if (bridge) {
      return (tradeNO) =>
        new Promise((resolve) =>
          bridge.call('tradePay', { tradeNO }, (result) => resolve(alipayResult(result?.resultCode))),
        );
    }
    return undefined;
  };
  const pay = await waitForBridge(find, 'AlipayJSBridgeReady', timeoutMs);
  return pay ? pay(tradeNo) : null;
}

/**
 * Opens `url` (a page of the mini-program) from its web-view: 'ok' once the mini-program navigated, 'fail' when
 * it refused, null when its JS-SDK is not there in time.
 */
export async function openMiniProgramPage(url: string, timeoutMs: number): Promise<'ok' | 'fail' | null> {
  const miniProgram = await waitForBridge(() => window.wx?.miniProgram, 'WeixinJSBridgeReady', timeoutMs);
  if (!miniProgram) return null;
  return new Promise((resolve) => {
    try {
      miniProgram.navigateTo({ url, success: () => resolve('ok'), fail: () => resolve('fail') });
    } catch {
      resolve('fail');
    }
  });
}

/**
 * A payment-app authorisation code of the user (silent scope auth_base) for `appId`, for a service call that
 * acts for the user in the payment app (the city-service energy). In the mini-program web-view the page cannot
 * ask itself: it sends `{ action: 'getAuthCode', scopes: ['auth_base'] }` to its mini-program page, which calls
 * `my.getAuthCode` and answers `{ action: 'authCode', authCode }` (the host page's part, in the payment package's
 * README). In the payment app's own browser AlipayJSBridge 'getAuthCode' answers. null: no payment app, no answer
 * within `timeoutMs`, or the user or the app refused.
 */
export async function alipayAuthCode(appId: string, timeoutMs: number): Promise<string | null> {
  const my = window.my;
  if (my?.postMessage) {
    const send = my.postMessage.bind(my);
    return new Promise((resolve) => {
      const previous = my.onMessage ?? null;
      const finish = (code: string | null) => {
        clearTimeout(timer);
        my.onMessage = previous;
        resolve(code);
      };
      const timer = setTimeout(() => finish(null), timeoutMs);
      my.onMessage = (message) => {
        if (message?.action !== 'authCode') {
          previous?.(message);
          return;
        }
        finish(typeof message.authCode === 'string' && message.authCode ? message.authCode : null);
      };
      send({ action: 'getAuthCode', scopes: ['auth_base'], appId });
    });
  }
  const bridge = await waitForBridge(() => window.AlipayJSBridge, 'AlipayJSBridgeReady', timeoutMs);
  if (!bridge) return null;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    bridge.call('getAuthCode', { appId, scopeNicks: ['auth_base'] }, (result) => {
      clearTimeout(timer);
      const code = result?.authcode ?? result?.authCode;
      resolve(typeof code === 'string' && code ? code : null);
    });
  });
}
