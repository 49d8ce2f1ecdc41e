import { serverNow } from '@patient/api-client';
import type { AppointmentOrder, AppointmentStatus } from '@patient/contract';
import { dateTime } from './format.ts';

/** How a status looks: a badge colour and the banner's tint. */
export type StatusTone = 'warning' | 'success' | 'muted' | 'danger';

/** What the patient can do next from the list (the detail page offers the full set). */
export type NextAction = 'continue' | 'pay' | 'view' | 'rebook';

export interface StatusInfo {
  /** Short label for badges and tabs, e.g. '待支付'. */
  label: string;
  /** One sentence: what happened and what the patient can do next. */
  hint: string;
  tone: StatusTone;
  next: NextAction;
}

/** The Chinese texts of every appointment status. */
export const ORDER_STATUS: Readonly<Record<AppointmentStatus, StatusInfo>> = {
  LOCKED: {
    label: '待确认',
    hint: '号源已为您保留，请在倒计时结束前选择就诊人并完成支付',
    tone: 'warning',
    next: 'continue',
  },
  PENDING_PAYMENT: {
    label: '待支付',
    hint: '请在倒计时结束前完成支付，超时未支付将自动取消并释放号源',
    tone: 'warning',
    next: 'pay',
  },
  BOOKED: {
    label: '已预约',
    hint: '预约成功，请按时到院就诊；如需取消，请在取消截止时间前操作',
    tone: 'success',
    next: 'view',
  },
  CANCELLED: {
    label: '已取消',
    hint: '预约已取消，号源已释放；如需就诊请重新预约',
    tone: 'muted',
    next: 'rebook',
  },
  REFUNDING: {
    label: '退款中',
    hint: '已退号，号源已释放；挂号费正在原路退回，支付渠道确认到账后显示为已退款',
    tone: 'warning',
    next: 'rebook',
  },
  REFUNDED: {
    label: '已退款',
    hint: '已退号，挂号费已原路退回（到账时间以银行或支付渠道为准）',
    tone: 'muted',
    next: 'rebook',
  },
  EXPIRED: {
    label: '已超时',
    hint: '未在保留时间内完成支付，预约已自动取消；如需就诊请重新预约',
    tone: 'muted',
    next: 'rebook',
  },
  STOPPED: {
    label: '已停诊',
    hint: '医生停诊，本次预约已取消，已支付的费用将原路退回；请重新预约其他医生或时间',
    tone: 'danger',
    next: 'rebook',
  },
  VISITED: {
    label: '已就诊',
    hint: '您已完成本次就诊，祝您早日康复',
    tone: 'success',
    next: 'rebook',
  },
};

/**
 * A status the client does not know (a newer service) reads as finished, like the other order lists of the
 * spec (000 §4: unknown statuses display as completed), with no action but the detail.
 */
const UNKNOWN: StatusInfo = {
  label: '已完成',
  hint: '如对预约有疑问，请联系医院',
  tone: 'muted',
  next: 'view',
};

/** The texts of `status`; an unknown status reads as completed. */
export function statusInfo(status: string): StatusInfo {
  return Object.prototype.hasOwnProperty.call(ORDER_STATUS, status)
    ? ORDER_STATUS[status as AppointmentStatus]
    : UNKNOWN;
}

/** Statuses whose slot is held until holdExpiresAt. */
export const HELD_STATUSES: readonly AppointmentStatus[] = ['LOCKED', 'PENDING_PAYMENT'];

/**
 * The status to show at `now`: a held order whose hold has run out is expired even before the service has
 * noticed (it expires holds on its own; the next load confirms it).
 */
export function shownStatus(
  order: Pick<AppointmentOrder, 'status' | 'holdExpiresAt'>,
  now: number = serverNow(),
): AppointmentStatus {
  if (!HELD_STATUSES.includes(order.status) || order.holdExpiresAt === null) return order.status;
  const end = Date.parse(order.holdExpiresAt);
  return Number.isFinite(end) && end <= now ? 'EXPIRED' : order.status;
}

/** Whether a paid order may still be cancelled (and refunded) at `now`. */
export function beforeCancelDeadline(
  order: Pick<AppointmentOrder, 'cancelDeadline'>,
  now = serverNow(),
): boolean {
  const deadline = Date.parse(order.cancelDeadline);
  return Number.isFinite(deadline) && now < deadline;
}

/** The line that replaces the cancel button of a paid order after the hospital's cancel deadline. */
export const deadlinePassedText = (deadline: string) =>
  `已过取消截止时间（${dateTime(deadline)}），如需取消请联系医院`;

/** The filter tabs of the appointment list; undefined is every status. */
export const STATUS_TABS: readonly { label: string; status: AppointmentStatus | undefined }[] = [
  { label: '全部', status: undefined },
  { label: '待支付', status: 'PENDING_PAYMENT' },
  { label: '已预约', status: 'BOOKED' },
  { label: '已就诊', status: 'VISITED' },
  { label: '已取消', status: 'CANCELLED' },
  { label: '已退款', status: 'REFUNDED' },
];
