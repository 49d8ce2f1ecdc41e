import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import {
  DEFAULT_MAX_CONTACTS,
  readClockStart,
  readConfig,
  readHoldMinutes,
  readMaxContacts,
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
