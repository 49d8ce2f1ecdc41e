import type { AppointmentOrder, AppointmentStatus } from '@patient/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { ownedRow } from '../../platform/database/owned.ts';
import { businessError } from '../../platform/http/errors.ts';
import { hospitals } from '../hospitals/index.ts';
import { closePendingPayments, type PaymentRow, paymentOf, requestRefund } from '../payments/index.ts';
import type { BookingRules } from './rules.ts';
import { at, loadSchedules, loadSources, type SourceRow, toScheduleItem } from './schedules.ts';
import { appointmentOrders, bookingRules, schedules, sources } from './tables.ts';

export type OrderRow = typeof appointmentOrders.$inferSelect;

/** Statuses in which the order holds its slot until holdExpiresAt. */
export const HOLDING: readonly AppointmentStatus[] = ['LOCKED', 'PENDING_PAYMENT'];

/**
 * The status as of `now`: a hold that has run out is EXPIRED, a booking whose slot has ended is VISITED
 * (the simulated HIS reports every booked patient as seen). Stored statuses catch up through the booking-settle-due-orders job.
 */
export function effectiveStatus(
  o: Pick<OrderRow, 'status' | 'holdExpiresAt' | 'visitEndsAt'>,
  now: Date,
): AppointmentStatus {
  const status = o.status as AppointmentStatus;
  if (HOLDING.includes(status) && o.holdExpiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  if (status === 'BOOKED' && o.visitEndsAt.getTime() <= now.getTime()) return 'VISITED';
  return status;
}

/** {@link effectiveStatus} in SQL, for filtering lists. */
export function effectiveStatusSql(now: Date): SQL {
  const o = appointmentOrders;
  return sql`(CASE WHEN ${o.status} IN ('LOCKED', 'PENDING_PAYMENT') AND ${o.holdExpiresAt} <= ${at(now)} THEN 'EXPIRED' WHEN ${o.status} = 'BOOKED' AND ${o.visitEndsAt} <= ${at(now)} THEN 'VISITED' ELSE ${o.status} END)`;
}

/** The booking rules of a hospital (every seeded hospital has them). */
export async function rulesOf(db: DbOrTx, hospitalId: string): Promise<BookingRules> {
  const [rules] = await db
    .select()
    .from(bookingRules)
    .where(eq(bookingRules.hospitalId, hospitalId))
    .limit(1);
  if (!rules) throw businessError(404, '医院不存在', `未找到编号为 ${hospitalId} 的医院，请检查链接是否正确`);
  return rules;
}

/** The user's order (locked FOR UPDATE inside a transaction when asked), or '订单不存在'. */
export async function ownedOrder(
  db: DbOrTx,
  userId: number,
  orderId: string,
  lock = false,
): Promise<OrderRow> {
  const known = await ownedRow(db, appointmentOrders, orderId, userId, { missing: '订单' });
  if (!lock) return known;
  // Source, then order (then payment): the order every path takes its locks in.
  await lockSources(db, [known.sourceId]);
  return ownedRow(db, appointmentOrders, orderId, userId, { missing: '订单', lock });
}

/** The appointment's payment, if one was started. */
export const paymentOfOrder = (db: DbOrTx, orderId: number, lock = false): Promise<PaymentRow | null> =>
  paymentOf(db, 'APPOINTMENT', orderId, lock);

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Orders as the contract's AppointmentOrder, with their schedule and source as they are now. */
export async function toOrders(db: DbOrTx, rows: OrderRow[], now: Date): Promise<AppointmentOrder[]> {
  if (rows.length === 0) return [];
  const scheduleIds = [...new Set(rows.map((r) => r.scheduleId))];
  const facts = new Map(
    (await loadSchedules(db, inArray(schedules.id, scheduleIds))).map((f) => [f.schedule.id, f]),
  );
  const slots = await loadSources(db, scheduleIds, now);
  const names = new Map(
    (
      await db
        .select({ id: hospitals.id, name: hospitals.name })
        .from(hospitals)
        .where(inArray(hospitals.id, [...new Set(rows.map((r) => r.hospitalId))]))
    ).map((h) => [h.id, h.name]),
  );
  return rows.map((row) => {
    const f = facts.get(row.scheduleId);
    if (!f) throw new Error(`order ${row.id}: schedule ${row.scheduleId} missing`);
    const { item, sources } = toScheduleItem(f, slots, null);
    const source = sources.find((s) => s.sourceId === String(row.sourceId));
    if (!source) throw new Error(`order ${row.id}: source ${row.sourceId} missing`);
    const status = effectiveStatus(row, now);
    return {
      orderId: String(row.id),
      hospitalId: row.hospitalId,
      hospitalName: names.get(row.hospitalId) ?? '',
      status,
      schedule: item,
      source,
      contactId: row.contactId === null ? null : String(row.contactId),
      patientName: row.patientName,
      medicalCardNo: row.medicalCardNo,
      fee: row.fee,
      insurancePays: row.insurancePays,
      selfPays: row.selfPays,
      holdExpiresAt: HOLDING.includes(status) ? row.holdExpiresAt.toISOString() : null,
      paidAt: iso(row.paidAt),
      cancelDeadline: row.cancelDeadline.toISOString(),
      cancelReason: row.cancelReason,
      refundedAt: iso(row.refundedAt),
      visitNumber: row.visitNumber,
      checkedIn: row.checkedInAt !== null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function toOrder(db: DbOrTx, row: OrderRow, now: Date): Promise<AppointmentOrder> {
  return (await toOrders(db, [row], now))[0];
}

/**
 * Holds that have run out stop claiming their place: stored EXPIRED (the trigger gives the place back) and
 * their pending payments CLOSED. The caller holds the lock of every source concerned.
 */
async function expireHolds(db: DbOrTx, where: SQL, now: Date): Promise<number> {
  const o = appointmentOrders;
  const expired = await db
    .update(o)
    // The HIS frees an expired hold by itself; it is told anyway (syncHisHolds), in case it keeps it longer.
    .set({
      status: 'EXPIRED',
      updatedAt: now,
      hisSync: sql`CASE WHEN ${o.hisHoldRef} IS NULL THEN ${o.hisSync} ELSE 'RELEASE' END`,
    })
    .where(
      and(inArray(o.status, ['LOCKED', 'PENDING_PAYMENT']), sql`${o.holdExpiresAt} <= ${at(now)}`, where),
    )
    .returning({ id: o.id });
  await closePendingPayments(
    db,
    'APPOINTMENT',
    expired.map((e) => e.id),
    now,
  );
  return expired.length;
}

/** Locks sources (in id order, as every path does) until the transaction ends. */
export async function lockSources(db: DbOrTx, ids: number[]): Promise<SourceRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(sources).where(inArray(sources.id, ids)).orderBy(sources.id).for('update');
}

/**
 * Places a locked source can still give, as the database counts them: expired holds on it are released first,
 * then capacity − reserved − claimed (`sources.claimed` is kept by a trigger and bounded by a CHECK, so the
 * database refuses a claim beyond this whatever the code does).
 */
export async function claimablePlaces(db: DbOrTx, sourceId: number, now: Date): Promise<number> {
  await expireHolds(db, eq(appointmentOrders.sourceId, sourceId), now);
  const [source] = await db.select().from(sources).where(eq(sources.id, sourceId));
  return Math.max(0, source.capacity - source.reserved - source.claimed);
}

/**
 * Writes down what time has decided (the booking-settle-due-orders job; reads never depend on it): holds that ran out become
 * EXPIRED and their pending payments CLOSED; bookings whose slot has ended become VISITED. Sources are locked
 * first, in id order, like every other path (no deadlock with a lock request on the same slot).
 */
export async function settleDueOrders(db: DbOrTx, now: Date): Promise<{ expired: number; visited: number }> {
  const o = appointmentOrders;
  const due = await db
    .selectDistinct({ sourceId: o.sourceId })
    .from(o)
    .where(and(inArray(o.status, ['LOCKED', 'PENDING_PAYMENT']), sql`${o.holdExpiresAt} <= ${at(now)}`));
  const locked = await lockSources(
    db,
    due.map((d) => d.sourceId),
  );
  const expired =
    locked.length === 0
      ? 0
      : await expireHolds(
          db,
          inArray(
            o.sourceId,
            locked.map((s) => s.id),
          ),
          now,
        );
  const visited = await db
    .update(o)
    .set({ status: 'VISITED', updatedAt: now })
    .where(and(eq(o.status, 'BOOKED'), sql`${o.visitEndsAt} <= ${at(now)}`))
    .returning({ id: o.id });
  return { expired, visited: visited.length };
}

/**
 * The clinic of a half-day is stopped (the HIS says so; in the reference service the dev route
 * /__dev/schedules/stop): booked orders become STOPPED and their money is asked back, held ones are cancelled
 * and their pending payments closed. Returns how many orders changed and the refunds to submit once the
 * transaction has committed.
 */
export async function stopSchedule(
  db: DbOrTx,
  scheduleId: number,
  now: Date,
): Promise<{ changed: number; refundIds: number[] } | null> {
  const [schedule] = await db
    .update(schedules)
    .set({ state: 'STOPED' })
    .where(eq(schedules.id, scheduleId))
    .returning({ id: schedules.id });
  if (!schedule) return null;
  const o = appointmentOrders;
  const ids = await db.select({ id: sources.id }).from(sources).where(eq(sources.scheduleId, scheduleId));
  await lockSources(
    db,
    ids.map((s) => s.id),
  );
  const rows = await db.select().from(o).where(eq(o.scheduleId, scheduleId)).orderBy(o.id).for('update');
  let changed = 0;
  const refundIds: number[] = [];
  for (const row of rows) {
    const status = effectiveStatus(row, now);
    if (status !== 'BOOKED' && !HOLDING.includes(status)) continue;
    const paid = status === 'BOOKED';
    const reason = paid ? '医生停诊，费用将原路退回' : '医生停诊，订单已取消';
    await db
      .update(o)
      .set(
        paid
          ? { status: 'STOPPED', cancelReason: reason, updatedAt: now }
          : { status: 'CANCELLED', cancelledAt: now, cancelReason: reason, updatedAt: now },
      )
      .where(eq(o.id, row.id));
    if (paid) {
      const refundId = await requestRefund(db, 'APPOINTMENT', row.id, reason, now);
      if (refundId !== null) refundIds.push(refundId);
    } else {
      await closePendingPayments(db, 'APPOINTMENT', [row.id], now);
    }
    changed++;
  }
  return { changed, refundIds };
}
