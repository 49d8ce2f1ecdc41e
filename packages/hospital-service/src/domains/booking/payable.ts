import { maskName } from '@patient/validation';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { businessError, conflict } from '../../platform/http/errors.ts';
import { notify } from '../notifications/index.ts';
import type { PaidOutcome, Payable, PayableOrder } from '../payments/index.ts';
import { feeItems } from './fees.ts';
import { claimablePlaces, effectiveStatus, lockSources, type OrderRow } from './orders.ts';
import { PERIOD_NAME, type Period } from './rules.ts';
import { appointmentOrders, departments, doctors, schedules, sources } from './tables.ts';

/** Why an order in this status cannot be paid (BOOKED and VISITED are PAID: the payment is answered). */
function notPayable(status: string) {
  switch (status) {
    case 'LOCKED':
      return businessError(400, '请先提交订单', '请先选择就诊人和就诊卡并提交订单，再进行支付');
    case 'EXPIRED':
      return conflict('订单已失效', '订单超时未支付，号源已释放，请重新预约');
    case 'CANCELLED':
      return conflict('订单已取消', '该订单已取消，不能支付');
    case 'REFUNDED':
      return conflict('订单已退号', '该订单已退号退费，不能再次支付');
    case 'STOPPED':
      return conflict('医生已停诊', '该号源已停诊，不能支付');
    default:
      return conflict('订单不能支付', '订单状态已变化，请刷新后重试');
  }
}

/** The order's half-day and slot, for the description and the cashier. */
async function describeOrder(db: DbOrTx, order: OrderRow, now: Date): Promise<PayableOrder> {
  const [facts] = await db
    .select({
      department: departments.name,
      doctor: doctors.name,
      doctorTitle: doctors.title,
      startTime: sources.startTime,
      endTime: sources.endTime,
    })
    .from(schedules)
    .innerJoin(departments, eq(departments.id, schedules.departmentId))
    .leftJoin(doctors, eq(doctors.id, schedules.doctorId))
    .innerJoin(sources, eq(sources.id, order.sourceId))
    .where(eq(schedules.id, order.scheduleId));
  const status = effectiveStatus(order, now);
  const who = facts.doctor ? `${facts.doctor} ${facts.doctorTitle ?? ''}`.trim() : '普通门诊';
  const what = `${facts.department} · ${who}`;
  return {
    id: order.id,
    userId: order.userId,
    hospitalId: order.hospitalId,
    amountFen: order.selfPays,
    payability:
      status === 'PENDING_PAYMENT'
        ? 'PAYABLE'
        : status === 'BOOKED' || status === 'VISITED'
          ? 'PAID'
          : notPayable(status),
    holdEndsAt: status === 'PENDING_PAYMENT' ? order.holdExpiresAt : null,
    description: `预约挂号 ${what}`.slice(0, 127),
    detailPath: `/appointmentDetail/${order.id}`,
    contactId: order.contactId,
    settlement: {
      mode: order.settlementMode === 'MEDICAL' ? 'MEDICAL' : 'SELF',
      totalFen: order.fee,
      fundFen: order.fundPays,
      accountFen: order.accountPays,
      cashFen: order.selfPays,
    },
    facts: [
      ['商品', `预约挂号 · ${what}`],
      [
        '就诊时间',
        `${order.visitDate} ${PERIOD_NAME[order.period as Period]} ${facts.startTime}-${facts.endTime}`,
      ],
      ['就诊人', order.patientName ? maskName(order.patientName) : '—'],
      ['订单号', String(order.id)],
    ],
  };
}

/** The order row, locked: its source first, then the order (the order every booking path locks in). */
async function lockOrder(tx: DbOrTx, orderId: number): Promise<OrderRow | null> {
  const [known] = await tx
    .select({ sourceId: appointmentOrders.sourceId })
    .from(appointmentOrders)
    .where(eq(appointmentOrders.id, orderId));
  if (!known) return null;
  await lockSources(tx, [known.sourceId]);
  const [order] = await tx
    .select()
    .from(appointmentOrders)
    .where(eq(appointmentOrders.id, orderId))
    .for('update');
  return order;
}

