import { chinaDate as chinaDateOf } from '@patient/validation';
/** The service's only source of time: tests inject a {@link TestClock} and move it instead of sleeping. */
export interface Clock {
  now(): Date;
  /**
   * Set when this clock is the database's clock (plus this offset): decisions that several instances must
   * agree on (holds, expiry, payments) then read the time from the database inside their transaction
   * (`transactionNow`), not from the process. Unset (TestClock): the process's time is the one clock.
   */
  readonly databaseOffsetMs?: number;
}

/** Real time; inside transactions, the database's (shared by every instance). */
export const systemClock: Clock = { now: () => new Date(), databaseOffsetMs: 0 };

/** A clock that stands still until told to move. */
export class TestClock implements Clock {
  #ms: number;

  constructor(start: Date | string | number = '2025-03-10T01:00:00.000Z') {
    this.#ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#ms);
  }

  advance(ms: number): void {
    this.#ms += ms;
  }

  set(to: Date | string | number): void {
    this.#ms = new Date(to).getTime();
  }
}

/**
 * A clock that starts at a given instant and then runs like the real one (CLOCK_START, outside production:
 * browser tests of same-day booking at any hour of the real day).
 */
export class StartedClock implements Clock {
  readonly #offset: number;

  constructor(start: Date | string | number) {
    this.#offset = new Date(start).getTime() - Date.now();
  }

  /** The database's clock moved by the same offset, inside transactions. */
  get databaseOffsetMs(): number {
    return this.#offset;
  }

  now(): Date {
    return new Date(Date.now() + this.#offset);
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The calendar date (YYYY-MM-DD) in China at the given instant (@patient/validation's China time). */
export const chinaDate = (at: Date): string => chinaDateOf(at);

/** A Date whose local fields are irrelevant: validation only uses getFullYear/Month/Date, so give it noon UTC of the China date. */
export function chinaToday(at: Date): Date {
  return new Date(`${chinaDate(at)}T12:00:00.000Z`);
}

/** YYYY-MM-DD plus n days. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, for a YYYY-MM-DD date. */
export function weekday(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00.000Z`).getUTCDay();
}
