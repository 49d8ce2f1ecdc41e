import type { PayChannel } from '@patient/contract';
import type { SandboxBook } from '../sandbox-book.ts';
import { alipayProvider } from './alipay.ts';
import { readAlipayConfig, readWechatPayConfig } from './config.ts';
import type { PaymentChannel, PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { wechatPayProvider } from './wechat-pay.ts';

/** The provider channel of each contract pay channel. */
export const PROVIDER_CHANNEL: Record<PayChannel, PaymentChannel> = {
  WECHAT_JSAPI: 'wechat-jsapi',
  ALIPAY_TRADE: 'alipay-jsapi',
  SANDBOX: 'sandbox',
};

/** The payment providers of the service, built once at start-up. */
export interface PaymentProviders {
  /** The provider that takes `channel` for the hospital, or null when that channel is not open. */
  forChannel(hospitalId: number, channel: PayChannel): PaymentProvider | null;
  /** A provider by its name (the notify endpoint's `:provider`), or null. */
  byName(name: string): PaymentProvider | null;
}

export interface PaymentProvidersOptions {
  production: boolean;
  /** Key of the sandbox notification. */
  secret: Buffer;
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
  /** The sandbox's books (its bill); none: an empty bill. */
  sandboxBook?: SandboxBook;
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
  if (!options.production)
    byName.set('sandbox', sandboxProvider(options.secret, options.now, options.sandboxBook));
  const nameOf: Record<PayChannel, string> = {
    WECHAT_JSAPI: 'wechat-pay',
    ALIPAY_TRADE: 'alipay',
    SANDBOX: 'sandbox',
  };
  return {
    forChannel: (_hospitalId, channel) => byName.get(nameOf[channel]) ?? null,
    byName: (name) => byName.get(name) ?? null,
  };
}
