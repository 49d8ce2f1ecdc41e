import { describe, expect, it } from 'vitest';
import {
  chinaDate,
  chinaDateTime,
  chinaInstant,
  chinaIso,
  chinaTimeOfDay,
  chinaWallClock,
} from './china-time';

describe('China time', () => {
  it('reads an instant on China’s wall clock, across the UTC date line', () => {
    const at = '2025-03-09T16:05:00.000Z';
    expect(chinaDate(at)).toBe('2025-03-10');
    expect(chinaTimeOfDay(at)).toBe('00:05');
    expect(chinaDateTime(at)).toBe('2025-03-10 00:05');
    expect(chinaDateTime(new Date(at))).toBe('2025-03-10 00:05');
    expect(chinaDateTime(Date.parse(at))).toBe('2025-03-10 00:05');
    expect(chinaWallClock(at).getUTCHours()).toBe(0);
    expect(chinaDate('2025-12-31T15:59:59.999Z')).toBe('2025-12-31');
    expect(chinaDate('2025-12-31T16:00:00.000Z')).toBe('2026-01-01');
  });

  it('turns a China date and time back into the instant', () => {
    expect(chinaInstant('2025-03-10', '09:05').toISOString()).toBe('2025-03-10T01:05:00.000Z');
    expect(chinaInstant('2025-03-10').toISOString()).toBe('2025-03-09T16:00:00.000Z');
    expect(chinaDateTime(chinaInstant('2025-03-10', '23:59'))).toBe('2025-03-10 23:59');
  });

  it('gives empty text for an instant that is not one', () => {
    expect(chinaIso('not a date')).toBe('');
    expect(chinaDateTime('')).toBe('');
    expect(chinaDate(Number.NaN)).toBe('');
  });
});
