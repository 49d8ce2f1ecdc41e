import { createHmac } from 'node:crypto';
import {
  billLock,
  cancelChargePrePay,
  DEPOSIT_LIMITS,
  findDischargedStays,
  getAdvancePayment,
  getInhospitalReceipt,
  getInpatientDayReport,
  getInpatientFeeDetail,
  getInpatientFeeTotal,
  getInpatientInfo,
  getOfficeChargeDetails,
  getOutpatientCharge,
  getPaymentQrCode,
  inhospitalPreSettle,
  listAdvancePayments,
  listChargedFees,
  listInpatientStays,
  listOfficeCharges,
  orderUniformly,
  payAdvancePayment,
  queryPatientInfoByCardNo,
  refundInvalidOrder,
} from '@patient/contract';
import { maskName } from '@patient/validation';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { parseId } from '../../platform/database/ids.ts';
import { transactionNow } from '../../platform/database/now.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError, conflict, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { OutsideSystemError } from '../../platform/outside-system.ts';
import { requireHospital } from '../hospitals/index.ts';
import {
  type ContactRow,
  contacts,
  medicalCards,
  ownedContact,
  requireHisProven,
} from '../patients/index.ts';
import { closePendingPayments, requestRefund, submitRefund } from '../payments/index.ts';
import { askBilling, type BillingHis, CATEGORY_OF_CODE } from './his.ts';
import {
  CHARGE_LOCK_MS,
  type ChargeRow,
  chargeStatus,
  chargesById,
  DEPOSIT_HOLD_MS,
  ensureHisBills,
  heldBy,
  ordersOfCharge,
  ownedCharge,
  ownedStay,
  paymentsOfStay,
  settlementOf,
  settleStay,
  stayDays,
  toCharge,
  toDeposit,
  toOrder,
  toStay,
} from './store.ts';
import { inpatientPayments, inpatientStays, outpatientCharges, outpatientOrders } from './tables.ts';

/** The contact whose bills the hospital may show (proven), with the HIS's bills copied. */
async function billedContact(
  db: DbOrTx,
  his: BillingHis,
  userId: number,
  hospitalId: string,
  contactId: string,
  medicalCardNo?: string,
) {
  await requireHospital(db, hospitalId);
  const contact = await ownedContact(db, userId, contactId);
  if (medicalCardNo !== undefined) {
    const [card] = await db
      .select({ id: medicalCards.id })
      .from(medicalCards)
      .where(
        and(
          eq(medicalCards.contactId, contact.id),
          eq(medicalCards.hospitalId, hospitalId),
          eq(medicalCards.medicalCardNo, medicalCardNo),
        ),
      );
    if (!card) throw notFound('就诊卡');
  }
  requireHisProven(contact);
  await ensureHisBills(db, his, contact, hospitalId);
  return contact;
}

async function contactOf(db: DbOrTx, contactId: number): Promise<ContactRow> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, contactId));
  return row;
}

/** A pending charge is given up: its orders are free again and its payment is closed. */
async function releaseCharge(tx: DbOrTx, charge: ChargeRow, status: 'CANCELLED', now: Date) {
  await tx
    .update(outpatientCharges)
    .set({ status, cancelledAt: now })
    .where(eq(outpatientCharges.id, charge.id));
  await tx
    .update(outpatientOrders)
    .set({ chargeId: null })
    .where(and(eq(outpatientOrders.chargeId, charge.id), eq(outpatientOrders.status, 'UNPAID')));
  await closePendingPayments(tx, 'OUTPATIENT_FEE', [charge.id], now);
}

/** The code a hospital terminal scans: the charge and a signature only this service can make. */
function terminalCode(secret: Buffer, charge: ChargeRow): string {
  const mac = createHmac('sha256', secret)
    .update(`terminal|${charge.id}|${charge.lockExpiresAt.getTime()}`)
    .digest('hex')
    .slice(0, 12)
    .toUpperCase();
  return `MZJF${charge.hospitalId}${String(charge.id).padStart(10, '0')}${mac}`;
}

