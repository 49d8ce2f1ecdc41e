import { maskName } from '@patient/validation';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { businessError, conflict } from '../../platform/http/errors.ts';
import { contacts } from '../patients/index.ts';
import type { PaidOutcome, Payable, PayableOrder } from '../payments/index.ts';
import { askBilling, type BillingHis, BillingHisError } from './his.ts';
import {
  type ChargeRow,
  chargeStatus,
  chargesById,
  heldBy,
  type InpatientPaymentRow,
  ordersOfCharge,
  type StayRow,
  settlementOf,
  settleStay,
} from './store.ts';
import { inpatientPayments, inpatientStays, outpatientCharges, outpatientOrders } from './tables.ts';

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

async function nameOf(db: DbOrTx, contactId: number): Promise<string> {
  const [row] = await db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, contactId));
  return row ? maskName(row.name) : '—';
}

// ---- outpatient charges (OUTPATIENT_FEE) ----

function chargeRefusal(status: string) {
  switch (status) {
    case 'EXPIRED':
      return conflict('缴费单已超时', '缴费单锁定已超时，请返回重新选择处方');
    case 'CANCELLED':
      return conflict('缴费单已取消', '该缴费单已取消，请返回重新选择处方');
    default:
      return conflict('缴费单不能支付', '缴费单状态已变化，请刷新后重试');
  }
}

async function describeCharge(db: DbOrTx, charge: ChargeRow, now: Date): Promise<PayableOrder> {
  const orders = await ordersOfCharge(db, charge);
  const status = chargeStatus(charge, now);
  const titles = orders.map((o) => o.title).join('、');
  return {
    id: charge.id,
    userId: charge.userId,
    hospitalId: charge.hospitalId,
    amountFen: charge.selfPays,
    payability:
      status === 'PENDING'
        ? 'PAYABLE'
        : status === 'PAID' || status === 'REFUNDING' || status === 'REFUNDED'
          ? 'PAID'
          : chargeRefusal(status),
    holdEndsAt: status === 'PENDING' ? charge.lockExpiresAt : null,
    description: `门诊缴费 ${titles}`.slice(0, 127),
    detailPath: `/outpatientFee/detail/charge/${charge.id}`,
    facts: [
      ['商品', `门诊缴费 · ${orders.length} 张处方/申请单`],
      ['项目', titles],
      ['就诊人', await nameOf(db, charge.contactId)],
      ['缴费单号', String(charge.id)],
    ],
    contactId: charge.contactId,
    settlement: {
      mode: charge.settlementMode === 'MEDICAL' ? 'MEDICAL' : 'SELF',
      totalFen: charge.total,
      fundFen: charge.fundPays,
      accountFen: charge.accountPays,
      cashFen: charge.selfPays,
    },
  };
}

async function giveBackCharge(
  tx: DbOrTx,
  charge: ChargeRow,
  now: Date,
  reason: string,
): Promise<PaidOutcome> {
  await tx
    .update(outpatientCharges)
    .set({ status: 'REFUNDING', paidAt: now, refundReason: reason })
    .where(eq(outpatientCharges.id, charge.id));
  await tx.update(outpatientOrders).set({ chargeId: null }).where(eq(outpatientOrders.chargeId, charge.id));
  return { kept: false, reason };
}

/** The HIS's answer, or its refusal as the reason the money goes back. */
async function hisConfirms<T>(his: BillingHis, call: (his: BillingHis) => Promise<T>) {
  try {
    return { answer: await askBilling(his, call) };
  } catch (error) {
    if (error instanceof BillingHisError)
      return { refused: `医院收费系统未确认本次缴费（${error.message}），支付款项已原路退回` };
    throw error;
  }
}

/**
 * Outpatient charges as payments sees them: one payment for the orders merged in the charge, confirmed by the
 * HIS before the orders read paid.
 */
