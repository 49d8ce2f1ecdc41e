import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAlipayConfig, readWechatPayConfig } from './config.ts';
import { fenToYuan, headerOf, PaymentProviderError, yuanToFen } from './provider.ts';

describe('amounts between fen and yuan text', () => {
  it('reads yuan text exactly', () => {
    expect(yuanToFen('12.34')).toBe(1234);
    expect(yuanToFen('0.5')).toBe(50);
    expect(yuanToFen('3')).toBe(300);
    expect(yuanToFen('-10.50')).toBe(-1050);
    expect(yuanToFen(' 0.01\t')).toBe(1);
    // 0.29 * 100 is 28.999999999999996 in floating point
    expect(yuanToFen('0.29')).toBe(29);
  });

  it('refuses what is not an amount in yuan', () => {
    for (const text of ['1.234', 'abc', '', '1,00', '1e3', '.5']) {
      expect(() => yuanToFen(text)).toThrow(PaymentProviderError);
    }
  });

  it('writes fen as yuan text, and back', () => {
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(2500)).toBe('25.00');
    expect(fenToYuan(-1050)).toBe('-10.50');
    for (let fen = -1000; fen <= 100_000; fen += 7) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
    expect(() => fenToYuan(0.5)).toThrow(RangeError);
  });
});

describe('headerOf', () => {
  it('finds a header whatever its case, the first of several', () => {
    expect(headerOf({ 'Wechatpay-Serial': 'A' }, 'wechatpay-serial')).toBe('A');
    expect(headerOf({ 'wechatpay-nonce': ['n1', 'n2'] }, 'Wechatpay-Nonce')).toBe('n1');
    expect(headerOf({}, 'x')).toBeUndefined();
  });
});

describe('provider configuration from the environment', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-config-'));
  const keyPath = join(dir, 'apiclient_key.pem');
  writeFileSync(keyPath, '-----BEGIN PRIVATE KEY-----\nMERCHANT\n-----END PRIVATE KEY-----\n');
  const wechat = {
    WECHATPAY_MCHID: '1900000001',
    WECHATPAY_APPID: 'wx8888888888888888',
    WECHATPAY_MERCHANT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_MERCHANT_PRIVATE_KEY_PATH: keyPath,
    WECHATPAY_API_V3_KEY: 'a'.repeat(32),
    WECHATPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nPLATFORM\\n-----END PUBLIC KEY-----',
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_01',
  };

  it('is off when the merchant or app id is unset', () => {
    expect(readWechatPayConfig({})).toBeNull();
    expect(readAlipayConfig({})).toBeNull();
  });

  it('reads WeChat Pay: the key from a file, the platform public key from a variable (\\n escapes)', () => {
    expect(readWechatPayConfig(wechat)).toEqual({
      mchid: '1900000001',
      appid: 'wx8888888888888888',
      merchantSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      merchantPrivateKey: '-----BEGIN PRIVATE KEY-----\nMERCHANT\n-----END PRIVATE KEY-----\n',
      apiV3Key: 'a'.repeat(32),
      platformKeys: { PUB_KEY_ID_01: '-----BEGIN PUBLIC KEY-----\nPLATFORM\n-----END PUBLIC KEY-----' },
    });
  });

  it('names what is missing or wrong, never a value', () => {
    const { WECHATPAY_PUBLIC_KEY_ID: _, ...noKeyId } = wechat;
    expect(() => readWechatPayConfig(noKeyId)).toThrow('缺少：WECHATPAY_PUBLIC_KEY_ID');
    expect(() => readWechatPayConfig({ ...wechat, WECHATPAY_API_V3_KEY: 'short' })).toThrow('32 字节');
    expect(() =>
      readWechatPayConfig({ ...wechat, WECHATPAY_MERCHANT_PRIVATE_KEY_PATH: join(dir, 'none') }),
    ).toThrow(/^WECHATPAY_MERCHANT_PRIVATE_KEY_PATH 指向的文件无法读取$/);
    expect(() => readAlipayConfig({ ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: 'K' })).toThrow(
      /^支付宝配置不完整，缺少：ALIPAY_PUBLIC_KEY\(_PATH\)$/,
    );
  });

  it('reads Alipay', () => {
    expect(
      readAlipayConfig({
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_PRIVATE_KEY: 'MIIEv',
        ALIPAY_PUBLIC_KEY: 'MIIBI',
        ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
      }),
    ).toEqual({
      appId: '2021000000000001',
      privateKey: 'MIIEv',
      keyType: 'PKCS1',
      alipayPublicKey: 'MIIBI',
      gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    });
  });
});
