import type {
  InpatientDeposit,
  InpatientSettlement,
  InpatientStay,
  OutpatientCharge,
  OutpatientOrder,
} from '@patient/contract';
import { maskName } from '@patient/validation';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { chinaDate, MINUTE } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { ownedRow } from '../../platform/database/owned.ts';
import type { ContactRow } from '../patients/index.ts';
import { askBilling, type BillingHis, CATEGORY_OF_CODE } from './his.ts';
import {
  type FeeLineRow,
  inpatientPayments,
  inpatientStays,
  outpatientCharges,
  outpatientOrders,
} from './tables.ts';

export type OrderRow = typeof outpatientOrders.$inferSelect;
export type ChargeRow = typeof outpatientCharges.$inferSelect;
export type StayRow = typeof inpatientStays.$inferSelect;
export type InpatientPaymentRow = typeof inpatientPayments.$inferSelect;

/** How long a merged charge keeps its orders locked at the HIS while the patient pays. */
export const CHARGE_LOCK_MS = 15 * MINUTE;
/** How long a deposit waits for its money. */
export const DEPOSIT_HOLD_MS = 30 * MINUTE;
/** Under this balance (fen) the stay asks for a deposit. */
export const LOW_BALANCE_FEN = 100_000;

/**
 * Copies the HIS's bills of the contact at the hospital on first listing (idempotent). The HIS is asked before
 * anything is written: when it fails, nothing is copied (503).
 */
export async function ensureHisBills(db: DbOrTx, his: BillingHis, contact: ContactRow, hospitalId: string) {
  const person = { hospitalId, identityCard: contact.documentNumber, name: contact.name };
  const [known] = await db
    .select({ id: outpatientOrders.id })
    .from(outpatientOrders)
    .where(and(eq(outpatientOrders.contactId, contact.id), eq(outpatientOrders.hospitalId, hospitalId)))
    .limit(1);
  const [stay] = await db
    .select({ id: inpatientStays.id })
    .from(inpatientStays)
    .where(and(eq(inpatientStays.contactId, contact.id), eq(inpatientStays.hospitalId, hospitalId)))
    .limit(1);
  if (known && stay) return;
  const orders = known ? [] : await askBilling(his, (h) => h.outpatientOrders(person));
  const stays = stay ? [] : await askBilling(his, (h) => h.stays(person));
  if (orders.length > 0) {
    await db
      .insert(outpatientOrders)
      .values(
        orders.map((o) => ({
          userId: contact.userId,
          contactId: contact.id,
          hospitalId,
          hisOrderNo: o.hisOrderNo,
          category: o.category,
          title: o.title,
          department: o.department,
          doctor: o.doctor,
          prescribedAt: o.prescribedAt,
          items: o.items,
          amount: o.items.reduce((sum, i) => sum + i.amount, 0),
          insuranceCovered: o.insuranceCovered,
          status: 'UNPAID',
        })),
      )
      .onConflictDoNothing();
  }
  for (const s of stays) {
    const [row] = await db
      .insert(inpatientStays)
      .values({
        userId: contact.userId,
        contactId: contact.id,
        hospitalId,
        admissionNo: s.admissionNo,
        department: s.department,
        ward: s.ward,
        bed: s.bed,
        doctor: s.doctor,
        admittedOn: s.admittedOn,
        dischargedOn: s.dischargedOn,
        status: s.dischargedOn === null ? 'IN_HOSPITAL' : 'DISCHARGED',
      })
      .onConflictDoNothing()
      .returning({ id: inpatientStays.id });
    if (!row || s.counterDeposits.length === 0) continue;
    await db.insert(inpatientPayments).values(
      s.counterDeposits.map((d) => ({
        userId: contact.userId,
        stayId: row.id,
        kind: 'DEPOSIT',
        channel: 'COUNTER',
        amount: d.amountFen,
        status: 'PAID',
        paidAt: d.paidAt,
        receiptNo: d.receiptNo,
      })),
    );
  }
}

// ---- outpatient ----

