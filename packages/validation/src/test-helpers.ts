import fc from 'fast-check';
import { PROVINCE_CODES } from './constants';
import { computeIdCheckChar } from './id-card';

/** Fixed "today" for ID tests: 15 June 2024, local time. */
export const TODAY = new Date(2024, 5, 15);

export const PROVINCES = Object.keys(PROVINCE_CODES);

export const pad = (value: number, length: number): string => String(value).padStart(length, '0');

export function makeId18(area6: string, yyyymmdd: string, sequence3 = '123'): string {
  const first17 = area6 + yyyymmdd + sequence3;
  return first17 + computeIdCheckChar(first17);
}

/** Converts ASCII letters and digits to their full-width forms (１２Ａ). */
export const toFullWidth = (value: string): string =>
  value.replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

const DAY_MS = 86_400_000;

/** A birth date (YYYYMMDD) from `from` to `to` inclusive, both given as [year, month, day]. */
export function birthDateArb(
  from: [number, number, number],
  to: [number, number, number],
): fc.Arbitrary<string> {
  const start = Date.UTC(from[0], from[1] - 1, from[2]);
  const end = Date.UTC(to[0], to[1] - 1, to[2]);
  return fc.integer({ min: 0, max: Math.round((end - start) / DAY_MS) }).map((offset) => {
    const date = new Date(start + offset * DAY_MS);
    return pad(date.getUTCFullYear(), 4) + pad(date.getUTCMonth() + 1, 2) + pad(date.getUTCDate(), 2);
  });
}

/** Six-digit area code starting with a known province code. */
export const areaArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...PROVINCES), fc.integer({ min: 0, max: 9999 }))
  .map(([province, rest]) => province + pad(rest, 4));

export const sequenceArb: fc.Arbitrary<string> = fc.integer({ min: 0, max: 999 }).map((n) => pad(n, 3));

/** A valid 18-character ID for {@link TODAY}: age 0 to 130 inclusive. */
export const validId18Arb: fc.Arbitrary<string> = fc
  .tuple(areaArb, birthDateArb([1894, 6, 15], [2024, 6, 15]), sequenceArb)
  .map(([area, date, sequence]) => makeId18(area, date, sequence));