/** The fee calls over the hospital's billing system `his` (the module's port). */
export const feeRoutes = (his: BillingHis) => [
  route(listOfficeCharges, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const contact = await billedContact(
      ctx.db,
      his,
      user.id,
      params.hospitalId,
      body.contactId,
      body.medicalCardNo,
    );
    const rows = await ctx.db
      .select()
      .from(outpatientOrders)
      .where(
        and(
          eq(outpatientOrders.contactId, contact.id),
          eq(outpatientOrders.hospitalId, params.hospitalId),
          eq(outpatientOrders.status, 'UNPAID'),
        ),
      )
      .orderBy(outpatientOrders.id);
    const charges = await chargesById(
      ctx.db,
      rows.map((r) => r.chargeId),
    );
    return rows.map((r) => toOrder(r, charges, now));
  }),

  route(getOfficeChargeDetails, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const id = parseId(params.orderId);
    const [row] =
      id === null
        ? []
        : await ctx.db
            .select()
            .from(outpatientOrders)
            .where(and(eq(outpatientOrders.id, id), eq(outpatientOrders.userId, user.id)));
    if (!row) throw notFound('处方');
    return toOrder(row, await chargesById(ctx.db, [row.chargeId]), ctx.clock.now());
  }),

  route(listChargedFees, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const contact = await billedContact(
      ctx.db,
      his,
      user.id,
      params.hospitalId,
      body.contactId,
      body.medicalCardNo,
    );
    const rows = await ctx.db
      .select()
      .from(outpatientCharges)
      .where(
        and(
          eq(outpatientCharges.contactId, contact.id),
          eq(outpatientCharges.hospitalId, params.hospitalId),
          inArray(outpatientCharges.status, ['PAID', 'REFUNDING', 'REFUNDED']),
        ),
      )
      .orderBy(desc(outpatientCharges.paidAt), desc(outpatientCharges.id));
    return Promise.all(rows.map((r) => toCharge(ctx.db, r, contact, now)));
  }),

  route(orderUniformly, async ({ body }, ctx) => {
    const user = userOf(ctx);
    // The HIS's bills are copied (asked) before the transaction writes anything.
    await billedContact(ctx.db, his, user.id, body.hospitalId, body.contactId);
    return ctx.db.transaction(async (tx) => {
      const now = await transactionNow(tx, ctx.clock);
      const contact = await billedContact(tx, his, user.id, body.hospitalId, body.contactId);
      const ids = [...new Set(body.orderIds.map(parseId))];
      if (ids.some((id) => id === null)) throw notFound('处方');
      const orders = await tx
        .select()
        .from(outpatientOrders)
        .where(
          and(
            inArray(outpatientOrders.id, ids as number[]),
            eq(outpatientOrders.userId, user.id),
            eq(outpatientOrders.contactId, contact.id),
            eq(outpatientOrders.hospitalId, body.hospitalId),
          ),
        )
        .orderBy(outpatientOrders.id)
        .for('update');
      if (orders.length !== ids.length) throw notFound('处方');
      const paid = orders.find((o) => o.status !== 'UNPAID');
      if (paid) throw conflict('处方已缴费', `“${paid.title}”已缴费或已作废，请刷新后重新选择`);
      // The patient left an earlier charge of these orders unpaid and merges again: that one is given up.
      const earlier = await chargesById(
        tx,
        orders.map((o) => o.chargeId),
      );
      for (const charge of earlier.values()) {
        if (chargeStatus(charge, now) !== 'PENDING') continue;
        const [locked] = await tx
          .select()
          .from(outpatientCharges)
          .where(eq(outpatientCharges.id, charge.id))
          .for('update');
        if (chargeStatus(locked, now) === 'PENDING') await releaseCharge(tx, locked, 'CANCELLED', now);
      }
      const total = orders.reduce((sum, o) => sum + o.amount, 0);
      const [charge] = await tx
        .insert(outpatientCharges)
        .values({
          userId: user.id,
          contactId: contact.id,
          hospitalId: body.hospitalId,
          orderIds: orders.map((o) => o.id),
          total,
          selfPays: total,
          status: 'PENDING',
          lockExpiresAt: new Date(now.getTime() + CHARGE_LOCK_MS),
          createdAt: now,
        })
        .returning();
      await tx
        .update(outpatientOrders)
        .set({ chargeId: charge.id })
        .where(
          inArray(
            outpatientOrders.id,
            orders.map((o) => o.id),
          ),
        );
      return toCharge(tx, charge, contact, now);
    });
  }),

  route(getOutpatientCharge, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const charge = await ownedCharge(ctx.db, user.id, params.chargeId);
    return toCharge(ctx.db, charge, await contactOf(ctx.db, charge.contactId), ctx.clock.now());
  }),

  route(billLock, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    return ctx.db.transaction(async (tx) => {
      const now = await transactionNow(tx, ctx.clock);
      const charge = await ownedCharge(tx, user.id, params.chargeId, true);
      const contact = await contactOf(tx, charge.contactId);
      const status = chargeStatus(charge, now);
      if (!body.lock) {
        if (status === 'PENDING' || status === 'EXPIRED') await releaseCharge(tx, charge, 'CANCELLED', now);
        const [after] = await tx.select().from(outpatientCharges).where(eq(outpatientCharges.id, charge.id));
        return toCharge(tx, after, contact, now);
      }
      if (status !== 'PENDING' && status !== 'EXPIRED') {
        throw conflict('缴费单不能锁定', '该缴费单已支付或已取消，请返回重新选择处方');
      }
      const orders = await tx
        .select()
        .from(outpatientOrders)
        .where(inArray(outpatientOrders.id, charge.orderIds))
        .for('update');
      const others = await chargesById(
        tx,
        orders.map((o) => (o.chargeId === charge.id ? null : o.chargeId)),
      );
      if (orders.some((o) => o.status !== 'UNPAID' || heldBy(o, others, now))) {
        throw conflict('处方已变化', '所选处方已缴费、已作废或正在别处支付，请返回重新选择');
      }
      const [renewed] = await tx
        .update(outpatientCharges)
        .set({ status: 'PENDING', lockExpiresAt: new Date(now.getTime() + CHARGE_LOCK_MS) })
        .where(eq(outpatientCharges.id, charge.id))
        .returning();
      await tx
        .update(outpatientOrders)
        .set({ chargeId: charge.id })
        .where(inArray(outpatientOrders.id, charge.orderIds));
      return toCharge(tx, renewed, contact, now);
    });
  }),

  route(cancelChargePrePay, async ({ params }, ctx) => {
    const user = userOf(ctx);
    return ctx.db.transaction(async (tx) => {
      const now = await transactionNow(tx, ctx.clock);
      const charge = await ownedCharge(tx, user.id, params.chargeId, true);
      const status = chargeStatus(charge, now);
      if (status === 'PAID' || status === 'REFUNDING' || status === 'REFUNDED') {
        throw conflict('缴费单已支付', '该缴费单已支付，不能取消；如需退费请联系医院');
      }
      if (status === 'PENDING' || status === 'EXPIRED') await releaseCharge(tx, charge, 'CANCELLED', now);
      const [after] = await tx.select().from(outpatientCharges).where(eq(outpatientCharges.id, charge.id));
      return toCharge(tx, after, await contactOf(tx, charge.contactId), now);
    });
  }),

  route(refundInvalidOrder, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const { view, refundId } = await ctx.db.transaction(async (tx) => {
      const now = await transactionNow(tx, ctx.clock);
      const charge = await ownedCharge(tx, user.id, params.chargeId, true);
      const orders = await ordersOfCharge(tx, charge);
      if (charge.status !== 'PAID') throw conflict('不能退费', '该缴费单未支付或已在退费中');
      const invalid = orders.filter((o) => o.status === 'INVALIDATED');
      if (invalid.length === 0) {
        throw conflict('不能退费', '该缴费单中没有已作废的处方，如需退费请先联系开单医生作废');
      }
      const reason = `处方已作废：${invalid.map((o) => o.title).join('、')}`;
      const refundId = await requestRefund(tx, 'OUTPATIENT_FEE', charge.id, reason, now);
      if (refundId === null) throw conflict('不能退费', '未找到该缴费单的支付记录，请联系医院');
      const [after] = await tx
        .update(outpatientCharges)
        .set({ status: 'REFUNDING', refundReason: reason })
        .where(eq(outpatientCharges.id, charge.id))
        .returning();
      await tx
        .update(outpatientOrders)
        .set({ status: 'REFUNDING' })
        .where(inArray(outpatientOrders.id, charge.orderIds));
      return { view: await toCharge(tx, after, await contactOf(tx, charge.contactId), now), refundId };
    });
    await submitRefund(ctx, refundId, ctx.log);
    const charge = await ownedCharge(ctx.db, user.id, params.chargeId);
    return charge.status === view.status
      ? view
      : toCharge(ctx.db, charge, await contactOf(ctx.db, charge.contactId), ctx.clock.now());
  }),

  route(getPaymentQrCode, async ({ query }, ctx) => {
    const user = userOf(ctx);
    const charge = await ownedCharge(ctx.db, user.id, query.chargeId);
    if (chargeStatus(charge, ctx.clock.now()) !== 'PENDING') {
      throw conflict('缴费单已失效', '该缴费单已支付、已取消或锁定已超时，请返回重新选择处方');
    }
    return { content: terminalCode(ctx.secret, charge), expiresAt: charge.lockExpiresAt.toISOString() };
  }),

  route(queryPatientInfoByCardNo, async ({ query }, ctx) => {
    const user = userOf(ctx);
    const [row] = await ctx.db
      .select({ contactId: contacts.id, name: contacts.name, medicalCardNo: medicalCards.medicalCardNo })
      .from(medicalCards)
      .innerJoin(contacts, eq(contacts.id, medicalCards.contactId))
      .where(
        and(
          eq(medicalCards.userId, user.id),
          eq(medicalCards.hospitalId, query.hospitalId),
          eq(medicalCards.medicalCardNo, query.cardNo),
        ),
      );
    if (!row) throw notFound('就诊卡');
    return {
      contactId: String(row.contactId),
      patientName: maskName(row.name),
      medicalCardNo: row.medicalCardNo,
    };
  }),

  route(getInpatientInfo, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const contact = await billedContact(ctx.db, his, user.id, params.hospitalId, body.contactId);
    const [stay] = await ctx.db
      .select()
      .from(inpatientStays)
      .where(
        and(
          eq(inpatientStays.contactId, contact.id),
          eq(inpatientStays.hospitalId, params.hospitalId),
          eq(inpatientStays.status, 'IN_HOSPITAL'),
        ),
      )
      .orderBy(desc(inpatientStays.admittedOn))
      .limit(1);
    return stay ? toStay(ctx.db, his, stay, contact, now) : null;
  }),

  route(listInpatientStays, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const contact = await billedContact(ctx.db, his, user.id, params.hospitalId, body.contactId);
    const rows = await ctx.db
      .select()
      .from(inpatientStays)
      .where(and(eq(inpatientStays.contactId, contact.id), eq(inpatientStays.hospitalId, params.hospitalId)))
      .orderBy(desc(inpatientStays.admittedOn));
    return Promise.all(rows.map((r) => toStay(ctx.db, his, r, contact, now)));
  }),

  route(findDischargedStays, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    await requireHospital(ctx.db, params.hospitalId);
    // Only the account's own contacts: anyone else's stays answer as none.
    const people = await ctx.db
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.userId, user.id),
          eq(sql`upper(${contacts.documentNumber})`, body.idCard.toUpperCase()),
          eq(contacts.name, body.patientName),
        ),
      );
    const found = [];
    for (const contact of people) {
      const contactId = String(contact.id);
      const proven = await billedContact(ctx.db, his, user.id, params.hospitalId, contactId).catch(
        (error: unknown) => {
          if (error instanceof OutsideSystemError) throw error;
          return null;
        },
      );
      if (!proven) continue;
      const rows = await ctx.db
        .select()
        .from(inpatientStays)
        .where(
          and(
            eq(inpatientStays.contactId, contact.id),
            eq(inpatientStays.hospitalId, params.hospitalId),
            inArray(inpatientStays.status, ['DISCHARGED', 'SETTLED']),
          ),
        )
        .orderBy(desc(inpatientStays.admittedOn));
      for (const r of rows) found.push(await toStay(ctx.db, his, r, contact, now));
    }
    return found;
  }),

  route(getInpatientFeeTotal, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const stay = await ownedStay(ctx.db, user.id, params.inpatientId);
    const settlement = await settlementOf(ctx.db, his, stay, await contactOf(ctx.db, stay.contactId), now);
    return { stay: settlement.stay, categories: settlement.categories, total: settlement.total };
  }),

  route(getInpatientDayReport, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const stay = await ownedStay(ctx.db, user.id, params.inpatientId);
    const charged = await stayDays(his, stay, now);
    const view = await toStay(ctx.db, his, stay, await contactOf(ctx.db, stay.contactId), now, charged);
    const days = charged.map((d) => ({ date: d.date, amount: d.amount, items: d.lines.length })).reverse();
    return { stay: view, days };
  }),

  route(getInpatientFeeDetail, async ({ params, query }, ctx) => {
    const user = userOf(ctx);
    const stay = await ownedStay(ctx.db, user.id, params.inpatientId);
    const day = (await stayDays(his, stay, ctx.clock.now())).find((d) => d.date === query.date);
    if (!day) throw businessError(404, '该日无费用', `${query.date} 不在本次住院期间或尚未产生费用`);
    return {
      date: day.date,
      total: day.amount,
      items: day.lines.map(({ code, ...l }) => ({ ...l, category: CATEGORY_OF_CODE[code] ?? '其他' })),
    };
  }),

  route(payAdvancePayment, async ({ body }, ctx) => {
    const user = userOf(ctx);
    if (body.amount < DEPOSIT_LIMITS.min || body.amount > DEPOSIT_LIMITS.max) {
      throw inputError(
        'amount',
        `充值金额应在 ${DEPOSIT_LIMITS.min / 100} 元至 ${DEPOSIT_LIMITS.max / 100} 元之间`,
      );
    }
    return ctx.db.transaction(async (tx) => {
      const now = await transactionNow(tx, ctx.clock);
      const stay = await ownedStay(tx, user.id, body.inpatientId, true);
      if (stay.status !== 'IN_HOSPITAL') {
        throw conflict('已出院', '该次住院已出院，不能再缴纳预交金，请办理出院结算');
      }
      const [row] = await tx
        .insert(inpatientPayments)
        .values({
          userId: user.id,
          stayId: stay.id,
          kind: 'DEPOSIT',
          channel: 'ONLINE',
          amount: body.amount,
          status: 'PENDING',
          holdExpiresAt: new Date(now.getTime() + DEPOSIT_HOLD_MS),
          createdAt: now,
        })
        .returning();
      return toDeposit(row, stay, now);
    });
  }),

  route(getAdvancePayment, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const id = parseId(params.depositId);
    const [row] =
      id === null
        ? []
        : await ctx.db
            .select()
            .from(inpatientPayments)
            .where(
              and(
                eq(inpatientPayments.id, id),
                eq(inpatientPayments.userId, user.id),
                eq(inpatientPayments.kind, 'DEPOSIT'),
              ),
            );
    if (!row) throw notFound('预交金记录');
    const [stay] = await ctx.db.select().from(inpatientStays).where(eq(inpatientStays.id, row.stayId));
    return toDeposit(row, stay, ctx.clock.now());
  }),

  route(listAdvancePayments, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const stay = await ownedStay(ctx.db, user.id, params.inpatientId);
    const rows = await paymentsOfStay(ctx.db, stay.id);
    return rows
      .filter((r) => r.kind === 'DEPOSIT')
      .map((r) => toDeposit(r, stay, now))
      .filter((d) => d.status !== 'CLOSED')
      .reverse();
  }),

  route(inhospitalPreSettle, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const refundIds: number[] = [];
    // Nothing owed: the HIS settles the stay first (before anything is written here).
    const before = await ownedStay(ctx.db, user.id, params.inpatientId);
    let hisReceiptNo: string | null = null;
    if (before.status === 'DISCHARGED') {
      const planned = await settlementOf(ctx.db, his, before, { name: '' }, ctx.clock.now());
      if (planned.owed === 0) {
        hisReceiptNo = (
          await askBilling(his, (h) =>
            h.settleStay({
              hospitalId: before.hospitalId,
              admissionNo: before.admissionNo,
              settlementNo: String(before.id),
              paymentNo: null,
              paidFen: 0,
              refundFen: planned.refund,
              at: ctx.clock.now(),
            }),
          )
        ).receiptNo;
      }
    }
    const answer = await ctx.db.transaction(async (tx) => {
      const now = await transactionNow(tx, ctx.clock);
      const stay = await ownedStay(tx, user.id, params.inpatientId, true);
      const contact = await contactOf(tx, stay.contactId);
      const settlement = await settlementOf(tx, his, stay, contact, now);
      if (stay.status !== 'DISCHARGED') return settlement;
      if (settlement.owed === 0) {
        // The deposits changed since the HIS was asked: the patient asks again.
        if (hisReceiptNo === null) return settlement;
        // A surplus goes back through payments as far as whole online deposits fit (newest first); the rest,
        // paid at the desk, is paid back there.
        let remaining = settlement.refund;
        const online = (await paymentsOfStay(tx, stay.id))
          .filter((p) => p.kind === 'DEPOSIT' && p.channel === 'ONLINE' && p.status === 'PAID')
          .reverse();
        for (const deposit of online) {
          if (deposit.amount > remaining) continue;
          const refundId = await requestRefund(
            tx,
            'INPATIENT_DEPOSIT',
            deposit.id,
            '出院结算退还预交金余额',
            now,
          );
          if (refundId === null) continue;
          await tx
            .update(inpatientPayments)
            .set({ status: 'REFUNDING', settlementRefund: true })
            .where(eq(inpatientPayments.id, deposit.id));
          refundIds.push(refundId);
          remaining -= deposit.amount;
        }
        await settleStay(tx, stay, now, hisReceiptNo, {
          refundOnline: settlement.refund - remaining,
          refundAtDesk: remaining,
        });
        const [after] = await tx.select().from(inpatientStays).where(eq(inpatientStays.id, stay.id));
        return settlementOf(tx, his, after, contact, now);
      }
      if (settlement.settlementId !== null) return settlement;
      // What was owed before (deposits changed since) can no longer be paid.
      const stale = (await paymentsOfStay(tx, stay.id)).filter(
        (p) => p.kind === 'SETTLEMENT' && p.status === 'PENDING',
      );
      if (stale.length > 0) {
        await tx
          .update(inpatientPayments)
          .set({ status: 'CLOSED' })
          .where(
            inArray(
              inpatientPayments.id,
              stale.map((p) => p.id),
            ),
          );
        await closePendingPayments(
          tx,
          'INPATIENT_SETTLEMENT',
          stale.map((p) => p.id),
          now,
        );
      }
      const [row] = await tx
        .insert(inpatientPayments)
        .values({
          userId: user.id,
          stayId: stay.id,
          kind: 'SETTLEMENT',
          channel: 'ONLINE',
          amount: settlement.owed,
          status: 'PENDING',
          createdAt: now,
        })
        .returning({ id: inpatientPayments.id });
      return { ...settlement, settlementId: String(row.id) };
    });
    for (const refundId of refundIds) await submitRefund(ctx, refundId, ctx.log);
    return answer;
  }),

  route(getInhospitalReceipt, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const stay = await ownedStay(ctx.db, user.id, params.inpatientId);
    if (stay.status !== 'SETTLED' || !stay.settledAt || !stay.receiptNo) {
      throw conflict('尚未结算', '该次住院尚未办理出院结算，暂无结算单');
    }
    const settlement = await settlementOf(ctx.db, his, stay, await contactOf(ctx.db, stay.contactId), now);
    const paid = (await paymentsOfStay(ctx.db, stay.id))
      .filter((p) => p.kind === 'SETTLEMENT' && p.status === 'PAID')
      .reduce((s, p) => s + p.amount, 0);
    return { receiptNo: stay.receiptNo, settledAt: stay.settledAt.toISOString(), settlement, paid };
  }),
];
