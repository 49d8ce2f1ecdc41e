import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { type ApiError, businessError, conflict } from '../../platform/http/errors.ts';
import { type InsuranceCentre, InsuranceCentreError } from './centre.ts';
import type { FeeItem, Split } from './split.ts';
import { insuranceAuthorisations, insuranceSettlements } from './tables.ts';

export type SettlementRow = typeof insuranceSettlements.$inferSelect;

const refused = (err: InsuranceCentreError): ApiError => businessError(400, err.message, err.message);

/** The order's insurance split as kept (PRE, SETTLED, REVERSED or VOID), or null. */
export async function settlementOfOrder(
  db: DbOrTx,
  orderType: string,
  orderId: number,
): Promise<SettlementRow | null> {
  const [row] = await db
    .select()
    .from(insuranceSettlements)
    .where(and(eq(insuranceSettlements.orderType, orderType), eq(insuranceSettlements.orderId, orderId)));
  return row ?? null;
}

export interface OrderToSettle {
  orderType: string;
  orderId: number;
  userId: number;
  hospitalId: string;
  /** The patient: the pay authorisation must be this contact's. */
  contactId: number;
  items: readonly FeeItem[];
}

/**
 * Splits the order's fee at the insurance centre for the user's pay authorisation and keeps the split (PRE),
 * replacing an earlier PRE one. Refused (400, in the patient's words): an authorisation that is not the
 * user's, has expired, or belongs to another person than the order's patient, and whatever the centre refuses.
 */
export async function preSettleOrder(
  tx: DbOrTx,
  centre: InsuranceCentre,
  order: OrderToSettle,
  payAuthNo: string,
  now: Date,
): Promise<Split> {
  const [authorisation] = await tx
    .select()
    .from(insuranceAuthorisations)
    .where(
      and(eq(insuranceAuthorisations.payAuthNo, payAuthNo), eq(insuranceAuthorisations.userId, order.userId)),
    );
  if (!authorisation) throw businessError(400, '医保授权无效', '医保授权无效，请重新授权');
  if (authorisation.expiresAt <= now)
    throw businessError(400, '医保授权已过期', '医保授权已过期，请重新授权');
  if (authorisation.contactId !== order.contactId) {
    throw businessError(400, '医保授权人与就诊人不一致', '请使用就诊人本人的医保电子凭证授权');
  }
  const existing = await settlementOfOrder(tx, order.orderType, order.orderId);
  if (existing?.status === 'SETTLED') throw conflict('订单已结算', '该订单已完成医保结算');
  let split: Split & { settlementNo: string };
  try {
    split = await centre.preSettle(tx, { payAuthNo, hospitalId: order.hospitalId, items: order.items }, now);
  } catch (err) {
    if (err instanceof InsuranceCentreError) throw refused(err);
    throw err;
  }
  const values = {
    userId: order.userId,
    payAuthNo,
    centreSettlementNo: split.settlementNo,
    totalFen: split.totalFen,
    fundFen: split.fundFen,
    accountFen: split.accountFen,
    cashFen: split.cashFen,
    status: 'PRE',
    createdAt: now,
    settledAt: null,
    reversedAt: null,
  };
  if (existing) {
    await tx.update(insuranceSettlements).set(values).where(eq(insuranceSettlements.id, existing.id));
  } else {
    await tx
      .insert(insuranceSettlements)
      .values({ orderType: order.orderType, orderId: order.orderId, ...values });
  }
  const { settlementNo: _, ...parts } = split;
  return parts;
}

/** The patient chose self-pay: a PRE split no longer applies. */
export async function dropPreSettlement(tx: DbOrTx, orderType: string, orderId: number): Promise<void> {
  await tx
    .update(insuranceSettlements)
    .set({ status: 'VOID' })
    .where(
      and(
        eq(insuranceSettlements.orderType, orderType),
        eq(insuranceSettlements.orderId, orderId),
        eq(insuranceSettlements.status, 'PRE'),
      ),
    );
}

/**
 * The cash part of the order was paid: its PRE split is settled at the centre. Returns the centre's refusal
 * (the split no longer fits the person's account) for the money to go back, or null.
 */
export async function confirmSettlement(
  tx: DbOrTx,
  centre: InsuranceCentre,
  orderType: string,
  orderId: number,
  now: Date,
): Promise<string | null> {
  const row = await settlementOfOrder(tx, orderType, orderId);
  if (row?.status !== 'PRE') return null;
  try {
    await centre.confirm(tx, row.centreSettlementNo, now);
  } catch (err) {
    if (!(err instanceof InsuranceCentreError)) throw err;
    await tx.update(insuranceSettlements).set({ status: 'VOID' }).where(eq(insuranceSettlements.id, row.id));
    return `${err.message}，支付款项已原路退回`;
  }
  await tx
    .update(insuranceSettlements)
    .set({ status: 'SETTLED', settledAt: now })
    .where(eq(insuranceSettlements.id, row.id));
  return null;
}

/** The order's money went back: the insurance part of a settled split goes back to the fund and the account. */
export async function reverseSettlement(
  tx: DbOrTx,
  centre: InsuranceCentre,
  orderType: string,
  orderId: number,
  now: Date,
): Promise<void> {
  const row = await settlementOfOrder(tx, orderType, orderId);
  if (row?.status !== 'SETTLED') return;
  await centre.reverse(tx, row.centreSettlementNo, now);
  await tx
    .update(insuranceSettlements)
    .set({ status: 'REVERSED', reversedAt: now })
    .where(eq(insuranceSettlements.id, row.id));
}
