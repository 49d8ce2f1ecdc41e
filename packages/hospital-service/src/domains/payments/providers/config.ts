import { readFileSync } from 'node:fs';
import type { AlipayConfig } from './alipay.ts';
import type { WechatPayConfig } from './wechat-pay.ts';

/**
 * Provider configuration from the environment. Keys come as PEM text (NAME) or a file (NAME_PATH); error
 * messages name the variable, never its value.
 */

/** The PEM of NAME, or of the file NAME_PATH; undefined when neither is set. */
function pem(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const text = env[name]?.trim();
  if (text) return text.replace(/\\n/g, '\n');
  const path = env[`${name}_PATH`]?.trim();
  if (!path) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new Error(`${name}_PATH 指向的文件无法读取`);
  }
}

function required(env: NodeJS.ProcessEnv, names: string[], what: string): void {
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length) throw new Error(`${what}配置不完整，缺少：${missing.join('、')}`);
}

/**
 * WECHATPAY_MCHID, WECHATPAY_APPID, WECHATPAY_MERCHANT_SERIAL, WECHATPAY_MERCHANT_PRIVATE_KEY(_PATH),
 * WECHATPAY_API_V3_KEY, and WECHATPAY_PUBLIC_KEY(_PATH) + WECHATPAY_PUBLIC_KEY_ID (public key mode) and/or
 * WECHATPAY_PLATFORM_CERT(_PATH) + WECHATPAY_PLATFORM_CERT_SERIAL (certificate mode); WECHATPAY_APP_SECRET, the
 * official account's AppSecret, opens JSAPI (it identifies the payer; WECHAT_API_BASE_URL for a local stand-in
 * of api.weixin.qq.com). Null when WECHATPAY_MCHID is unset (WeChat Pay off).
 */
export function readWechatPayConfig(env: NodeJS.ProcessEnv = process.env): WechatPayConfig | null {
  if (!env.WECHATPAY_MCHID?.trim()) return null;
  required(env, ['WECHATPAY_APPID', 'WECHATPAY_MERCHANT_SERIAL', 'WECHATPAY_API_V3_KEY'], '微信支付');
  const merchantPrivateKey = pem(env, 'WECHATPAY_MERCHANT_PRIVATE_KEY');
  if (!merchantPrivateKey) throw new Error('微信支付配置不完整，缺少：WECHATPAY_MERCHANT_PRIVATE_KEY(_PATH)');
  const apiV3Key = (env.WECHATPAY_API_V3_KEY ?? '').trim();
  if (Buffer.byteLength(apiV3Key) !== 32) throw new Error('WECHATPAY_API_V3_KEY 应为 32 字节');
  const platformKeys: Record<string, string> = {};
  const publicKey = pem(env, 'WECHATPAY_PUBLIC_KEY');
  if (publicKey) {
    required(env, ['WECHATPAY_PUBLIC_KEY_ID'], '微信支付');
    platformKeys[(env.WECHATPAY_PUBLIC_KEY_ID ?? '').trim()] = publicKey;
  }
  const certificate = pem(env, 'WECHATPAY_PLATFORM_CERT');
  if (certificate) {
    required(env, ['WECHATPAY_PLATFORM_CERT_SERIAL'], '微信支付');
    platformKeys[(env.WECHATPAY_PLATFORM_CERT_SERIAL ?? '').trim()] = certificate;
  }
  if (!Object.keys(platformKeys).length) {
    throw new Error(
      '微信支付配置不完整，缺少：WECHATPAY_PUBLIC_KEY(_PATH) 或 WECHATPAY_PLATFORM_CERT(_PATH)',
    );
  }
  return {
    mchid: env.WECHATPAY_MCHID.trim(),
    appid: (env.WECHATPAY_APPID ?? '').trim(),
    merchantSerial: (env.WECHATPAY_MERCHANT_SERIAL ?? '').trim(),
    merchantPrivateKey,
    apiV3Key,
    platformKeys,
    ...(env.WECHATPAY_BASE_URL?.trim() ? { baseURL: env.WECHATPAY_BASE_URL.trim() } : {}),
    ...(env.WECHATPAY_APP_SECRET?.trim()
      ? {
          oauth: {
            appSecret: env.WECHATPAY_APP_SECRET.trim(),
            ...(env.WECHAT_API_BASE_URL?.trim() ? { apiBaseURL: env.WECHAT_API_BASE_URL.trim() } : {}),
          },
        }
      : {}),
  };
}

/**
 * ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY(_PATH) (+ ALIPAY_KEY_TYPE PKCS1|PKCS8), ALIPAY_PUBLIC_KEY(_PATH),
 * ALIPAY_GATEWAY (optional). Null when ALIPAY_APP_ID is unset (Alipay off).
 */
export function readAlipayConfig(env: NodeJS.ProcessEnv = process.env): AlipayConfig | null {
  if (!env.ALIPAY_APP_ID?.trim()) return null;
  const privateKey = pem(env, 'ALIPAY_PRIVATE_KEY');
  const alipayPublicKey = pem(env, 'ALIPAY_PUBLIC_KEY');
  const missing = [
    ...(privateKey ? [] : ['ALIPAY_PRIVATE_KEY(_PATH)']),
    ...(alipayPublicKey ? [] : ['ALIPAY_PUBLIC_KEY(_PATH)']),
  ];
  if (!privateKey || !alipayPublicKey) throw new Error(`支付宝配置不完整，缺少：${missing.join('、')}`);
  const keyType = env.ALIPAY_KEY_TYPE?.trim() || 'PKCS1';
  if (keyType !== 'PKCS1' && keyType !== 'PKCS8') throw new Error('ALIPAY_KEY_TYPE 只能是 PKCS1 或 PKCS8');
  return {
    appId: env.ALIPAY_APP_ID.trim(),
    privateKey,
    keyType,
    alipayPublicKey,
    ...(env.ALIPAY_GATEWAY?.trim() ? { gateway: env.ALIPAY_GATEWAY.trim() } : {}),
  };
}
