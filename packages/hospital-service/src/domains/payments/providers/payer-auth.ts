import { PaymentProviderError } from './errors.ts';

/**
 * Who pays, as the provider knows them: WeChat Pay JSAPI needs the payer's openid under the official account
 * whose page asks, Alipay JSAPI the buyer's open_id (or user_id) under the Alipay app. Both come from the
 * provider's silent web authorisation in its own in-app browser (WeChat snsapi_base, Alipay auth_base): the
 * patient is sent to the provider's authorise address and comes back at once with a one-time code, which the
 * service exchanges for the id.
 */
export interface PayerAuth {
  /** The app the payer id belongs to (official account appid; Alipay app id). */
  readonly appId: string;
  /** The query parameter the provider returns the one-time code in. */
  readonly codeParam: 'code' | 'auth_code';
  /** The provider's authorise address; it sends the patient to `redirectUri` with the code and `state`. */
  authorizeUrl(redirectUri: string, state: string): string;
  /** The payer id for a one-time code; PaymentProviderError when the provider refuses it. */
  payerOf(code: string): Promise<string>;
}

/** WeChat official-account web authorisation (网页授权, snsapi_base). */
export interface WechatOauthConfig {
  /** The official account's appid (the one WeChat Pay JSAPI orders name). */
  appid: string;
  /** The official account's AppSecret. */
  appSecret: string;
  /** Defaults to https://api.weixin.qq.com (tests point it at a local server). */
  apiBaseURL?: string;
  /** Milliseconds (default 5000). */
  timeout?: number;
}

/** WeChat's answer to sns/oauth2/access_token (only what is read). */
interface WechatTokenAnswer {
  openid?: string;
  /** 1: the page is a 朋友圈 snapshot, where the openid is a stand-in that cannot pay. */
  is_snapshotuser?: number;
  errcode?: number;
  errmsg?: string;
}

/**
 * The official account's snsapi_base authorisation, by hand: WeChat publishes no maintained Node SDK for it, and
 * it is one redirect and one GET (https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html).
 * The AppSecret travels only in that GET's query and is never logged or put in an error.
 */
export function wechatPayerAuth(config: WechatOauthConfig): PayerAuth {
  const apiBase = (config.apiBaseURL ?? 'https://api.weixin.qq.com').replace(/\/$/, '');
  return {
    appId: config.appid,
    codeParam: 'code',
    authorizeUrl(redirectUri, state) {
      const query = new URLSearchParams({
        appid: config.appid,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_base',
        state,
      });
      return `https://open.weixin.qq.com/connect/oauth2/authorize?${query}#wechat_redirect`;
    },
    async payerOf(code) {
      const query = new URLSearchParams({
        appid: config.appid,
        secret: config.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      let answer: WechatTokenAnswer;
      try {
        const response = await fetch(`${apiBase}/sns/oauth2/access_token?${query}`, {
          signal: AbortSignal.timeout(config.timeout ?? 5000),
        });
        answer = (await response.json()) as WechatTokenAnswer;
      } catch (err) {
        throw new PaymentProviderError('NETWORK', `sns/oauth2/access_token: ${(err as Error).name}`);
      }
      if (answer.errcode) {
        throw new PaymentProviderError(
          'PROVIDER_ERROR',
          `sns/oauth2/access_token: ${answer.errcode} ${answer.errmsg ?? ''}`.trim(),
          String(answer.errcode),
        );
      }
      if (answer.is_snapshotuser === 1) {
        throw new PaymentProviderError('UNSUPPORTED', 'snapshot page: no real openid', 'SNAPSHOT_USER');
      }
      if (typeof answer.openid !== 'string' || !/^[\w-]{6,64}$/.test(answer.openid)) {
        throw new PaymentProviderError('NETWORK', 'sns/oauth2/access_token: no openid');
      }
      return answer.openid;
    },
  };
}
