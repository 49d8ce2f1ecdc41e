import { chinaInstant as chinaInstantOf, chinaTimeOfDay } from '@patient/validation';
import { addDays, chinaDate, HOUR, MINUTE } from '../../platform/clock.ts';
import type { bookingRules } from './tables.ts';

/** A hospital's booking rules (the booking_rules row). Times are China time, 'HH:mm'. */
export type BookingRules = typeof bookingRules.$inferSelect;

export type Period = 'MORNING' | 'AFTERNOON';

/** The China wall-clock time 'HH:mm' at an instant. */
export const chinaTime = (at: Date): string => chinaTimeOfDay(at);

/** The instant of a China date and wall-clock time. */
export const chinaInstant = (date: string, time: string): Date => chinaInstantOf(date, time);

/** '3月10日 18:00' (China time), for messages. */
export function chinaLabel(at: Date): string {
  const date = chinaDate(at);
  return `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日 ${chinaTime(at)}`;
}

export const PERIOD_NAME: Record<Period, string> = { MORNING: '上午', AFTERNOON: '下午' };

/** Hold period in ms: HOLD_MINUTES (the deployment's override) or the hospital's. */
export function holdMs(rules: BookingRules, override: number | null): number {
  return Math.round((override ?? rules.holdMinutes) * MINUTE);
}

/** The last date scheduled booking reaches now: today + daysAhead once the release time has passed. */
export function lastBookableDate(rules: BookingRules, now: Date): string {
  const released = chinaTime(now) >= rules.releaseTime;
  return addDays(chinaDate(now), released ? rules.daysAhead : rules.daysAhead - 1);
}

/** The dates of the week strip: today for same-day booking, else tomorrow … the last bookable date. */
export function windowDates(rules: BookingRules, now: Date, sameDay: boolean): string[] {
  const today = chinaDate(now);
  if (sameDay) return [today];
  const last = lastBookableDate(rules, now);
  const dates: string[] = [];
  for (let d = addDays(today, 1); d <= last; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** Same-day booking of a half-day closes at this time. */
export const sameDayCutoff = (rules: BookingRules, period: Period): string =>
  period === 'MORNING' ? rules.sameDayCutoffAm : rules.sameDayCutoffPm;

/**
 * Why a half-day (and, for same-day booking, one of its time slots) cannot be booked now, or null when it
 * can. The reasons are what the patient reads.
 */
export function closedReason(
  rules: BookingRules,
  now: Date,
  schedule: { date: string; period: Period },
  slot?: { endTime: string },
): string | null {
  const today = chinaDate(now);
  if (schedule.date < today) return '该号源的就诊日期已过，请选择其他日期';
  if (schedule.date === today) {
    const cutoff = sameDayCutoff(rules, schedule.period);
    if (chinaTime(now) >= cutoff) {
      return `当日${PERIOD_NAME[schedule.period]}的号源已于${cutoff}停止预约，请选择其他时段`;
    }
    if (slot && slot.endTime <= chinaTime(now)) return '该时段已过，请选择其他时段';
    return null;
  }
  const last = lastBookableDate(rules, now);
  if (schedule.date <= last) return null;
  if (schedule.date === addDays(today, rules.daysAhead)) {
    return `该日号源将于今日${rules.releaseTime}开放预约，请届时再来`;
  }
  return `仅可预约${rules.daysAhead}天内的号源（每日${rules.releaseTime}放出新一天的号源）`;
}

/** Whether the slot is open for booking now (see {@link closedReason}). */
export const isOpen = (...args: Parameters<typeof closedReason>): boolean => closedReason(...args) === null;

/** Until when a paid appointment can be cancelled and refunded. */
export function cancelDeadline(rules: BookingRules, date: string, startTime: string): Date {
  if (rules.cancelRule === 'DAY_BEFORE') return chinaInstant(addDays(date, -1), rules.cancelTime ?? '18:00');
  return new Date(chinaInstant(date, startTime).getTime() - (rules.cancelHours ?? 0) * HOUR);
}

/** The cancel rule in words, e.g. '就诊前一日18:00前' or '就诊时段开始前2小时'. */
export function cancelRuleText(rules: BookingRules): string {
  return rules.cancelRule === 'DAY_BEFORE'
    ? `就诊前一日${rules.cancelTime}前`
    : `就诊时段开始前${rules.cancelHours}小时`;
}
