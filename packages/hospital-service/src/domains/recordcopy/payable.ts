import { maskName } from '@patient/validation';
import { eq } from 'drizzle-orm';
import { conflict } from '../../platform/http/errors.ts';
import type { Payable, PayableOrder } from '../payments/index.ts';
import { type OrderRow, PAID_STATUSES } from './orders.ts';
import { recordCopyOrders } from './tables.ts';

function describeOrder(order: OrderRow): PayableOrder {
  const total = order.copyFee + order.postage;
  const what = `${order.purposeName} · ${order.stays.length}次住院 · ${order.copies}份`;
  return {
    id: order.id,
    userId: order.userId,
    hospitalId: order.hospitalId,
    amountFen: total,
    payability:
      order.status === 'NO_PAY'
        ? 'PAYABLE'
        : PAID_STATUSES.has(order.status)
          ? 'PAID'
          : order.status === 'CANCEL'
            ? conflict('申请已取消', '该病案复印申请已取消，不能支付')
            : conflict('申请未通过审核', '该病案复印申请未通过审核，不能支付'),
    holdEndsAt: null,
    description: `病案复印 ${what}`.slice(0, 127),
    detailPath: `/medicalRecord/recordDetail/${order.id}`,
    contactId: order.contactId,
    settlement: { mode: 'SELF', totalFen: total, fundFen: 0, accountFen: 0, cashFen: total },
    facts: [
      ['商品', `病案复印 · ${what}`],
      ['患者', maskName(order.patientName)],
      ['领取方式', order.delivery === 'EXPRESS' ? '快递邮寄' : '到院自取'],
      ['订单号', String(order.id)],
    ],
  };
}

/** Record copies as payments sees them (orderType RECORD_COPY): the copy fee and postage, paid before review. */
export const recordCopyPayable: Payable = {
  orderType: 'RECORD_COPY',

  async lock(tx, orderId) {
    const [order] = await tx
      .select()
      .from(recordCopyOrders)
      .where(eq(recordCopyOrders.id, orderId))
      .for('update');
    return order ? describeOrder(order) : null;
  },

  async describe(db, orderId) {
    const [order] = await db.select().from(recordCopyOrders).where(eq(recordCopyOrders.id, orderId));
    return order ? describeOrder(order) : null;
  },

  /** An order waiting for its money goes to review; a cancelled one gives the money back. */
  async paid(tx, orderId, now, refusal) {
    const [order] = await tx.select().from(recordCopyOrders).where(eq(recordCopyOrders.id, orderId));
    if (!refusal && order.status === 'NO_PAY') {
      await tx
        .update(recordCopyOrders)
        .set({ status: 'NO_REVIEWED', paidAt: now, updatedAt: now })
        .where(eq(recordCopyOrders.id, orderId));
      return { kept: true };
    }
    await tx
      .update(recordCopyOrders)
      .set({ paidAt: now, updatedAt: now })
      .where(eq(recordCopyOrders.id, orderId));
    return { kept: false, reason: refusal ?? '病案复印申请已取消，支付款项已原路退回' };
  },

  async refunded(tx, orderId, refundedAt) {
    await tx.update(recordCopyOrders).set({ updatedAt: refundedAt }).where(eq(recordCopyOrders.id, orderId));
  },

  async feeItems(db, orderId) {
    const [order] = await db.select().from(recordCopyOrders).where(eq(recordCopyOrders.id, orderId));
    if (!order) return [];
    return [
      { code: 'RECORD_COPY', name: '病案复印费', amountFen: order.copyFee },
      ...(order.postage > 0 ? [{ code: 'POSTAGE', name: '邮寄费', amountFen: order.postage }] : []),
    ];
  },

  async applySettlement() {
    // Self-paid: nothing of a record copy is covered, the whole fee is the cash part.
  },
};