export const outpatientFeePayable = (his: BillingHis): Payable => ({
  orderType: 'OUTPATIENT_FEE',

  async lock(tx, orderId, now) {
    const [charge] = await tx
      .select()
      .from(outpatientCharges)
      .where(eq(outpatientCharges.id, orderId))
      .for('update');
    if (!charge) return null;
    await tx
      .select({ id: outpatientOrders.id })
      .from(outpatientOrders)
      .where(inArray(outpatientOrders.id, charge.orderIds))
      .for('update');
    return describeCharge(tx, charge, now);
  },

  async describe(db, orderId, now) {
    const [charge] = await db.select().from(outpatientCharges).where(eq(outpatientCharges.id, orderId));
    return charge ? describeCharge(db, charge, now) : null;
  },

  /**
   * The orders are paid at the HIS together. A charge whose lock ran out is still kept when none of its
   * orders was paid or taken by another charge meanwhile; otherwise the money goes back whole.
   */
  async paid(tx, orderId, now, refusal) {
    const [charge] = await tx.select().from(outpatientCharges).where(eq(outpatientCharges.id, orderId));
    if (refusal) return giveBackCharge(tx, charge, now, refusal);
    const status = chargeStatus(charge, now);
    const orders = await ordersOfCharge(tx, charge);
    const others = await chargesById(
      tx,
      orders.map((o) => (o.chargeId === charge.id ? null : o.chargeId)),
    );
    const free = orders.every((o) => o.status === 'UNPAID' && !heldBy(o, others, now));
    if ((status === 'PENDING' || status === 'EXPIRED') && free) {
      const confirmed = await hisConfirms(his, (h) =>
        h.confirmOutpatientPayment({
          hospitalId: charge.hospitalId,
          paymentNo: String(charge.id),
          hisOrderNos: orders.map((o) => o.hisOrderNo),
          amountFen: charge.total,
          paidAt: now,
        }),
      );
      if (!confirmed.answer) return giveBackCharge(tx, charge, now, confirmed.refused);
      await tx
        .update(outpatientCharges)
        .set({ status: 'PAID', paidAt: now, receiptNo: confirmed.answer.receiptNo })
        .where(eq(outpatientCharges.id, charge.id));
      await tx
        .update(outpatientOrders)
        .set({ status: 'PAID', paidAt: now, chargeId: charge.id })
        .where(inArray(outpatientOrders.id, charge.orderIds));
      return { kept: true };
    }
    if (status === 'CANCELLED') return giveBackCharge(tx, charge, now, '缴费单已取消，支付款项已原路退回');
    return giveBackCharge(tx, charge, now, '所选处方已在别处缴费或已作废，支付款项已原路退回');
  },

  /** The whole charge went back: invalidated orders are REFUNDED, the others can be paid again. */
  async refunded(tx, orderId, refundedAt) {
    const [charge] = await tx.select().from(outpatientCharges).where(eq(outpatientCharges.id, orderId));
    await tx
      .update(outpatientCharges)
      .set({ status: 'REFUNDED', refundedAt })
      .where(eq(outpatientCharges.id, orderId));
    const orders = await ordersOfCharge(tx, charge);
    for (const order of orders) {
      if (order.chargeId !== charge.id) continue;
      const invalid = order.invalidatedAt !== null;
      await tx
        .update(outpatientOrders)
        .set(invalid ? { status: 'REFUNDED' } : { status: 'UNPAID', paidAt: null, chargeId: null })
        .where(eq(outpatientOrders.id, order.id));
    }
  },

  async feeItems(db, orderId) {
    const [charge] = await db.select().from(outpatientCharges).where(eq(outpatientCharges.id, orderId));
    if (!charge) return [];
    const orders = await ordersOfCharge(db, charge);
    return orders.flatMap((o) =>
      o.items.map((i) => ({
        // Orders the HIS marks as not covered are paid in cash whatever their items.
        code: o.insuranceCovered ? i.code : `SELF_${i.code}`,
        name: i.name,
        amountFen: i.amount,
      })),
    );
  },

  async applySettlement(tx, orderId, settlement) {
    await tx
      .update(outpatientCharges)
      .set({
        settlementMode: settlement.mode,
        fundPays: settlement.fundFen,
        accountPays: settlement.accountFen,
        selfPays: settlement.cashFen,
      })
      .where(eq(outpatientCharges.id, orderId));
  },
});

