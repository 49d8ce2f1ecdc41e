import { join } from 'node:path';
import { DEFAULT_DATA_ROOT } from './database/connect.ts';

/** Environment of main.ts and the reset command. */
export interface ServiceConfig {
  port: number;
  host: string;
  /** postgres:// URL, or a PGlite data directory. */
  databaseTarget: string;
  production: boolean;
  /** Most contacts per account (MAX_CONTACTS). */
  maxContacts: number;
  /** Hold period of locked slots for every hospital (HOLD_MINUTES), or null for each hospital's own. */
  holdMinutes: number | null;
  /** CLOCK_START: the instant the service's clock starts at (not in production), or null for real time. */
  clockStart: Date | null;
  /** SMS_LIMIT_*: the sending limits beyond the per-phone ones. */
  smsLimits: SmsLimits;
  /** TRUST_PROXY: whose X-Forwarded-For to believe for the client address (Fastify's trustProxy). */
  trustProxy: TrustProxy;
  /** SANDBOX_REFUND_SECONDS: how long the sandbox provider takes to pay a refund back (0: at once). */
  sandboxRefundSeconds: number;
}

/**
 * Limits on sending SMS codes besides the per-phone ones (1 a minute, 10 a day per phone and purpose).
 * Counted in the database (sms_codes), so they hold across several service instances.
 */
export interface SmsLimits {
  /** Codes one client address may have sent in a rolling hour (SMS_LIMIT_IP_HOUR). */
  perIpHour: number;
  /** … in a rolling 24 hours (SMS_LIMIT_IP_DAY). */
  perIpDay: number;
  /**
   * Different phone numbers one account may have sent contact-phone and identity codes to in a rolling
   * 24 hours (SMS_LIMIT_ACCOUNT_PHONES_DAY).
   */
  perAccountPhonesDay: number;
  /** Codes the whole service may send in a rolling hour (SMS_LIMIT_GLOBAL_HOUR). */
  globalHour: number;
  /** … in a rolling 24 hours (SMS_LIMIT_GLOBAL_DAY). */
  globalDay: number;
}

export const DEFAULT_SMS_LIMITS: SmsLimits = {
  perIpHour: 20,
  perIpDay: 60,
  perAccountPhonesDay: 5,
  globalHour: 2000,
  globalDay: 20000,
};

const SMS_LIMIT_ENV: Record<keyof SmsLimits, string> = {
  perIpHour: 'SMS_LIMIT_IP_HOUR',
  perIpDay: 'SMS_LIMIT_IP_DAY',
  perAccountPhonesDay: 'SMS_LIMIT_ACCOUNT_PHONES_DAY',
  globalHour: 'SMS_LIMIT_GLOBAL_HOUR',
  globalDay: 'SMS_LIMIT_GLOBAL_DAY',
};

/** SMS_LIMIT_*: whole numbers from 1 to 10 000 000; unset → the defaults. Anything else stops the start. */
export function readSmsLimits(env: NodeJS.ProcessEnv = process.env): SmsLimits {
  const limits = { ...DEFAULT_SMS_LIMITS };
  for (const key of Object.keys(SMS_LIMIT_ENV) as (keyof SmsLimits)[]) {
    const name = SMS_LIMIT_ENV[key];
    const raw = env[name]?.trim();
    if (!raw) continue;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > 10_000_000) {
      throw new Error(`${name} 不正确：${raw}（应为 1 到 10000000 的整数，默认 ${DEFAULT_SMS_LIMITS[key]}）`);
    }
    limits[key] = n;
  }
  return limits;
}

/** Fastify's trustProxy: false, true (any proxy), a number of hops, or addresses/CIDRs of the proxies. */
export type TrustProxy = boolean | number | string[];

/**
 * TRUST_PROXY: unset or `false` → the client address is the connection's (right without a proxy); `true`
 * → the left-most X-Forwarded-For (only when nothing but the proxy can reach the service); a number → that
 * many proxies in front; otherwise comma-separated proxy addresses or CIDRs (`10.0.0.0/8,127.0.0.1`).
 */
export function readTrustProxy(env: NodeJS.ProcessEnv = process.env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0 || !list.every((s) => /^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(s))) {
    throw new Error(
      `TRUST_PROXY 不正确：${raw}（应为 true、false、代理层数，或以逗号分隔的代理地址/网段，如 10.0.0.0/8,127.0.0.1）`,
    );
  }
  return list;
}

/** Default of MAX_CONTACTS; the apps' hospital config `maxContacts` must not exceed the service's value. */
export const DEFAULT_MAX_CONTACTS = 5;

/** MAX_CONTACTS: a whole number from 1 to 100, default 5. Anything else stops the start with a clear message. */
export function readMaxContacts(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.MAX_CONTACTS?.trim();
  if (!raw) return DEFAULT_MAX_CONTACTS;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 100) {
    throw new Error(`MAX_CONTACTS 不正确：${raw}（应为 1 到 100 的整数，默认 ${DEFAULT_MAX_CONTACTS}）`);
  }
  return n;
}

/**
 * HOLD_MINUTES: how long a locked slot is held, for every hospital (browser tests use a short one, e.g.
 * 0.5 for 30 seconds). A number of minutes greater than 0 and at most 1440; unset → each hospital's own.
 */
export function readHoldMinutes(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env.HOLD_MINUTES?.trim();
  if (!raw) return null;
  const n = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(n > 0) || n > 1440) {
    throw new Error(`HOLD_MINUTES 不正确：${raw}（应为大于 0、不超过 1440 的分钟数，可带小数，如 0.5）`);
  }
  return n;
}

/** Real providers take minutes to pay a refund back; so does the sandbox, unless told otherwise. */
export const DEFAULT_SANDBOX_REFUND_SECONDS = 60;

/** SANDBOX_REFUND_SECONDS: whole seconds from 0 to 86 400; unset → {@link DEFAULT_SANDBOX_REFUND_SECONDS}. */
export function readSandboxRefundSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SANDBOX_REFUND_SECONDS?.trim();
  if (!raw) return DEFAULT_SANDBOX_REFUND_SECONDS;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > 86_400) {
    throw new Error(`SANDBOX_REFUND_SECONDS 不正确：${raw}（应为 0 到 86400 的整数秒，0 表示立即到账）`);
  }
  return n;
}

/** CLOCK_START: an ISO instant, refused in production. */
export function readClockStart(env: NodeJS.ProcessEnv = process.env): Date | null {
  const raw = env.CLOCK_START?.trim();
  if (!raw) return null;
  if (env.NODE_ENV === 'production') throw new Error('CLOCK_START 只能用于开发和测试，生产环境不能设置');
  const at = new Date(raw);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(raw)) {
    throw new Error(`CLOCK_START 不正确：${raw}（应为 ISO 时间，如 2025-03-10T09:00:00+08:00）`);
  }
  return at;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const port = Number(env.PORT ?? 3100);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT 不正确：${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseTarget: env.DATABASE_URL || env.DATA_DIR || join(DEFAULT_DATA_ROOT, 'dev'),
    production: env.NODE_ENV === 'production',
    maxContacts: readMaxContacts(env),
    holdMinutes: readHoldMinutes(env),
    clockStart: readClockStart(env),
    smsLimits: readSmsLimits(env),
    trustProxy: readTrustProxy(env),
    sandboxRefundSeconds: readSandboxRefundSeconds(env),
  };
}
