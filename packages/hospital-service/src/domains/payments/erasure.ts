import { formatYuan } from '@patient/validation';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import type { DeletionBlocker, Detached } from '../../platform/privacy/erasure.ts';
import { payers, payments, refunds } from './tables.ts';

const ORDER_NAMES: Record<string, string> = {
  APPOINTMENT: '挂号',
  OUTPATIENT_FEE: '门诊缴费',
  INPATIENT_DEPOSIT: '住院预交金',
  INPATIENT_SETTLEMENT: '出院结算',
  ACCOUNT_RECHARGE: '预交金充值',
  RECORD_COPY: '病案复印',
  NUCLEIC_ACID: '核酸检测',
};

const day = (d: Date) => d.toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });

/** Money in flight at the payment providers: a payment started and not finished, a refund not paid back yet. */
export async function blockersOfDeletion(tx: Tx, accountId: number): Promise<DeletionBlocker[]> {
  const rows = await tx
    .select({
      orderType: payments.orderType,
      amount: payments.amount,
      status: payments.status,
      createdAt: payments.createdAt,
      refundStatus: refunds.status,
      refundAmount: refunds.amount,
    })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(
      and(eq(payments.userId, accountId), inArray(payments.status, ['PENDING', 'REFUNDING', 'REFUNDED'])),
    );
  const blockers: DeletionBlocker[] = [];
  for (const r of rows) {
    const what = `${day(r.createdAt)}的${ORDER_NAMES[r.orderType] ?? ''}订单`;
    if (r.status === 'PENDING') {
      blockers.push({
        kind: 'UNPAID_ORDER',
        message: `${what}（${formatYuan(r.amount)}）正在支付中：请完成支付或取消订单后再办理`,
      });
    } else if (r.status === 'REFUNDING' || r.refundStatus === 'PROCESSING') {
      blockers.push({
        kind: 'REFUND_IN_PROGRESS',
        message: `${what}的退款（${formatYuan(r.refundAmount ?? r.amount)}）正在办理：请待退款到账后再办理`,
      });
    }
  }
  return blockers;
}

/**
 * Payments and refunds are accounting records: kept, moved to the detached account. The payer ids the
 * providers gave (openid) are deleted.
 */
export async function erasePersonalData(tx: Tx, accountId: number, detached: Detached): Promise<void> {
  await tx.delete(payers).where(eq(payers.userId, accountId));
  await tx.update(payments).set({ userId: detached.userId }).where(eq(payments.userId, accountId));
}