// ---- inpatient deposits and settlements ----

async function lockInpatient(tx: DbOrTx, paymentId: number, kind: string) {
  const [known] = await tx
    .select({ stayId: inpatientPayments.stayId })
    .from(inpatientPayments)
    .where(eq(inpatientPayments.id, paymentId));
  if (!known) return null;
  const [stay] = await tx
    .select()
    .from(inpatientStays)
    .where(eq(inpatientStays.id, known.stayId))
    .for('update');
  const [row] = await tx
    .select()
    .from(inpatientPayments)
    .where(eq(inpatientPayments.id, paymentId))
    .for('update');
  return row.kind === kind ? { stay, row } : null;
}

async function readInpatient(db: DbOrTx, paymentId: number, kind: string) {
  const [row] = await db.select().from(inpatientPayments).where(eq(inpatientPayments.id, paymentId));
  if (row?.kind !== kind) return null;
  const [stay] = await db.select().from(inpatientStays).where(eq(inpatientStays.id, row.stayId));
  return { stay, row };
}

async function describeInpatient(
  db: DbOrTx,
  his: BillingHis,
  stay: StayRow,
  row: InpatientPaymentRow,
  now: Date,
): Promise<PayableOrder> {
  const deposit = row.kind === 'DEPOSIT';
  let payability: PayableOrder['payability'];
  if (row.status === 'PAID' || row.status === 'REFUNDING' || row.status === 'REFUNDED') payability = 'PAID';
  else if (row.status !== 'PENDING') payability = conflict('订单已关闭', '该笔缴费已关闭，请重新发起');
  else if (deposit && row.holdExpiresAt && row.holdExpiresAt <= now) {
    payability = conflict('订单已超时', '充值单已超时，请重新发起充值');
  } else if (deposit && stay.status !== 'IN_HOSPITAL') {
    payability = conflict('已出院', '该次住院已出院，不能再缴纳预交金');
  } else if (!deposit) {
    const settlement = await settlementOf(db, his, stay, { name: '' }, now);
    payability =
      stay.status === 'DISCHARGED' && settlement.owed === row.amount
        ? 'PAYABLE'
        : conflict('结算金额已变化', '出院结算金额已变化，请重新预结算');
  } else payability = 'PAYABLE';
  const what = deposit ? '住院预交金' : '出院结算补缴';
  return {
    id: row.id,
    userId: row.userId,
    hospitalId: stay.hospitalId,
    amountFen: row.amount,
    payability,
    holdEndsAt: deposit && row.status === 'PENDING' ? row.holdExpiresAt : null,
    description: `${what} 住院号${stay.admissionNo}`,
    detailPath: deposit
      ? `/inpatientFee/rechargePaySuccess?depositId=${row.id}`
      : `/inpatientFee/inpatientPaySuccess?inpatientId=${stay.id}`,
    facts: [
      ['商品', `${what} · ${yuan(row.amount)}`],
      ['住院号', stay.admissionNo],
      ['病区床位', `${stay.ward} ${stay.bed}`],
      ['就诊人', await nameOf(db, stay.contactId)],
    ],
    contactId: stay.contactId,
    settlement: { mode: 'SELF', totalFen: row.amount, fundFen: 0, accountFen: 0, cashFen: row.amount },
  };
}

