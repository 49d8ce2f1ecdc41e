/**
 * China time: one time zone (UTC+8), no daylight saving time — the wall clock of every hospital, whatever the
 * phone's or the server's zone. The only place the offset is written: the apps and the service format and
 * compare China dates and times through these functions.
 */

/** UTC+8, in milliseconds. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** An instant: a Date, an ISO 8601 string with its zone, or milliseconds since the epoch. */
export type Instant = Date | string | number;

const millisOf = (at: Instant): number =>
  typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();

/**
 * The instant shifted to China's wall clock: its UTC fields (getUTCFullYear, getUTCHours…) read China's date and
 * time. An invalid instant gives an invalid Date.
 */
export const chinaWallClock = (at: Instant): Date => new Date(millisOf(at) + CHINA_OFFSET_MS);

/** China's wall clock as 'YYYY-MM-DDTHH:mm:ss.sss' (no zone); '' for an invalid instant. */
export function chinaIso(at: Instant): string {
  const wall = chinaWallClock(at);
  return Number.isNaN(wall.getTime()) ? '' : wall.toISOString().slice(0, 23);
}

/** The calendar date in China: '2025-03-10'. */
export const chinaDate = (at: Instant): string => chinaIso(at).slice(0, 10);

/** The time of day in China: '09:05'. */
export const chinaTimeOfDay = (at: Instant): string => chinaIso(at).slice(11, 16);

/** Date and time in China as patients read them: '2025-03-10 09:05'. */
export const chinaDateTime = (at: Instant): string => chinaIso(at).slice(0, 16).replace('T', ' ');

/** The instant a China date and time stands for: ('2025-03-10', '09:05') → 2025-03-10T01:05:00.000Z. */
export const chinaInstant = (date: string, time = '00:00'): Date => new Date(`${date}T${time}:00.000+08:00`);
