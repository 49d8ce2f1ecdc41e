import { type NucleicAcidOrder, nucleicAcidStatusOf } from '@patient/contract';
import type { StatusLook } from '@patient/feature-kit';

/** The order's status as a badge or banner; a cancelled paid order says where its money is. */
export function statusLook(order: Pick<NucleicAcidOrder, 'status' | 'refund' | 'result'>): StatusLook {
  const info = nucleicAcidStatusOf(order.status);
  const refund =
    order.refund?.status === 'REFUNDING'
      ? '，退款处理中'
      : order.refund?.status === 'REFUNDED'
        ? '，已退款'
        : '';
  if (info.status === 'REPORTED' && order.result) {
    const positive = order.result.result === 'POSITIVE';
    return {
      label: positive ? '阳性' : '阴性',
      hint: positive ? '检测结果为阳性，请按医院要求尽快就诊' : '检测结果为阴性',
      tone: positive ? 'danger' : 'success',
    };
  }
  return { label: info.title, hint: `${info.hint}${refund}`, tone: info.tone };
}

export const RESULT_NAMES = { NEGATIVE: '阴性（-）', POSITIVE: '阳性（+）' } as const;
