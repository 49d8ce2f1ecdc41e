import { type RecordCopyOrder, recordCopyStatusOf } from '@patient/contract';
import type { StatusLook } from '@patient/feature-kit';

/** The order's status as a badge or banner (000 §4: an unknown status reads as completed). */
export function statusLook(order: Pick<RecordCopyOrder, 'status' | 'refund'>): StatusLook {
  const info = recordCopyStatusOf(order.status);
  const refund =
    order.refund?.status === 'REFUNDING'
      ? '，退款处理中'
      : order.refund?.status === 'REFUNDED'
        ? '，已退款'
        : '';
  return { label: info.title, hint: `${info.hint}${refund}`, tone: info.tone };
}

export const APPLICANT_NAMES = { SELF: '本人申请', AGENT: '代办申请' } as const;
export const DELIVERY_NAMES = { EXPRESS: '快递邮寄', PICKUP: '到院自取' } as const;
