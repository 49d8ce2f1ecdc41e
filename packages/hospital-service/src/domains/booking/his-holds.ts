import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { safeError } from '../../platform/logging/logger.ts';
import { contacts } from '../patients/index.ts';
import type { Period } from './rules.ts';
import { askScheduleHis, type HisSlotRef, type ScheduleHis, ScheduleHisRefusal } from './schedule-his.ts';
import { appointmentOrders, departments, doctors, schedules, sources } from './tables.ts';

/** The next order id, taken before the HIS is asked so that the hold carries our order number. */
export async function nextOrderId(tx: DbOrTx): Promise<number> {
  const result = (await tx.execute(
    sql`SELECT nextval(pg_get_serial_sequence('appointment_orders', 'id'))::int AS id`,
  )) as unknown as { rows: { id: number | string }[] };
  return Number(result.rows[0].id);
}

/** A source as the HIS knows it: the clinic's codes, the half-day, the time range. */
export async function slotRefOf(db: DbOrTx, sourceId: number): Promise<HisSlotRef> {
  const [row] = await db
    .select({
      hospitalId: schedules.hospitalId,
      departmentCode: departments.code,
      doctorCode: doctors.code,
      date: schedules.date,
      period: schedules.period,
      startTime: sources.startTime,
      endTime: sources.endTime,
    })
    .from(sources)
    .innerJoin(schedules, eq(schedules.id, sources.scheduleId))
    .innerJoin(departments, eq(departments.id, schedules.departmentId))
    .leftJoin(doctors, eq(doctors.id, schedules.doctorId))
    .where(eq(sources.id, sourceId));
  return { ...row, period: row.period as Period };
}

/** The orders whose hold the HIS still has to be told about, oldest first (at most `limit`). */
const SYNC_BATCH = 100;

/**
 * Tells the HIS what happened to holds (hisSync): CONFIRM — the order was paid, the hold becomes the patient's
 * appointment; RELEASE — the place is free again. Done right after the change commits (`orderIds`) and by the
 * order sweeper for everything left: a HIS that fails or does not answer is asked again on the next sweep, so
 * nothing is lost. A confirmation the HIS refuses (the hold ran out and the place is gone) is marked
 * CONFIRM_REFUSED and logged as an error for the hospital's desk. Returns how many were done.
 */
export async function syncHisHolds(
  db: DbOrTx,
  his: ScheduleHis,
  log?: FastifyBaseLogger,
  orderIds?: readonly number[],
): Promise<number> {
  const o = appointmentOrders;
  const due = await db
    .select({ order: o, identityCard: contacts.documentNumber })
    .from(o)
    .leftJoin(contacts, eq(contacts.id, o.contactId))
    .where(
      and(
        inArray(o.hisSync, ['CONFIRM', 'RELEASE']),
        isNotNull(o.hisHoldRef),
        orderIds ? inArray(o.id, [...orderIds]) : undefined,
      ),
    )
    .orderBy(asc(o.updatedAt), asc(o.id))
    .limit(SYNC_BATCH);
  let done = 0;
  for (const { order, identityCard } of due) {
    const holdRef = order.hisHoldRef as string;
    const step = order.hisSync as 'CONFIRM' | 'RELEASE';
    try {
      if (step === 'CONFIRM') {
        await askScheduleHis(his, (h) =>
          h.confirm(holdRef, {
            orderNo: String(order.id),
            patient: {
              name: order.patientName ?? '',
              identityCard: identityCard ?? '',
              medicalCardNo: order.medicalCardNo ?? '',
            },
            paidFen: order.selfPays,
            paidAt: order.paidAt ?? order.updatedAt,
          }),
        );
      } else {
        await askScheduleHis(his, (h) => h.release(holdRef));
      }
      // Only if nothing changed meanwhile (a refund after the confirmation asks for a release next).
      await db
        .update(o)
        .set({ hisSync: null })
        .where(and(eq(o.id, order.id), eq(o.hisSync, step)));
      done++;
    } catch (error) {
      if (error instanceof ScheduleHisRefusal && step === 'CONFIRM') {
        await db
          .update(o)
          .set({ hisSync: 'CONFIRM_REFUSED' })
          .where(and(eq(o.id, order.id), eq(o.hisSync, step)));
        log?.error(
          { orderId: order.id, reason: error.message },
          '医院信息系统拒绝确认已支付的预约，请人工处理',
        );
      } else {
        log?.warn({ orderId: order.id, step, err: safeError(error) }, '通知医院信息系统失败，稍后重试');
      }
    }
  }
  return done;
}
