import { createCipheriv, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { PaymentProviderError } from './provider.ts';

/** Test-only WeChat Pay keys and notifications (keys generated per process, never real ones). */

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** A test merchant of WeChat Pay in public key mode, with the platform's key pair. */
export const testWechat = {
  mchid: '1900000001',
  appid: 'wx8888888888888888',
  merchantSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  publicKeyId: 'PUB_KEY_ID_0119000000012025010100000000000001',
  merchant: pair(),
  platform: pair(),
  intruder: pair(),
  /** 32 bytes, as the merchant platform issues it. */
  apiV3Key: randomBytes(16).toString('hex'),
  /** The official account's AppSecret (web authorisation). */
  appSecret: randomBytes(16).toString('hex'),
};

/** The WECHATPAY_* environment of {@link testWechat}. */
export const testWechatEnv = (): NodeJS.ProcessEnv => ({
  WECHATPAY_MCHID: testWechat.mchid,
  WECHATPAY_APPID: testWechat.appid,
  WECHATPAY_MERCHANT_SERIAL: testWechat.merchantSerial,
  WECHATPAY_MERCHANT_PRIVATE_KEY: testWechat.merchant.privateKey,
  WECHATPAY_API_V3_KEY: testWechat.apiV3Key,
  WECHATPAY_PUBLIC_KEY: testWechat.platform.publicKey,
  WECHATPAY_PUBLIC_KEY_ID: testWechat.publicKeyId,
  WECHATPAY_APP_SECRET: testWechat.appSecret,
  PUBLIC_BASE_URL: 'https://h5.hospital.example',
});

/**
 * A notification as the platform sends it: the resource encrypted with the API v3 key (its associated data is
 * the original type), the headers signed with the platform key (or `signWith`).
 */
export function wechatEvent(
  eventType: string,
  originalType: string,
  summary: string,
  resource: object,
  opts: { signWith?: string } = {},
): { body: string; headers: Record<string, string> } {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(testWechat.apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(originalType));
  const ciphertext = Buffer.concat([
    cipher.update(JSON.stringify(resource)),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const body = JSON.stringify({
    id: `EV-${randomBytes(8).toString('hex')}`,
    create_time: '2026-11-23T09:01:05+08:00',
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary,
    resource: {
      original_type: originalType,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: ciphertext.toString('base64'),
      associated_data: originalType,
      nonce,
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headerNonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${timestamp}\n${headerNonce}\n${body}\n`)
    .sign(opts.signWith ?? testWechat.platform.privateKey, 'base64');
  return {
    body,
    headers: {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': headerNonce,
      'wechatpay-serial': testWechat.publicKeyId,
      'wechatpay-signature': signature,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      'content-type': 'application/json',
    },
  };
}

/** A TRANSACTION.SUCCESS notification as the platform sends it: encrypted resource, signed headers. */
export function wechatPaidNotification(
  tradeNo: string,
  amountFen: number,
  opts: { signWith?: string } = {},
): { body: string; headers: Record<string, string> } {
  return wechatEvent(
    'TRANSACTION.SUCCESS',
    'transaction',
    '支付成功',
    {
      appid: testWechat.appid,
      mchid: testWechat.mchid,
      out_trade_no: tradeNo,
      transaction_id: `42000000012026112300${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      trade_type: 'JSAPI',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      success_time: '2026-11-23T09:01:02+08:00',
      amount: { total: amountFen, payer_total: amountFen, currency: 'CNY', payer_currency: 'CNY' },
    },
    opts,
  );
}

/** A REFUND.SUCCESS notification (the whole payment refunded). */
export function wechatRefundNotification(
  tradeNo: string,
  refundNo: string,
  amountFen: number,
  opts: { signWith?: string } = {},
): { body: string; headers: Record<string, string> } {
  return wechatEvent(
    'REFUND.SUCCESS',
    'refund',
    '退款成功',
    {
      mchid: testWechat.mchid,
      out_trade_no: tradeNo,
      transaction_id: '4200000001202611230012345678',
      out_refund_no: refundNo,
      refund_id: '50000000382026112300123456789',
      refund_status: 'SUCCESS',
      success_time: '2026-11-23T10:00:00+08:00',
      user_received_account: '招商银行信用卡0403',
      amount: { total: amountFen, refund: amountFen, payer_total: amountFen, payer_refund: amountFen },
    },
    opts,
  );
}

/** The PaymentProviderError a call fails with; fails the test when it resolves or fails otherwise. */
export async function rejection(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof PaymentProviderError))
    throw new Error(`expected a PaymentProviderError, got ${String(err)}`);
  return err;
}
