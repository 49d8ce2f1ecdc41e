import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateLabel,
  dayLabel,
  halfDayLabel,
  isBookable,
  isIsoDate,
  monthDayLabel,
  sourceStateLabel,
  sourceTone,
  sourceTypeLabel,
  todayInChina,
  visitTimeLabel,
  weekdayLabel,
} from './labels.ts';

describe('sourceStateLabel (000 §4)', () => {
  it('reads APPOINTABLE as 可预约, or 余N with a remaining count', () => {
    expect(sourceStateLabel('APPOINTABLE')).toBe('可预约');
    expect(sourceStateLabel('APPOINTABLE', null)).toBe('可预约');
    expect(sourceStateLabel('APPOINTABLE', 7)).toBe('余7');
    expect(sourceStateLabel('APPOINTABLE', 1)).toBe('余1');
  });

  it('reads a bookable source with nothing left as 约满', () => {
    expect(sourceStateLabel('APPOINTABLE', 0)).toBe('约满');
    expect(sourceTone('APPOINTABLE', 0)).toBe('full');
    expect(isBookable('APPOINTABLE', 0)).toBe(false);
  });

  it('reads the other states, ignoring any count', () => {
    expect(sourceStateLabel('ALL_APPOINTED')).toBe('约满');
    expect(sourceStateLabel('ALL_APPOINTED', 3)).toBe('约满');
    expect(sourceStateLabel('STOPED', 5)).toBe('停诊');
    expect(sourceStateLabel('NO_SOURCE')).toBe('无号');
  });

  it('reads unknown or missing states as 无号', () => {
    expect(sourceStateLabel('STOPPED')).toBe('无号');
    expect(sourceStateLabel('')).toBe('无号');
    expect(sourceStateLabel(null)).toBe('无号');
    expect(sourceStateLabel(undefined, 4)).toBe('无号');
  });

  it('gives each state a tone, and only bookable ones can be picked', () => {
    expect(sourceTone('APPOINTABLE', 2)).toBe('available');
    expect(sourceTone('APPOINTABLE', null)).toBe('available');
    expect(sourceTone('ALL_APPOINTED')).toBe('full');
    expect(sourceTone('STOPED')).toBe('stopped');
    expect(sourceTone('NO_SOURCE')).toBe('none');
    expect(sourceTone('whatever')).toBe('none');
    expect(isBookable('APPOINTABLE', 2)).toBe(true);
    expect(isBookable('ALL_APPOINTED', 2)).toBe(false);
  });
});

describe('sourceTypeLabel', () => {
  it('is the type name + 门诊', () => {
    expect(sourceTypeLabel('NORMAL')).toBe('普通门诊');
    expect(sourceTypeLabel('EXPERT')).toBe('专家门诊');
    expect(sourceTypeLabel('EMERGENCY')).toBe('急诊门诊');
    expect(sourceTypeLabel('DEPARTMENT')).toBe('科室门诊');
    expect(sourceTypeLabel('VIP')).toBe('特需门诊');
  });

  it('reads an empty or unknown type as 普通门诊', () => {
    expect(sourceTypeLabel(null)).toBe('普通门诊');
    expect(sourceTypeLabel(undefined)).toBe('普通门诊');
    expect(sourceTypeLabel('')).toBe('普通门诊');
    expect(sourceTypeLabel('SPECIAL')).toBe('普通门诊');
  });
});

describe('half-day and date labels', () => {
  it('reads half-days', () => {
    expect(halfDayLabel('AM')).toBe('上午');
    expect(halfDayLabel('PM')).toBe('下午');
    expect(halfDayLabel('EVENING')).toBe('');
    expect(halfDayLabel(null)).toBe('');
  });

  it('names weekdays and month-days', () => {
    expect(weekdayLabel('2026-03-05')).toBe('周四');
    expect(weekdayLabel('2026-03-08')).toBe('周日');
    expect(weekdayLabel('2026-03-09')).toBe('周一');
    expect(weekdayLabel('1969-12-31')).toBe('周三');
    expect(weekdayLabel('2026-02-30')).toBe('');
    expect(monthDayLabel('2026-03-05')).toBe('3月5日');
    expect(monthDayLabel('2026-12-25')).toBe('12月25日');
  });

  it('says 今天 and 明天 relative to today, else the weekday', () => {
    const today = '2026-03-05';
    expect(dayLabel('2026-03-05', today)).toBe('今天');
    expect(dayLabel('2026-03-06', today)).toBe('明天');
    expect(dayLabel('2026-03-07', today)).toBe('周六');
    expect(dayLabel('2026-03-04', today)).toBe('周三');
    expect(dateLabel('2026-03-05', today)).toBe('今天 3月5日');
    expect(dateLabel('2026-03-06', today)).toBe('明天 3月6日');
    expect(dateLabel('2026-03-07', today)).toBe('周六 3月7日');
    expect(dateLabel('2026-02-28', '2026-02-27')).toBe('明天 2月28日');
    expect(dateLabel('2026-03-01', '2026-02-28')).toBe('明天 3月1日');
    expect(visitTimeLabel('2026-03-06', 'PM', today)).toBe('明天 3月6日 下午');
    expect(visitTimeLabel('2026-03-09', 'AM', today)).toBe('周一 3月9日 上午');
  });

  it('takes today in China (UTC+8)', () => {
    // 2026-03-05 17:00 UTC is already 03-06 01:00 in China.
    expect(todayInChina(Date.UTC(2026, 2, 5, 17, 0))).toBe('2026-03-06');
    expect(todayInChina(Date.UTC(2026, 2, 5, 15, 59))).toBe('2026-03-05');
  });

  it('adds days across months and years and checks dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-3-5')).toBe(false);
  });
});
