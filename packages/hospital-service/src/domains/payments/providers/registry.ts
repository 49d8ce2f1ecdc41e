import type { PayChannel } from '@patient/contract';
import type { SandboxBook } from '../sandbox-book.ts';
import { alipayProvider } from './alipay.ts';
import { readAlipayConfig, readWechatPayConfig } from './config.ts';
import type { PaymentChannel, PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { wechatPayProvider } from './wechat-pay.ts';

/** Where the providers send their notifications: `${NOTIFY_PREFIX}/wechat-pay`, `/alipay`, `/sandbox`. */
export const NOTIFY_PREFIX = '/hospital-service/v1/payments/notify';

/** The provider channel of each contract pay channel. */
export const PROVIDER_CHANNEL: Record<PayChannel, PaymentChannel> = {
  WECHAT_JSAPI: 'wechat-jsapi',
  ALIPAY_TRADE: 'alipay-jsapi',
  WECHAT_H5: 'wechat-h5',
  ALIPAY_WAP: 'alipay-wap',
  SANDBOX: 'sandbox',
};

/** The provider of each contract pay channel. */
export const PROVIDER_NAME: Record<PayChannel, PaymentProvider['name']> = {
  WECHAT_JSAPI: 'wechat-pay',
  ALIPAY_TRADE: 'alipay',
  WECHAT_H5: 'wechat-pay',
  ALIPAY_WAP: 'alipay',
  SANDBOX: 'sandbox',
};

/** The payment providers of the service, built once at start-up. */
export interface PaymentProviders {
  /** The provider that takes `channel` for the hospital, or null when that channel is not open. */
  forChannel(hospitalId: string, channel: PayChannel): PaymentProvider | null;
  /** A provider by its name (the notify endpoint's `:provider`), or null. */
  byName(name: string): PaymentProvider | null;
  /**
   * The site's public root (PUBLIC_BASE_URL, e.g. https://h5.hospital.cn, no trailing slash): where providers
   * send notifications and return patients. Set whenever a real provider is.
   */
  publicBaseUrl: string | null;
}

export interface PaymentProvidersOptions {
  production: boolean;
  /** Key of the sandbox notification. */
  secret: Buffer;
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
  /** The sandbox's books (its bill); none: an empty bill. */
  sandboxBook?: SandboxBook;
  /** How long the sandbox takes to pay a refund back (needs its books); 0 or unset: at once. */
  sandboxRefundDelayMs?: number;
}

/**
 * Reads WECHATPAY_* and ALIPAY_* (see config.ts). Every hospital shares one merchant of each provider for now.
 * Outside production the sandbox is always there; in production it never is. A provider whose configuration
 * is started but incomplete throws (start-up stops), naming what is missing.
 */
export function buildPaymentProviders(options: PaymentProvidersOptions): PaymentProviders {
  const env = options.env ?? process.env;
  const byName = new Map<string, PaymentProvider>();
  const wechat = readWechatPayConfig(env);
  if (wechat) byName.set('wechat-pay', wechatPayProvider(wechat));
  const alipay = readAlipayConfig(env);
  if (alipay) byName.set('alipay', alipayProvider(alipay));
  const publicBaseUrl = readPublicBaseUrl(env, options.production);
  if ((wechat || alipay) && !publicBaseUrl) {
    throw new Error(
      '已配置微信支付或支付宝，还须设置 PUBLIC_BASE_URL（本站对外的根地址，如 https://h5.hospital.cn：支付通知与支付后返回的地址由它生成）',
    );
  }
  if (!options.production) {
    byName.set(
      'sandbox',
      sandboxProvider(options.secret, options.now, options.sandboxBook, options.sandboxRefundDelayMs),
    );
  }
  return {
    forChannel: (_hospitalId, channel) => byName.get(PROVIDER_NAME[channel]) ?? null,
    byName: (name) => byName.get(name) ?? null,
    publicBaseUrl,
  };
}

/** PUBLIC_BASE_URL without its trailing slash; https in production. */
function readPublicBaseUrl(env: NodeJS.ProcessEnv, production: boolean): string | null {
  const text = env.PUBLIC_BASE_URL?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_BASE_URL 不是网址：${text}`);
  }
  if (url.protocol !== 'https:' && (production || url.protocol !== 'http:')) {
    throw new Error(`PUBLIC_BASE_URL 须为 https 地址（支付渠道只向 https 发送通知）：${text}`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`PUBLIC_BASE_URL 只写站点根地址，不带路径：${text}`);
  }
  return url.origin;
}