function inpatientPayable(
  orderType: 'INPATIENT_DEPOSIT' | 'INPATIENT_SETTLEMENT',
  kind: 'DEPOSIT' | 'SETTLEMENT',
  his: BillingHis,
): Payable {
  return {
    orderType,
    async lock(tx, orderId, now) {
      const found = await lockInpatient(tx, orderId, kind);
      return found && describeInpatient(tx, his, found.stay, found.row, now);
    },
    async describe(db, orderId, now) {
      const found = await readInpatient(db, orderId, kind);
      return found && describeInpatient(db, his, found.stay, found.row, now);
    },
    async paid(tx, orderId, now, refusal) {
      const found = await readInpatient(tx, orderId, kind);
      if (!found) return { kept: false, reason: '缴费记录不存在，支付款项已原路退回' };
      const order = await describeInpatient(tx, his, found.stay, found.row, now);
      // A deposit paid just after its hold is still taken while the patient is in hospital.
      const late =
        kind === 'DEPOSIT' && found.row.status === 'PENDING' && found.stay.status === 'IN_HOSPITAL';
      let hisRefusal: string | undefined;
      if (!refusal && (order.payability === 'PAYABLE' || late)) {
        const { stay, row } = found;
        const confirmed = await hisConfirms(his, async (h) => {
          if (kind === 'DEPOSIT') {
            const { receiptNo } = await h.confirmDeposit({
              hospitalId: stay.hospitalId,
              admissionNo: stay.admissionNo,
              paymentNo: String(row.id),
              amountFen: row.amount,
              paidAt: now,
            });
            return { paymentReceiptNo: receiptNo, stayReceiptNo: null };
          }
          const settled = await h.settleStay({
            hospitalId: stay.hospitalId,
            admissionNo: stay.admissionNo,
            settlementNo: String(stay.id),
            paymentNo: String(row.id),
            paidFen: row.amount,
            refundFen: 0,
            at: now,
          });
          return { paymentReceiptNo: settled.paymentReceiptNo, stayReceiptNo: settled.receiptNo };
        });
        if (confirmed.answer) {
          await tx
            .update(inpatientPayments)
            .set({ status: 'PAID', paidAt: now, receiptNo: confirmed.answer.paymentReceiptNo })
            .where(eq(inpatientPayments.id, orderId));
          if (confirmed.answer.stayReceiptNo !== null) {
            await settleStay(tx, stay, now, confirmed.answer.stayReceiptNo);
          }
          return { kept: true };
        }
        hisRefusal = confirmed.refused;
      }
      await tx
        .update(inpatientPayments)
        .set({ status: 'REFUNDING' })
        .where(eq(inpatientPayments.id, orderId));
      const reason =
        refusal ??
        hisRefusal ??
        (kind === 'DEPOSIT' ? '该次住院已出院，预交金已原路退回' : '出院结算金额已变化，支付款项已原路退回');
      return { kept: false, reason };
    },
    async refunded(tx, orderId) {
      await tx.update(inpatientPayments).set({ status: 'REFUNDED' }).where(eq(inpatientPayments.id, orderId));
    },
    async feeItems(db, orderId) {
      const [row] = await db.select().from(inpatientPayments).where(eq(inpatientPayments.id, orderId));
      return row
        ? [{ code: kind, name: kind === 'DEPOSIT' ? '住院预交金' : '出院结算补缴', amountFen: row.amount }]
        : [];
    },
    async applySettlement(_tx, _orderId, settlement) {
      // Deposits and settlement balances are cash: the inpatient insurance settlement happens at the HIS.
      if (settlement.cashFen !== settlement.totalFen) {
        throw businessError(400, '不支持医保支付', '住院预交金与出院补缴仅支持自费支付');
      }
    },
  };
}

/** Online deposits as payments sees them, each confirmed by the HIS before it counts. */
export const inpatientDepositPayable = (his: BillingHis) =>
  inpatientPayable('INPATIENT_DEPOSIT', 'DEPOSIT', his);
/** Discharge settlement balances as payments sees them: the HIS settles the stay before it reads SETTLED. */
export const inpatientSettlementPayable = (his: BillingHis) =>
  inpatientPayable('INPATIENT_SETTLEMENT', 'SETTLEMENT', his);
