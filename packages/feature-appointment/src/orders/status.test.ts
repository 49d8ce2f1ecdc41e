import type { AppointmentStatus } from '@patient/contract';

/** Every status of the contract (the apps carry no zod at run time, so the enum's options are not available). */
const STATUSES: AppointmentStatus[] = [
  'LOCKED',
  'PENDING_PAYMENT',
  'BOOKED',
  'CANCELLED',
  'REFUNDING',
  'REFUNDED',
  'EXPIRED',
  'STOPPED',
  'VISITED',
];

import { describe, expect, it } from 'vitest';
import { dateTime } from './format.ts';
import {
  beforeCancelDeadline,
  deadlinePassedText,
  ORDER_STATUS,
  STATUS_TABS,
  shownStatus,
  statusInfo,
} from './status.ts';

describe('ORDER_STATUS', () => {
  it('has a Chinese label, a hint with what to do next and an action for every status of the contract', () => {
    expect(Object.keys(ORDER_STATUS).sort()).toEqual([...STATUSES].sort());
    expect(
      Object.fromEntries(
        Object.entries(ORDER_STATUS).map(([status, info]) => [status, [info.label, info.next]]),
      ),
    ).toEqual({
      LOCKED: ['待确认', 'continue'],
      PENDING_PAYMENT: ['待支付', 'pay'],
      BOOKED: ['已预约', 'view'],
      CANCELLED: ['已取消', 'rebook'],
      REFUNDING: ['退款中', 'rebook'],
      REFUNDED: ['已退款', 'rebook'],
      EXPIRED: ['已超时', 'rebook'],
      STOPPED: ['已停诊', 'rebook'],
      VISITED: ['已就诊', 'rebook'],
    });
    for (const info of Object.values(ORDER_STATUS)) {
      expect(info.hint).toMatch(/^[\u4e00-\u9fa5]/);
      expect(info.hint.length).toBeGreaterThan(8);
    }
    expect(ORDER_STATUS.PENDING_PAYMENT.hint).toContain('倒计时');
    expect(ORDER_STATUS.REFUNDED.hint).toContain('原路退回');
    expect(ORDER_STATUS.REFUNDING.hint).toContain('正在原路退回');
    expect(ORDER_STATUS.STOPPED.hint).toContain('停诊');
    expect(ORDER_STATUS.EXPIRED.hint).toContain('重新预约');
  });

  it('reads an unknown status as completed, with the detail as the only action', () => {
    expect(statusInfo('SOMETHING_NEW')).toMatchObject({ label: '已完成', next: 'view' });
    expect(statusInfo('toString').label).toBe('已完成');
    expect(statusInfo('BOOKED')).toBe(ORDER_STATUS.BOOKED);
  });
});

describe('shownStatus', () => {
  const now = Date.parse('2030-05-01T08:00:00Z');
  it('shows a held order whose hold ran out as expired, before the service says so', () => {
    expect(shownStatus({ status: 'PENDING_PAYMENT', holdExpiresAt: '2030-05-01T07:59:59Z' }, now)).toBe(
      'EXPIRED',
    );
    expect(shownStatus({ status: 'LOCKED', holdExpiresAt: '2030-05-01T08:00:00Z' }, now)).toBe('EXPIRED');
    expect(shownStatus({ status: 'LOCKED', holdExpiresAt: '2030-05-01T08:00:01Z' }, now)).toBe('LOCKED');
    expect(shownStatus({ status: 'BOOKED', holdExpiresAt: '2030-05-01T07:00:00Z' }, now)).toBe('BOOKED');
    expect(shownStatus({ status: 'PENDING_PAYMENT', holdExpiresAt: null }, now)).toBe('PENDING_PAYMENT');
  });
});

describe('cancel deadline', () => {
  it('allows cancelling strictly before the deadline and explains it after', () => {
    const deadline = '2030-05-13T16:00:00.000Z';
    expect(beforeCancelDeadline({ cancelDeadline: deadline }, Date.parse(deadline) - 1)).toBe(true);
    expect(beforeCancelDeadline({ cancelDeadline: deadline }, Date.parse(deadline))).toBe(false);
    expect(beforeCancelDeadline({ cancelDeadline: 'garbage' })).toBe(false);
    expect(deadlinePassedText(deadline)).toBe(
      `已过取消截止时间（${dateTime(deadline)}），如需取消请联系医院`,
    );
  });
});

describe('STATUS_TABS', () => {
  it('starts with every status and filters by statuses of the contract', () => {
    expect(STATUS_TABS.map((t) => t.label)).toEqual([
      '全部',
      '待支付',
      '已预约',
      '已就诊',
      '已取消',
      '已退款',
    ]);
    expect(STATUS_TABS[0].status).toBeUndefined();
    for (const tab of STATUS_TABS.slice(1)) {
      expect(STATUSES).toContain(tab.status);
      expect(ORDER_STATUS[tab.status!].label).toBe(tab.label);
    }
  });
});
