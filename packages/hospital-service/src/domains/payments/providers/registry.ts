import type { PayChannel } from '@patient/contract';
import type { SandboxBook } from '../sandbox-book.ts';
import { alipayProvider } from './alipay.ts';
import { readAlipayConfig, readWechatPayConfig } from './config.ts';
import type { PaymentChannel, PaymentProvider, ProviderKind } from './provider.ts';
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
export const PROVIDER_NAME: Record<PayChannel, ProviderKind> = {
  WECHAT_JSAPI: 'wechat-pay',
  ALIPAY_TRADE: 'alipay',
  WECHAT_H5: 'wechat-pay',
  ALIPAY_WAP: 'alipay',
  SANDBOX: 'sandbox',
};

/** The payment providers of the service, built once at start-up. */
export interface PaymentProviders {
  /**
   * The provider that takes `channel` for the hospital — its own merchant if it has one, else the shared one —
   * or null when that channel is not open.
   */
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

/** `HOSPITAL_<id>_WECHATPAY_MCHID` / `HOSPITAL_<id>_ALIPAY_APP_ID`: a hospital with a merchant of its own. */
const OWN_MERCHANT = /^HOSPITAL_(\d{1,10})_(?:WECHATPAY_MCHID|ALIPAY_APP_ID)$/;

/** The WECHATPAY_* / ALIPAY_* of one hospital: its HOSPITAL_<id>_ variables without the prefix. */
function hospitalEnv(env: NodeJS.ProcessEnv, hospitalId: string): NodeJS.ProcessEnv {
  const prefix = `HOSPITAL_${hospitalId}_`;
  return Object.fromEntries(
    Object.entries(env)
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, value]) => [name.slice(prefix.length), value]),
  );
}

/** The wechat-pay and alipay providers one environment configures, named `<kind><suffix>`. */
function providersOf(env: NodeJS.ProcessEnv, suffix: string, what: string): PaymentProvider[] {
  try {
    const wechat = readWechatPayConfig(env);
    const alipay = readAlipayConfig(env);
    return [
      ...(wechat ? [{ ...wechatPayProvider(wechat), name: `wechat-pay${suffix}` }] : []),
      ...(alipay ? [{ ...alipayProvider(alipay), name: `alipay${suffix}` }] : []),
    ];
  } catch (err) {
    throw new Error(`${what}${(err as Error).message}`);
  }
}

/**
 * Reads WECHATPAY_* and ALIPAY_* (see config.ts): the merchants every hospital shares. A hospital with its own
 * merchant sets the same variables prefixed `HOSPITAL_<id>_` (e.g. HOSPITAL_1001_WECHATPAY_MCHID); its
 * providers are named `wechat-pay@1001` / `alipay@1001` and take its orders. Outside production the sandbox is
 * always there; in production it never is. A provider whose configuration is started but incomplete throws
 * (start-up stops), naming what is missing.
 */
export function buildPaymentProviders(options: PaymentProvidersOptions): PaymentProviders {
  const env = options.env ?? process.env;
  const byName = new Map<string, PaymentProvider>();
  const add = (provider: PaymentProvider) => byName.set(provider.name, provider);
  providersOf(env, '', '').forEach(add);
  const ownMerchants = new Set(
    Object.keys(env).flatMap((name) => {
      const match = OWN_MERCHANT.exec(name);
      return match && env[name]?.trim() ? [match[1] as string] : [];
    }),
  );
  for (const hospitalId of ownMerchants) {
    providersOf(
      hospitalEnv(env, hospitalId),
      `@${hospitalId}`,
      `医院 ${hospitalId}（HOSPITAL_${hospitalId}_）：`,
    ).forEach(add);
  }
  const publicBaseUrl = readPublicBaseUrl(env, options.production);
  if (byName.size > 0 && !publicBaseUrl) {
    throw new Error(
      '已配置微信支付或支付宝，还须设置 PUBLIC_BASE_URL（本站对外的根地址，如 https://h5.hospital.cn：支付通知与支付后返回的地址由它生成）',
    );
  }
  if (!options.production) {
    add(sandboxProvider(options.secret, options.now, options.sandboxBook, options.sandboxRefundDelayMs));
  }
  return {
    forChannel: (hospitalId, channel) => {
      const kind = PROVIDER_NAME[channel];
      return byName.get(`${kind}@${hospitalId}`) ?? byName.get(kind) ?? null;
    },
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
