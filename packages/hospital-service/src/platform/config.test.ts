import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import {
  DEFAULT_MAX_CONTACTS,
  DEFAULT_SMS_LIMITS,
  readClockStart,
  readConfig,
  readHoldMinutes,
  readMaxContacts,
  readSandboxRefundSeconds,
  readServiceSecret,
  readSmsLimits,
  readTrustProxy,
  SECRET_HOW_TO,
  secretWeakness,
} from './config.ts';
import type { Db } from './database/connect.ts';

describe('MAX_CONTACTS', () => {
  it('defaults to 5 and takes a whole number from 1 to 100', () => {
    expect(DEFAULT_MAX_CONTACTS).toBe(5);
    expect(readMaxContacts({})).toBe(5);
    expect(readMaxContacts({ MAX_CONTACTS: '' })).toBe(5);
    expect(readMaxContacts({ MAX_CONTACTS: ' 8 ' })).toBe(8);
    expect(readConfig({ MAX_CONTACTS: '3' }).maxContacts).toBe(3);
  });

  it('stops the start with a clear message for anything else', () => {
    for (const value of ['0', '-1', '2.5', 'abc', '101', '1e2']) {
      expect(() => readMaxContacts({ MAX_CONTACTS: value }), value).toThrow(
        `MAX_CONTACTS 不正确：${value}（应为 1 到 100 的整数，默认 5）`,
      );
    }
    expect(() => buildApp({ db: {} as Db, maxContacts: 0 })).toThrow('maxContacts 不正确：0（应为正整数）');
  });
});

describe('HOLD_MINUTES and CLOCK_START', () => {
  it('HOLD_MINUTES overrides every hospital’s hold period: minutes, decimals allowed', () => {
    expect(readHoldMinutes({})).toBeNull();
    expect(readHoldMinutes({ HOLD_MINUTES: '0.5' })).toBe(0.5);
    expect(readConfig({ HOLD_MINUTES: '3' }).holdMinutes).toBe(3);
    for (const value of ['0', '-1', 'abc', '1441', '1e2']) {
      expect(() => readHoldMinutes({ HOLD_MINUTES: value }), value).toThrow(`HOLD_MINUTES 不正确：${value}`);
    }
  });

  it('SANDBOX_REFUND_SECONDS: how long the sandbox takes to pay a refund back, 60 s unless told', () => {
    expect(readSandboxRefundSeconds({})).toBe(60);
    expect(readSandboxRefundSeconds({ SANDBOX_REFUND_SECONDS: '0' })).toBe(0);
    expect(readConfig({ SANDBOX_REFUND_SECONDS: '5' }).sandboxRefundSeconds).toBe(5);
    for (const value of ['-1', '1.5', 'soon', '86401']) {
      expect(() => readSandboxRefundSeconds({ SANDBOX_REFUND_SECONDS: value }), value).toThrow(
        `SANDBOX_REFUND_SECONDS 不正确：${value}`,
      );
    }
  });

  it('CLOCK_START sets where the clock starts, outside production only', () => {
    expect(readClockStart({})).toBeNull();
    expect(readClockStart({ CLOCK_START: '2025-03-10T09:00:00+08:00' })?.toISOString()).toBe(
      '2025-03-10T01:00:00.000Z',
    );
    expect(() => readClockStart({ CLOCK_START: 'tomorrow' })).toThrow('CLOCK_START 不正确');
    expect(() => readClockStart({ CLOCK_START: '2025-03-10T09:00:00Z', NODE_ENV: 'production' })).toThrow(
      /生产环境/,
    );
  });
});

