import { BROWSER_CHANNEL, CHANNEL_HEADER } from '@patient/contract';

/** The host the H5 page runs in (000 §6); an ordinary browser is null (its header value is BROWSER_CHANNEL). */
export type ChannelType = 'ALIPAY_MINI_PROGRAM' | 'WECHAT_MINI_PROGRAM' | 'WECHAT_BROWSER';

/** Name of the request header that carries the channel, and its value from an ordinary browser (the contract's). */
export { BROWSER_CHANNEL, CHANNEL_HEADER };

/**
 * Detects the host from the user agent and, for the WeChat mini-program, `window.__wxjs_environment`
 * (older iOS WeChat versions leave `miniProgram` out of the UA). Matching is case-insensitive.
 * Returns null for an ordinary browser, including the Alipay app's own browser outside a mini-program.
 */
export function detectChannel(userAgent: string, wxjsEnvironment?: string): ChannelType | null {
  if (/AlipayClient/i.test(userAgent) && /MiniProgram/i.test(userAgent)) return 'ALIPAY_MINI_PROGRAM';
  if (/MicroMessenger/i.test(userAgent)) {
    return wxjsEnvironment === 'miniprogram' || /miniProgram/i.test(userAgent)
      ? 'WECHAT_MINI_PROGRAM'
      : 'WECHAT_BROWSER';
  }
  return null;
}
