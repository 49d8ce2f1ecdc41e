import { maskName } from '@patient/validation';
import { eq } from 'drizzle-orm';
import { conflict } from '../../platform/http/errors.ts';
import type { Payable, PayableOrder } from '../payments/index.ts';
import { type OrderRow, PAID_STATUSES } from './orders.ts';
import { nucleicAcidOrders } from './tables.ts';

function describeOrder(order: OrderRow): PayableOrder {
  return {
    id: order.id,
    userId: order.userId,
    hospitalId: order.hospitalId,
    amountFen: order.priceFen,
    payability:
      order.status === 'NO_PAY'
        ? 'PAYABLE'
        : PAID_STATUSES.has(order.status)
          ? 'PAID'
          : conflict('预约已取消', '该核酸检测预约已取消，不能支付'),
    holdEndsAt: null,
    description: `核酸检测 ${order.itemName}`.slice(0, 127),
    detailPath: `/nucleicAcidDetail/${order.id}`,
    contactId: order.contactId,
    settlement: {
      mode: 'SELF',
      totalFen: order.priceFen,
      fundFen: 0,
      accountFen: 0,
      cashFen: order.priceFen,
    },
    facts: [
      ['商品', `核酸检测 · ${order.itemName}`],
      ['被检测人', maskName(order.patientName)],
      ['订单号', String(order.id)],
    ],
  };
}

/** Nucleic acid tests as payments sees them (orderType NUCLEIC_ACID): the test's price, paid before sampling. */
export const nucleicAcidPayable: Payable = {
  orderType: 'NUCLEIC_ACID',

  async lock(tx, orderId) {
    const [order] = await tx
      .select()
      .from(nucleicAcidOrders)
      .where(eq(nucleicAcidOrders.id, orderId))
      .for('update');
    return order ? describeOrder(order) : null;
  },

  async describe(db, orderId) {
    const [order] = await db.select().from(nucleicAcidOrders).where(eq(nucleicAcidOrders.id, orderId));
    return order ? describeOrder(order) : null;
  },

  /** An order waiting for its money waits for sampling; a cancelled one gives the money back. */
  async paid(tx, orderId, now, refusal) {
    const [order] = await tx.select().from(nucleicAcidOrders).where(eq(nucleicAcidOrders.id, orderId));
    if (!refusal && order.status === 'NO_PAY') {
      await tx
        .update(nucleicAcidOrders)
        .set({ status: 'PAID', paidAt: now, updatedAt: now })
        .where(eq(nucleicAcidOrders.id, orderId));
      return { kept: true };
    }
    await tx
      .update(nucleicAcidOrders)
      .set({ paidAt: now, updatedAt: now })
      .where(eq(nucleicAcidOrders.id, orderId));
    return { kept: false, reason: refusal ?? '核酸检测预约已取消，支付款项已原路退回' };
  },

  async refunded(tx, orderId, refundedAt) {
    await tx
      .update(nucleicAcidOrders)
      .set({ updatedAt: refundedAt })
      .where(eq(nucleicAcidOrders.id, orderId));
  },

  async feeItems(db, orderId) {
    const [order] = await db.select().from(nucleicAcidOrders).where(eq(nucleicAcidOrders.id, orderId));
    return order
      ? [{ code: `NAT_${order.type}`, name: `核酸检测（${order.itemName}）`, amountFen: order.priceFen }]
      : [];
  },

  async applySettlement() {
    // Self-paid: the whole price is the cash part.
  },
};
