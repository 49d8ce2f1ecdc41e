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
  };
}
