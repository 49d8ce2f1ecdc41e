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
  /** HOSPITAL_SERVICE_SECRET (strong in production, see readServiceSecret); null: random per process. */
  secret: string | null;
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
    secret: readServiceSecret(env),
  };
}

/** How to make a secret good enough for production (part of every refusal). */
export const SECRET_HOW_TO =
  '生产环境需要至少 32 字节的随机密钥：base64/base64url 至少 43 个字符，或十六进制至少 64 个字符。' +
  "生成方法：openssl rand -base64 32，或 node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"；" +
  '所有实例使用同一个密钥。';

const HEX = /^[0-9A-Fa-f]+$/;
const BASE64 = /^[A-Za-z0-9+/_-]+$/;

/** Shannon entropy in bits per character, and the number of distinct characters. */
function characterEntropy(text: string): { bitsPerChar: number; distinct: number } {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / text.length) * Math.log2(n / text.length);
  return { bitsPerChar: bits, distinct: counts.size };
}

/**
 * Why `secret` is too weak for production, or null when it is strong enough. Strong means: hexadecimal of
 * at least 64 characters, or base64/base64url (padding allowed) of at least 43 characters — either way at
 * least 32 decoded bytes — that looks random: not a repetition of a shorter block, at most half of its
 * neighbouring characters one code point apart (`abcd…`, `0123…`), and a Shannon entropy of at least 3 bits
 * per character with 10 distinct characters (hex) or 3.5 bits with 16 (base64). Random keys clear these
 * bounds with a wide margin (32 random bytes: ≥ 3.3 bits and 12 distinct in hex, ≥ 4.1 bits and 20 in base64).
 */
export function secretWeakness(secret: string): string | null {
  const text = secret.trim();
  if (text === '') return '未设置';
  const hex = HEX.test(text);
  const body = text.replace(/={1,2}$/, '');
  if (!hex && !BASE64.test(body)) return '只能由 base64/base64url 或十六进制字符组成';
  if (hex ? text.length < 64 : body.length < 43) {
    return `太短（${hex ? `十六进制 ${text.length}/64` : `base64 ${body.length}/43`} 个字符）`;
  }
  for (let period = 1; period <= body.length / 2; period++) {
    if (body.slice(period) === body.slice(0, body.length - period)) return '由重复的片段组成';
  }
  let steps = 0;
  for (let i = 1; i < body.length; i++) {
    if (Math.abs(body.charCodeAt(i) - body.charCodeAt(i - 1)) === 1) steps++;
  }
  if (steps > (body.length - 1) / 2) return '是连续的字符序列';
  const { bitsPerChar, distinct } = characterEntropy(body);
  if (hex ? bitsPerChar < 3 || distinct < 10 : bitsPerChar < 3.5 || distinct < 16) {
    return '随机性不足（字符种类太少或分布不均）';
  }
  return null;
}

/**
 * HOSPITAL_SERVICE_SECRET: in production required and strong ({@link secretWeakness}), or the start stops
 * with a message saying how to make one; elsewhere any value, and unset → null (random per process).
 */
export function readServiceSecret(env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env.HOSPITAL_SERVICE_SECRET ?? '';
  if (env.NODE_ENV !== 'production') return raw === '' ? null : raw;
  const weakness = secretWeakness(raw);
  if (weakness) throw new Error(`HOSPITAL_SERVICE_SECRET ${weakness}。${SECRET_HOW_TO}`);
  return raw.trim();
}