/** A PENDING charge past its lock reads EXPIRED. */
export function chargeStatus(row: ChargeRow, now: Date): OutpatientCharge['status'] {
  if (row.status === 'PENDING' && row.lockExpiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return row.status as OutpatientCharge['status'];
}

/** Whether the order is held by a pending charge other than `exceptChargeId`. */
export function heldBy(order: OrderRow, charges: Map<number, ChargeRow>, now: Date): ChargeRow | null {
  if (order.status !== 'UNPAID' || order.chargeId === null) return null;
  const charge = charges.get(order.chargeId);
  return charge && chargeStatus(charge, now) === 'PENDING' ? charge : null;
}

export async function chargesById(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, ChargeRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(outpatientCharges).where(inArray(outpatientCharges.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export function toOrder(row: OrderRow, charges: Map<number, ChargeRow>, now: Date): OutpatientOrder {
  return {
    orderId: String(row.id),
    hisOrderNo: row.hisOrderNo,
    contactId: String(row.contactId),
    hospitalId: row.hospitalId,
    category: row.category as OutpatientOrder['category'],
    title: row.title,
    department: row.department,
    doctor: row.doctor,
    prescribedAt: row.prescribedAt.toISOString(),
    amount: row.amount,
    insuranceCovered: row.insuranceCovered,
    status: heldBy(row, charges, now) ? 'LOCKED' : (row.status as OutpatientOrder['status']),
    chargeId: row.chargeId === null ? null : String(row.chargeId),
    items: row.items.map(({ code: _code, ...item }) => item),
  };
}

export async function ordersOfCharge(db: DbOrTx, charge: ChargeRow): Promise<OrderRow[]> {
  return db
    .select()
    .from(outpatientOrders)
    .where(inArray(outpatientOrders.id, charge.orderIds))
    .orderBy(asc(outpatientOrders.id));
}

export async function toCharge(
  db: DbOrTx,
  charge: ChargeRow,
  contact: Pick<ContactRow, 'name'>,
  now: Date,
): Promise<OutpatientCharge> {
  const orders = await ordersOfCharge(db, charge);
  const charges = await chargesById(
    db,
    orders.map((o) => o.chargeId),
  );
  const status = chargeStatus(charge, now);
  return {
    chargeId: String(charge.id),
    contactId: String(charge.contactId),
    hospitalId: charge.hospitalId,
    patientName: maskName(contact.name),
    status,
    total: charge.total,
    selfPays: charge.selfPays,
    insurancePays: charge.fundPays + charge.accountPays,
    insuranceCovered: orders.some((o) => o.insuranceCovered),
    lockExpiresAt: status === 'PENDING' ? charge.lockExpiresAt.toISOString() : null,
    createdAt: charge.createdAt.toISOString(),
    paidAt: charge.paidAt?.toISOString() ?? null,
    receiptNo: charge.receiptNo,
    refundable: status === 'PAID' && orders.some((o) => o.status === 'INVALIDATED'),
    refundReason: charge.refundReason,
    orders: orders.map((o) => toOrder(o, charges, now)),
  };
}

/** The user's charge (404 for another account's or none), locked when asked. */
export async function ownedCharge(db: DbOrTx, userId: number, chargeId: string, lock = false) {
  return ownedRow(db, outpatientCharges, chargeId, userId, { missing: '缴费单', lock });
}

// ---- inpatient ----

/** The last day charged so far: today in hospital, the discharge day after. */
export function lastChargedDate(stay: StayRow, now: Date): string {
  return stay.dischargedOn ?? chinaDate(now);
}

/** One day of a stay: its lines and their total. */
export interface StayDay {
  date: string;
  lines: FeeLineRow[];
  amount: number;
}

/** The stay's charges day by day, as the HIS lists them now. */
export async function stayDays(his: BillingHis, stay: StayRow, now: Date): Promise<StayDay[]> {
  const days = await askBilling(his, (h) =>
    h.stayCharges(
      { admissionNo: stay.admissionNo, admittedOn: stay.admittedOn, dischargedOn: stay.dischargedOn },
      now,
    ),
  );
  return days.map(({ date, lines }) => ({ date, lines, amount: lines.reduce((s, l) => s + l.amount, 0) }));
}

export function categoryTotals(days: StayDay[]) {
  const totals = new Map<string, number>(Object.values(CATEGORY_OF_CODE).map((c) => [c, 0]));
  for (const day of days) {
    for (const l of day.lines) {
      const category = CATEGORY_OF_CODE[l.code] ?? '其他';
      totals.set(category, (totals.get(category) ?? 0) + l.amount);
    }
  }
  return [...totals].filter(([, amount]) => amount > 0).map(([category, amount]) => ({ category, amount }));
}

export async function paymentsOfStay(db: DbOrTx, stayId: number): Promise<InpatientPaymentRow[]> {
  return db
    .select()
    .from(inpatientPayments)
    .where(eq(inpatientPayments.stayId, stayId))
    .orderBy(asc(inpatientPayments.id));
}

export function depositPaid(payments: InpatientPaymentRow[]): number {
  return payments
    .filter((p) => p.kind === 'DEPOSIT' && (p.status === 'PAID' || p.settlementRefund))
    .reduce((sum, p) => sum + p.amount, 0);
}

export function settlementPaid(payments: InpatientPaymentRow[]): number {
  return payments
    .filter((p) => p.kind === 'SETTLEMENT' && p.status === 'PAID')
    .reduce((sum, p) => sum + p.amount, 0);
}

export async function toStay(
  db: DbOrTx,
  his: BillingHis,
  stay: StayRow,
  contact: Pick<ContactRow, 'name'>,
  now: Date,
  known?: StayDay[],
): Promise<InpatientStay> {
  const days = known ?? (await stayDays(his, stay, now));
  const cost = days.reduce((s, d) => s + d.amount, 0);
  const deposit = depositPaid(await paymentsOfStay(db, stay.id));
  const balance = deposit - cost;
  return {
    inpatientId: String(stay.id),
    admissionNo: stay.admissionNo,
    contactId: String(stay.contactId),
    hospitalId: stay.hospitalId,
    patientName: maskName(contact.name),
    department: stay.department,
    ward: stay.ward,
    bed: stay.bed,
    doctor: stay.doctor,
    admittedOn: stay.admittedOn,
    dischargedOn: stay.dischargedOn,
    days: days.length,
    status: stay.status as InpatientStay['status'],
    deposit,
    cost,
    balance,
    lowBalance: stay.status === 'IN_HOSPITAL' && balance < LOW_BALANCE_FEN,
    warningLine: LOW_BALANCE_FEN,
  };
}

export function toDeposit(row: InpatientPaymentRow, stay: StayRow, now: Date): InpatientDeposit {
  const expired = row.status === 'PENDING' && row.holdExpiresAt !== null && row.holdExpiresAt <= now;
  return {
    depositId: String(row.id),
    inpatientId: String(stay.id),
    admissionNo: stay.admissionNo,
    amount: row.amount,
    channel: row.channel as InpatientDeposit['channel'],
    status: expired ? 'CLOSED' : (row.status as InpatientDeposit['status']),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    receiptNo: row.receiptNo,
  };
}

/** The user's stay with its contact (404 for another account's or none). */
export async function ownedStay(db: DbOrTx, userId: number, inpatientId: string, lock = false) {
  return ownedRow(db, inpatientStays, inpatientId, userId, { missing: '住院记录', lock });
}

/** The discharge pre-settlement of a stay as it stands. */
export async function settlementOf(
  db: DbOrTx,
  his: BillingHis,
  stay: StayRow,
  contact: Pick<ContactRow, 'name'>,
  now: Date,
): Promise<InpatientSettlement> {
  const days = await stayDays(his, stay, now);
  const view = await toStay(db, his, stay, contact, now, days);
  const payments = await paymentsOfStay(db, stay.id);
  const paidAtSettlement = settlementPaid(payments);
  const owed = Math.max(0, view.cost - view.deposit - paidAtSettlement);
  const pending = payments.find(
    (p) => p.kind === 'SETTLEMENT' && p.status === 'PENDING' && p.amount === owed,
  );
  return {
    inpatientId: view.inpatientId,
    stay: view,
    total: view.cost,
    deposit: view.deposit,
    owed: stay.status === 'SETTLED' ? 0 : owed,
    refund: Math.max(0, view.deposit - view.cost),
    refundOnline: stay.refundOnline,
    refundAtDesk: stay.refundAtDesk,
    settlementId: stay.status === 'DISCHARGED' && pending ? String(pending.id) : null,
    status: stay.status === 'IN_HOSPITAL' ? 'IN_HOSPITAL' : stay.status === 'SETTLED' ? 'SETTLED' : 'TO_PAY',
    categories: categoryTotals(days),
  };
}

/** Settles a discharged stay with nothing (more) owed, with the HIS's settlement receipt. */
export async function settleStay(
  tx: DbOrTx,
  stay: StayRow,
  now: Date,
  hisReceiptNo: string,
  refunds: { refundOnline: number; refundAtDesk: number } = { refundOnline: 0, refundAtDesk: 0 },
) {
  await tx
    .update(inpatientStays)
    .set({ status: 'SETTLED', settledAt: now, receiptNo: hisReceiptNo, ...refunds })
    .where(eq(inpatientStays.id, stay.id));
}
