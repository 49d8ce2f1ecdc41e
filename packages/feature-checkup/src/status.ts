import type { CheckupApplication } from '@patient/contract';

export type CheckupStatus = CheckupApplication['status'];

export interface CheckupStatusInfo {
  label: string;
  /** What it means and what the patient can do next. */
  hint: string;
  tone: 'warning' | 'success' | 'muted';
}

/** The Chinese texts of the check-up request statuses. */
export const CHECKUP_STATUS: Readonly<Record<CheckupStatus, CheckupStatusInfo>> = {
  UNBOOKED: { label: '待预约', hint: '请选择检查日期和时段完成预约', tone: 'warning' },
  BOOKED: { label: '已预约', hint: '请按预约时间到检查科室签到，检查前请阅读注意事项', tone: 'success' },
  CANCELLED: { label: '已取消', hint: '预约已取消，可重新预约', tone: 'muted' },
  DONE: { label: '已检查', hint: '检查已完成，报告出具后可在报告查询中查看', tone: 'muted' },
};

/** The texts of `status`; an unknown status reads as completed (000 §4). */
export function checkupStatusInfo(status: string): CheckupStatusInfo {
  return Object.prototype.hasOwnProperty.call(CHECKUP_STATUS, status)
    ? CHECKUP_STATUS[status as CheckupStatus]
    : { label: '已完成', hint: '如有疑问请联系检查科室', tone: 'muted' };
}

/** Whether the request can be booked (again): not booked yet, or its booking was cancelled. */
export const canBook = (status: string) => status === 'UNBOOKED' || status === 'CANCELLED';

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** '2030-05-14 周二' */
export function dateLabel(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).getUTCDay();
  return `${date} ${WEEKDAYS[day]}`;
}

/** '5月14日' and '周二', for the date strip. */
export function shortDate(date: string): { monthDay: string; weekday: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return { monthDay: date, weekday: '' };
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).getUTCDay();
  return { monthDay: `${Number(match[2])}月${Number(match[3])}日`, weekday: WEEKDAYS[day] };
}

/** A timestamp in the phone's time zone: '2030-05-12 08:30'. */
export function dateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 加急 when the request is urgent. */
export const isUrgent = (application: Pick<CheckupApplication, 'urgentFlag'>) =>
  application.urgentFlag === '1';
