import { describe, expect, it } from 'vitest';
import { HOSPITALS } from '../hospitals/index.ts';
import { feeItems } from './fees.ts';
import {
  type BookingRules,
  cancelDeadline,
  cancelRuleText,
  chinaLabel,
  closedReason,
  holdMs,
  lastBookableDate,
  windowDates,
} from './rules.ts';
import { bookingRuleRow } from './seed.ts';

const rulesOf = (id: string) =>
  bookingRuleRow(HOSPITALS.find((h) => h.id === id) as (typeof HOSPITALS)[number]) as BookingRules;
const at = (chinaTime: string) => new Date(`${chinaTime}:00+08:00`);

describe('booking rules', () => {
  it('seeds the rules of README “Booking rules” for every hospital', () => {
    const table = HOSPITALS.map((h) => {
      const r = rulesOf(h.id);
      return [
        h.id,
        r.daysAhead,
        r.releaseTime,
        `${r.sameDayCutoffAm}/${r.sameDayCutoffPm}`,
        cancelRuleText(r),
        r.holdMinutes,
        r.dailyLimit,
      ];
    });
    expect(table).toEqual([
      ['1000', 7, '08:00', '11:30/17:00', '就诊时段开始前2小时', 10, 3],
      ['1001', 7, '08:00', '11:00/17:00', '就诊前一日18:00前', 5, 3],
      ['1002', 14, '07:30', '08:00/14:00', '就诊前一日18:00前', 10, 3],
      ['1003', 7, '08:00', '08:00/14:00', '就诊前一日18:00前', 10, 3],
      ['1004', 14, '15:00', '11:30/17:00', '就诊时段开始前24小时', 15, 2],
      ['1005', 7, '08:00', '11:30/17:00', '就诊时段开始前2小时', 10, 3],
      ['1006', 14, '20:00', '11:30/17:00', '就诊前一日18:00前', 10, 3],
      ['1007', 7, '07:00', '11:00/16:30', '就诊时段开始前1小时', 10, 4],
      ['1008', 14, '00:00', '08:00/14:00', '就诊时段开始前24小时', 15, 2],
    ]);
  });

  it('opens the last day of the window at the release time (China time)', () => {
    const r = rulesOf('1000');
    expect(lastBookableDate(r, at('2025-03-10T07:59'))).toBe('2025-03-16');
    expect(lastBookableDate(r, at('2025-03-10T08:00'))).toBe('2025-03-17');
    expect(windowDates(r, at('2025-03-10T08:00'), false)).toHaveLength(7);
    expect(windowDates(r, at('2025-03-10T08:00'), true)).toEqual(['2025-03-10']);
    // Midnight release: the whole 14 days all day.
    expect(lastBookableDate(rulesOf('1008'), at('2025-03-10T00:00'))).toBe('2025-03-24');
    // 23:30 China time is still the same China day, whatever the server's zone.
    expect(windowDates(r, new Date('2025-03-10T15:30:00Z'), true)).toEqual(['2025-03-10']);
  });

  it('explains why a slot cannot be booked', () => {
    const r = rulesOf('1000');
    const now = at('2025-03-10T09:30');
    expect(closedReason(r, now, { date: '2025-03-09', period: 'MORNING' })).toBe(
      '该号源的就诊日期已过，请选择其他日期',
    );
    expect(closedReason(r, now, { date: '2025-03-10', period: 'MORNING' }, { endTime: '10:00' })).toBeNull();
    expect(closedReason(r, now, { date: '2025-03-10', period: 'MORNING' }, { endTime: '09:00' })).toBe(
      '该时段已过，请选择其他时段',
    );
    expect(closedReason(r, at('2025-03-10T11:30'), { date: '2025-03-10', period: 'MORNING' })).toBe(
      '当日上午的号源已于11:30停止预约，请选择其他时段',
    );
    expect(closedReason(r, at('2025-03-10T17:00'), { date: '2025-03-10', period: 'AFTERNOON' })).toBe(
      '当日下午的号源已于17:00停止预约，请选择其他时段',
    );
    expect(closedReason(r, at('2025-03-10T07:00'), { date: '2025-03-17', period: 'MORNING' })).toBe(
      '该日号源将于今日08:00开放预约，请届时再来',
    );
    expect(closedReason(r, now, { date: '2025-03-18', period: 'MORNING' })).toBe(
      '仅可预约7天内的号源（每日08:00放出新一天的号源）',
    );
  });

  it('computes the cancel deadline per hospital and the hold period', () => {
    expect(cancelDeadline(rulesOf('1000'), '2025-03-12', '14:00')).toEqual(at('2025-03-12T12:00'));
    expect(cancelDeadline(rulesOf('1001'), '2025-03-12', '14:00')).toEqual(at('2025-03-11T18:00'));
    expect(cancelDeadline(rulesOf('1004'), '2025-03-12', '08:00')).toEqual(at('2025-03-11T08:00'));
    expect(chinaLabel(at('2025-03-11T18:00'))).toBe('3月11日 18:00');
    expect(holdMs(rulesOf('1000'), null)).toBe(600_000);
    expect(holdMs(rulesOf('1001'), null)).toBe(300_000);
    expect(holdMs(rulesOf('1001'), 0.5)).toBe(30_000);
  });
});

describe('fees', () => {
  it('splits 挂号费 and 诊查费, coded for the insurance centre by source type', () => {
    expect(feeItems(5000, 'NORMAL')).toEqual([
      { code: 'REGISTRATION', name: '挂号费', amount: 100 },
      { code: 'CONSULTATION', name: '诊查费', amount: 4900 },
    ]);
    expect(feeItems(5000, 'EXPERT')[1].code).toBe('CONSULTATION_EXPERT');
    expect(feeItems(30000, 'VIP')[1].code).toBe('CONSULTATION_SPECIAL');
    expect(feeItems(80, 'NORMAL')).toEqual([{ code: 'REGISTRATION', name: '挂号费', amount: 80 }]);
  });
});