/** Gives the paid order its place: BOOKED with the half-day's next visit number. */
async function book(tx: DbOrTx, order: OrderRow, now: Date): Promise<PaidOutcome> {
  const [{ seq }] = await tx
    .update(schedules)
    .set({ visitSeq: sql`${schedules.visitSeq} + 1` })
    .where(eq(schedules.id, order.scheduleId))
    .returning({ seq: schedules.visitSeq });
  const [{ reserved }] = await tx
    .select({ reserved: sql<number>`coalesce(sum(${sources.reserved}), 0)::int` })
    .from(sources)
    .where(eq(sources.scheduleId, order.scheduleId));
  await tx
    .update(appointmentOrders)
    .set({
      status: 'BOOKED',
      paidAt: now,
      visitNumber: String(reserved + seq).padStart(3, '0'),
      updatedAt: now,
      // The HIS turns its hold into the appointment (syncHisHolds: at once by the sweeper, retried until told).
      ...(order.hisHoldRef === null ? {} : { hisSync: 'CONFIRM' }),
    })
    .where(eq(appointmentOrders.id, order.id));
  const described = await describeOrder(tx, order, now);
  await notify(tx, {
    userId: order.userId,
    hospitalId: order.hospitalId,
    contactId: order.contactId,
    kind: 'APPOINTMENT',
    title: '预约成功',
    body: [
      `${order.patientName ? maskName(order.patientName) : '您'}已成功预约${described.facts[0][1].replace('预约挂号 · ', '')}。`,
      `就诊时间：${described.facts[1][1]}`,
      '请按时到院签到候诊；如需取消，请在退号截止时间前在“挂号记录”中办理。',
    ],
    link: described.detailPath,
    at: now,
  });
  return { kept: true };
}

/** Money that arrived for an order that cannot take it: the order is REFUNDING, for `reason`. */
async function giveBack(tx: DbOrTx, order: OrderRow, now: Date, reason: string): Promise<PaidOutcome> {
  await tx
    .update(appointmentOrders)
    .set({
      // A stopped clinic's order stays STOPPED (its own status); the refund's end sets refundedAt.
      status: order.status === 'STOPPED' ? 'STOPPED' : 'REFUNDING',
      paidAt: now,
      cancelledAt: order.cancelledAt ?? now,
      cancelReason: reason,
      updatedAt: now,
      ...(order.hisHoldRef === null ? {} : { hisSync: 'RELEASE' }),
    })
    .where(eq(appointmentOrders.id, order.id));
  return { kept: false, reason };
}

/** Appointments as payments sees them (orderType APPOINTMENT). */
export const appointmentPayable: Payable = {
  orderType: 'APPOINTMENT',

  async lock(tx, orderId, now) {
    const order = await lockOrder(tx, orderId);
    return order && describeOrder(tx, order, now);
  },

  async describe(db, orderId, now) {
    const [order] = await db.select().from(appointmentOrders).where(eq(appointmentOrders.id, orderId));
    return order ? describeOrder(db, order, now) : null;
  },

  /**
   * Within the hold the order is BOOKED. If the hold ran out meanwhile the patient still gets the slot when
   * it is free; otherwise, and for a cancelled order or a stopped clinic, the money goes back.
   */
  async paid(tx, orderId, now, refusal) {
    const [order] = await tx.select().from(appointmentOrders).where(eq(appointmentOrders.id, orderId));
    if (refusal) return giveBack(tx, order, now, refusal);
    const status = effectiveStatus(order, now);
    if (status === 'PENDING_PAYMENT') return book(tx, order, now);
    if (status === 'EXPIRED') {
      // The source is locked (lock). Expired holds, this one included, give their place back first; booking
      // then claims it again, and the database's capacity check has the last word.
      const [schedule] = await tx.select().from(schedules).where(eq(schedules.id, order.scheduleId));
      if (schedule.state !== 'STOPED' && (await claimablePlaces(tx, order.sourceId, now)) > 0) {
        return book(tx, order, now);
      }
      return giveBack(tx, order, now, '支付时号源保留已超时且号源已被预约，支付款项已原路退回');
    }
    if (status === 'STOPPED') return giveBack(tx, order, now, '医生已停诊，支付款项已原路退回');
    return giveBack(tx, order, now, '订单已取消，支付款项已原路退回');
  },

  async refunded(tx, orderId, refundedAt) {
    const [order] = await tx.select().from(appointmentOrders).where(eq(appointmentOrders.id, orderId));
    await tx
      .update(appointmentOrders)
      .set({
        status: order.status === 'REFUNDING' ? 'REFUNDED' : order.status,
        refundedAt,
        updatedAt: refundedAt,
      })
      .where(eq(appointmentOrders.id, orderId));
  },

  async feeItems(db, orderId) {
    const [row] = await db
      .select({ fee: appointmentOrders.fee, sourceType: schedules.sourceType })
      .from(appointmentOrders)
      .innerJoin(schedules, eq(schedules.id, appointmentOrders.scheduleId))
      .where(eq(appointmentOrders.id, orderId));
    return row
      ? feeItems(row.fee, row.sourceType).map(({ amount, ...item }) => ({ ...item, amountFen: amount }))
      : [];
  },

  async applySettlement(tx, orderId, settlement, now) {
    await tx
      .update(appointmentOrders)
      .set({
        settlementMode: settlement.mode,
        insurancePays: settlement.fundFen + settlement.accountFen,
        fundPays: settlement.fundFen,
        accountPays: settlement.accountFen,
        selfPays: settlement.cashFen,
        updatedAt: now,
      })
      .where(eq(appointmentOrders.id, orderId));
  },
};
