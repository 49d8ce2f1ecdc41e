import { serverNow } from '@patient/api-client';
import { chinaDate } from '@patient/validation';
/**
 * Labels of schedule sources (000 §4), half-days and dates, in Chinese. Shared by every booking and order
 * screen: a source state reads 可预约 or 余N, 约满, 停诊 or 无号; a source type reads its name + 门诊.
 */

/** The source label of 000 §4. `remaining` (places left) turns 可预约 into 余N; unknown states read 无号. */
export function sourceStateLabel(state: string | null | undefined, remaining?: number | null): string {
  switch (state) {
    case 'APPOINTABLE':
      if (remaining === null || remaining === undefined) return '可预约';
      // A bookable source with nothing left is full, whatever the state says.
      return remaining > 0 ? `余${remaining}` : '约满';
    case 'ALL_APPOINTED':
      return '约满';
    case 'STOPED':
      return '停诊';
    default:
      return '无号';
  }
}

/** How a source label looks: bookable (primary colour), full, stopped, none. */
export type SourceTone = 'available' | 'full' | 'stopped' | 'none';

export function sourceTone(state: string | null | undefined, remaining?: number | null): SourceTone {
  switch (state) {
    case 'APPOINTABLE':
      return remaining !== null && remaining !== undefined && remaining <= 0 ? 'full' : 'available';
    case 'ALL_APPOINTED':
      return 'full';
    case 'STOPED':
      return 'stopped';
    default:
      return 'none';
  }
}

/** Whether a patient can pick it: bookable with places left (or an unknown count). */
export const isBookable = (state: string | null | undefined, remaining?: number | null): boolean =>
  sourceTone(state, remaining) === 'available';

/** Names of the source types of 000 §3; the label adds 门诊. */
export const SOURCE_TYPE_NAMES: Readonly<Record<string, string>> = {
  NORMAL: '普通',
  EXPERT: '专家',
  EMERGENCY: '急诊',
  DEPARTMENT: '科室',
  VIP: '特需',
};

/** 普通门诊, 专家门诊, 急诊门诊, 科室门诊, 特需门诊; an empty or unknown type reads 普通门诊. */
export function sourceTypeLabel(type: string | null | undefined): string {
  return `${(type && SOURCE_TYPE_NAMES[type]) || SOURCE_TYPE_NAMES.NORMAL}门诊`;
}

export const HALF_DAY_LABELS: Readonly<Record<'AM' | 'PM', string>> = { AM: '上午', PM: '下午' };

/** 上午 / 下午; anything else reads ''. */
export function halfDayLabel(halfDay: string | null | undefined): string {
  return halfDay === 'AM' || halfDay === 'PM' ? HALF_DAY_LABELS[halfDay] : '';
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD date; null when it is not one. */
function dayNumber(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const back = new Date(time);
  if (back.getUTCDate() !== Number(match[3]) || back.getUTCMonth() !== Number(match[2]) - 1) return null;
  return time / DAY_MS;
}

const fromDayNumber = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export const isIsoDate = (value: string): boolean => dayNumber(value) !== null;

/** Today in China (UTC+8), where the hospitals are, as YYYY-MM-DD. */
export function todayInChina(now: number = serverNow()): string {
  return chinaDate(now);
}

/** `date` plus `days` (may be negative), as YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const day = dayNumber(date);
  if (day === null) throw new RangeError(`not a date: ${date}`);
  return fromDayNumber(day + days);
}

/** 周一 … 周日; '' for a malformed date. */
export function weekdayLabel(date: string): string {
  const day = dayNumber(date);
  // 1970-01-01 was a Thursday.
  return day === null ? '' : WEEKDAYS[(((day + 4) % 7) + 7) % 7];
}

/** 3月5日; the text as given for a malformed date. */
export function monthDayLabel(date: string): string {
  const match = ISO_DATE.exec(date);
  return match ? `${Number(match[2])}月${Number(match[3])}日` : date;
}

/** 今天, 明天, or the weekday (周四). */
export function dayLabel(date: string, today: string = todayInChina()): string {
  const day = dayNumber(date);
  const base = dayNumber(today);
  if (day !== null && base !== null) {
    if (day === base) return '今天';
    if (day === base + 1) return '明天';
  }
  return weekdayLabel(date);
}

/** 今天 3月5日, 明天 3月6日, 周六 3月7日. */
export function dateLabel(date: string, today: string = todayInChina()): string {
  const day = dayLabel(date, today);
  return day ? `${day} ${monthDayLabel(date)}` : monthDayLabel(date);
}

/** When a visit is: 今天 3月5日 上午. */
export function visitTimeLabel(date: string, halfDay: string | null | undefined, today?: string): string {
  const half = halfDayLabel(halfDay);
  return half ? `${dateLabel(date, today)} ${half}` : dateLabel(date, today);
}