describe('SMS_LIMIT_* and TRUST_PROXY', () => {
  it('SMS limits default to 20 an hour and 60 a day per address, 5 numbers a day per account, 2000/20000 in all', () => {
    expect(DEFAULT_SMS_LIMITS).toEqual({
      perIpHour: 20,
      perIpDay: 60,
      perAccountPhonesDay: 5,
      globalHour: 2000,
      globalDay: 20000,
    });
    expect(readSmsLimits({})).toEqual(DEFAULT_SMS_LIMITS);
    expect(
      readSmsLimits({
        SMS_LIMIT_IP_HOUR: '100',
        SMS_LIMIT_IP_DAY: ' 300 ',
        SMS_LIMIT_ACCOUNT_PHONES_DAY: '3',
        SMS_LIMIT_GLOBAL_HOUR: '10',
        SMS_LIMIT_GLOBAL_DAY: '',
      }),
    ).toEqual({ perIpHour: 100, perIpDay: 300, perAccountPhonesDay: 3, globalHour: 10, globalDay: 20000 });
    expect(readConfig({ SMS_LIMIT_IP_HOUR: '7' }).smsLimits.perIpHour).toBe(7);
    for (const value of ['0', '-1', '2.5', 'many', '1e3', '10000001']) {
      expect(() => readSmsLimits({ SMS_LIMIT_IP_DAY: value }), value).toThrow(
        `SMS_LIMIT_IP_DAY 不正确：${value}（应为 1 到 10000000 的整数，默认 60）`,
      );
    }
  });

  it('TRUST_PROXY: none by default; true, a number of proxies, or their addresses', () => {
    expect(readTrustProxy({})).toBe(false);
    expect(readTrustProxy({ TRUST_PROXY: 'false' })).toBe(false);
    expect(readTrustProxy({ TRUST_PROXY: 'true' })).toBe(true);
    expect(readTrustProxy({ TRUST_PROXY: '2' })).toBe(2);
    expect(readTrustProxy({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' })).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => readTrustProxy({ TRUST_PROXY: 'yes please' })).toThrow('TRUST_PROXY 不正确');
  });
});

describe('HOSPITAL_SERVICE_SECRET', () => {
  const production = (secret?: string) => ({ NODE_ENV: 'production', HOSPITAL_SERVICE_SECRET: secret });

  it('refuses in production what a probe started with, saying how to make a good one (never echoing it)', () => {
    const weak = [
      undefined,
      '',
      '   ',
      'a',
      '123456',
      'changeme',
      'secret',
      'a'.repeat(16),
      'a'.repeat(64),
      'changeme'.repeat(8),
      '0123456789abcdef'.repeat(4),
      'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
      'test-secret',
      'correct horse battery staple correct horse battery',
      randomBytes(16).toString('base64'),
      randomBytes(24).toString('hex'),
      randomBytes(12).toString('base64').repeat(4),
      `${randomBytes(30).toString('hex')}${'0'.repeat(8)}`.slice(0, 60),
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab',
      `${'ab'.repeat(30)}cd${'ab'.repeat(10)}`,
    ];
    for (const secret of weak) {
      let message = '';
      try {
        readServiceSecret(production(secret));
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, String(secret)).toMatch(/^HOSPITAL_SERVICE_SECRET /);
      expect(message).toContain(SECRET_HOW_TO);
      expect(message).toContain('openssl rand -base64 32');
      if (secret && secret.trim().length > 3) expect(message).not.toContain(secret.trim());
      expect(() => readConfig(production(secret)), String(secret)).toThrow(/HOSPITAL_SERVICE_SECRET/);
    }
  });

  it('names the reason', () => {
    expect(secretWeakness('')).toBe('未设置');
    expect(secretWeakness('a')).toBe('太短（十六进制 1/64 个字符）');
    expect(secretWeakness('changeme')).toBe('太短（base64 8/43 个字符）');
    expect(secretWeakness('pass word')).toBe('只能由 base64/base64url 或十六进制字符组成');
    expect(secretWeakness('a'.repeat(64))).toBe('由重复的片段组成');
    expect(secretWeakness('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')).toBe(
      '是连续的字符序列',
    );
    expect(secretWeakness(`${'a'.repeat(40)}bcdefgh`)).toBe('随机性不足（字符种类太少或分布不均）');
  });

  it('accepts 32 random bytes as openssl or node print them (base64, base64url, hex), every time', () => {
    for (let i = 0; i < 20_000; i++) {
      const bytes = randomBytes(32);
      for (const secret of [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex')]) {
        expect(secretWeakness(secret), secret).toBeNull();
      }
    }
    const good = randomBytes(48).toString('base64');
    expect(readServiceSecret(production(good))).toBe(good);
    expect(readConfig(production(` ${good}\n`)).secret).toBe(good);
  });

  it('keeps today’s behaviour outside production: any value, unset → random per process', () => {
    expect(readServiceSecret({})).toBeNull();
    expect(readServiceSecret({ HOSPITAL_SERVICE_SECRET: '' })).toBeNull();
    expect(readServiceSecret({ HOSPITAL_SERVICE_SECRET: 'a', NODE_ENV: 'test' })).toBe('a');
    expect(readConfig({ NODE_ENV: 'development' }).secret).toBeNull();
  });
});
