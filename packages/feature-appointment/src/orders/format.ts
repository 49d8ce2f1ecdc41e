import type { ScheduleItem } from '@patient/contract';
import { formatYuan } from '@patient/validation';
import { halfDayLabel, sourceTypeLabel, weekdayLabel } from '../schedule/labels.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-05-12 周二': the full date of a visit (orders outlive the week strip, so no 今天/明天 here). */
export function dateLabel(date: string): string {
  const weekday = weekdayLabel(date);
  return weekday ? `${date} ${weekday}` : date;
}

/** The source type as a clinic name (000 §4): 专家门诊, an empty type 普通门诊. */
export const clinicLabel = sourceTypeLabel;

/** When the visit is: '2026-05-12 周二 上午 08:00-08:30'. */
export function visitTime(order: {
  schedule: Pick<ScheduleItem, 'date' | 'halfDay'>;
  source: { startTime: string; endTime: string };
}): string {
  const { schedule, source } = order;
  return `${dateLabel(schedule.date)} ${halfDayLabel(schedule.halfDay)} ${source.startTime}-${source.endTime}`;
}

/** Who sees the patient: '李明 主任医师', or the clinic for a department schedule without a named doctor. */
export function doctorLabel(schedule: Pick<ScheduleItem, 'doctorName' | 'doctorTitle' | 'type'>): string {
  if (!schedule.doctorName) return clinicLabel(schedule.type);
  return schedule.doctorTitle ? `${schedule.doctorName} ${schedule.doctorTitle}` : schedule.doctorName;
}

/** A timestamp in the phone's time zone: '2026-05-12 08:30'. */
export function dateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A card number with all but the last 4 characters hidden: '尾号5678'. */
export function cardTail(cardNo: string | null): string {
  if (!cardNo) return '—';
  return `尾号${Array.from(cardNo).slice(-4).join('')}`;
}

/** What goes back where when a paid order is cancelled: the cash part to the payment account, insurance's to insurance. */
export function refundText(order: { selfPays: number; insurancePays: number }): string {
  const back = '将原路退回您的支付账户（一般1-7个工作日到账）';
  return order.insurancePays > 0
    ? `自费部分 ${formatYuan(order.selfPays)} ${back}，医保支付的 ${formatYuan(order.insurancePays)} 退回医保`
    : `挂号费 ${formatYuan(order.selfPays)} ${back}`;
}
