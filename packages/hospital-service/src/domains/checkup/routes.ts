import {
  bookCheckup,
  type CheckupApplication,
  cancelCheckup,
  getCheckupCancelRule,
  getCheckupNotices,
  getCheckupRemaining,
  getCheckupTimes,
  listCheckupApplications,
  listCheckupReminders,
} from '@patient/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { chinaDate, HOUR } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError, conflict, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { askOutside } from '../../platform/outside-system.ts';
import { chinaInstant, chinaTime } from '../booking/index.ts';
import { requireHospital } from '../hospitals/index.ts';
import { type ContactRow, contacts, isFiled, provenContact, requireHisProven } from '../patients/index.ts';
import {
  CHECKUP_HIS_NAME,
  CHECKUP_REMINDERS,
  type CheckupHis,
  checkupDates,
  ITEM_TYPES,
  type ItemTypeId,
  itemByCode,
  noticesOf,
  workNoOf,
} from './his.ts';
import { checkupRowsOf } from './seed.ts';
import { checkupApplications } from './tables.ts';

type ApplicationRow = typeof checkupApplications.$inferSelect;

/** A booked check-up can be cancelled online until this long before its time slot starts. */
export const CHECKUP_CANCEL_BEFORE_MS = 24 * HOUR;

/** A booking whose slot has ended reads as DONE. */
function statusOf(row: ApplicationRow, now: Date): CheckupApplication['status'] {
  if (row.status === 'BOOKED' && row.apptDate && row.apptTimeRange) {
    if (chinaInstant(row.apptDate, row.apptTimeRange.slice(6)).getTime() <= now.getTime()) return 'DONE';
  }
  return row.status as CheckupApplication['status'];
}

function toApplication(
  row: ApplicationRow,
  contact: Pick<ContactRow, 'name'>,
  now: Date,
): CheckupApplication {
  const item = itemByCode(row.itemCode);
  const type = ITEM_TYPES[row.itemTypeId as ItemTypeId];
  const status = statusOf(row, now);
  return {
    applicationNo: row.applicationNo,
    orderItemId: row.orderItemId,
    contactId: String(row.contactId),
    patientName: contact.name,
    visitType: row.visitType,
    itemCode: row.itemCode,
    itemName: item?.name ?? row.itemCode,
    urgentFlag: row.urgentFlag,
    emergencySchedule: row.emergencySchedule,
    itemTypeId: row.itemTypeId,
    itemTypeName: type.name,
    departmentName: type.departmentName,
    requestedAt: row.requestedAt.toISOString(),
    status,
    appointment:
      (status === 'BOOKED' || status === 'DONE') && row.apptDate && row.apptTimeRange
        ? {
            date: row.apptDate,
            timeRange: row.apptTimeRange,
            location: type.location,
            bookedAt: (row.bookedAt ?? row.createdAt).toISOString(),
          }
        : null,
  };
}

/** The user's request (with its contact), locked FOR UPDATE inside a transaction when asked, or 404. */
async function ownedApplication(
  db: DbOrTx,
  userId: number,
  hospitalId: string,
  key: { applicationNo: string; orderItemId: string },
  lock = false,
) {
  await requireHospital(db, hospitalId);
  const query = db
    .select({ application: checkupApplications, contact: contacts })
    .from(checkupApplications)
    .innerJoin(contacts, eq(contacts.id, checkupApplications.contactId))
    .where(
      and(
        eq(checkupApplications.userId, userId),
        eq(checkupApplications.hospitalId, hospitalId),
        eq(checkupApplications.applicationNo, key.applicationNo),
        eq(checkupApplications.orderItemId, key.orderItemId),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: checkupApplications }) : await query;
  if (!row) throw notFound('检查申请');
  requireHisProven(row.contact);
  return row;
}

/** Our bookings per time slot of a type and dates at a hospital. */
async function bookedPerSlot(db: DbOrTx, hospitalId: string, type: string, dates: string[]) {
  const rows = await db
    .select({ date: checkupApplications.apptDate, batchId: checkupApplications.apptBatchId, n: count() })
    .from(checkupApplications)
    .where(
      and(
        eq(checkupApplications.hospitalId, hospitalId),
        eq(checkupApplications.itemTypeId, type),
        eq(checkupApplications.status, 'BOOKED'),
        inArray(checkupApplications.apptDate, dates),
      ),
    )
    .groupBy(checkupApplications.apptDate, checkupApplications.apptBatchId);
  return new Map(rows.map((r) => [`${r.date}|${r.batchId}`, r.n]));
}

/** Places taken through other channels per `date|batchId`, asked of the HIS (503 when it fails: askOutside). */
async function takenPerSlot(his: CheckupHis, hospitalId: string, typeId: ItemTypeId, dates: string[]) {
  const rows = await askOutside(
    CHECKUP_HIS_NAME,
    (signal) => his.takenPlaces(hospitalId, typeId, dates, signal),
    { timeoutMs: his.timeoutMs },
  );
  return new Map(rows.map((r) => [`${r.date}|${r.batchId}`, r.taken]));
}

/**
 * The time slots of a date with the places left (the HIS's `taken`, then ours); today's slots that have
 * started are closed. A slot the HIS did not answer for is full.
 */
async function slotsOf(
  db: DbOrTx,
  hospitalId: string,
  typeId: ItemTypeId,
  date: string,
  now: Date,
  taken: ReadonlyMap<string, number>,
) {
  const type = ITEM_TYPES[typeId];
  const today = chinaDate(now);
  const booked = await bookedPerSlot(db, hospitalId, typeId, [date]);
  return type.batches.map((b) => {
    const started = date === today && b.timeRange.slice(0, 5) <= chinaTime(now);
    const left =
      type.capacity -
      (taken.get(`${date}|${b.batchId}`) ?? type.capacity) -
      (booked.get(`${date}|${b.batchId}`) ?? 0);
    return {
      workNo: workNoOf(typeId, date),
      batchId: b.batchId,
      timeRange: b.timeRange,
      available: started ? 0 : Math.max(0, left),
    };
  });
}

/** Until when a booking can be cancelled online. */
const cancelDeadlineOf = (row: ApplicationRow): Date | null =>
  row.apptDate && row.apptTimeRange
    ? new Date(chinaInstant(row.apptDate, row.apptTimeRange.slice(0, 5)).getTime() - CHECKUP_CANCEL_BEFORE_MS)
    : null;

function cancelRule(row: ApplicationRow, now: Date) {
  const status = statusOf(row, now);
  const deadline = cancelDeadlineOf(row);
  if (status === 'DONE') return { canCancel: false, deadline: null, reason: '检查已完成，不能取消' };
  if (status !== 'BOOKED' || !deadline) return { canCancel: false, deadline: null, reason: '该检查尚未预约' };
  if (now.getTime() >= deadline.getTime()) {
    return {
      canCancel: false,
      deadline: deadline.toISOString(),
      reason: '距检查开始已不足24小时，不能在线取消，如需改约请联系检查科室',
    };
  }
  return { canCancel: true, deadline: deadline.toISOString(), reason: null };
}

function checkMatches(row: ApplicationRow, body: Record<string, unknown>) {
  for (const key of ['visitType', 'itemCode', 'urgentFlag', 'emergencySchedule', 'itemTypeId'] as const) {
    if (body[key] !== undefined && body[key] !== row[key]) {
      throw businessError(400, '检查申请信息不一致', '检查申请信息与医院记录不一致，请返回列表重新选择');
    }
  }
}

/** The check-up calls, over the HIS that has the requests and the places taken (port `checkupHis`). */
export const checkupRoutes = (his: CheckupHis) => [
  route(listCheckupApplications, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    await requireHospital(ctx.db, params.hospitalId);
    // The hospital's requests for the person: only for a proven contact (before the HIS is asked).
    const contact = await provenContact(ctx.db, user.id, body.contactId);
    const where = and(
      eq(checkupApplications.contactId, contact.id),
      eq(checkupApplications.hospitalId, params.hospitalId),
    );
    let rows = await ctx.db
      .select()
      .from(checkupApplications)
      .where(where)
      .orderBy(desc(checkupApplications.requestedAt), desc(checkupApplications.id));
    // First look at this hospital: the HIS's requests for the person arrive (filed people only).
    const person = {
      hospitalId: params.hospitalId,
      identityCard: contact.documentNumber,
      name: contact.name,
    };
    if (rows.length === 0 && (await isFiled(ctx.db, person))) {
      const requests = await askOutside(CHECKUP_HIS_NAME, (signal) => his.requestsOf(person, signal), {
        timeoutMs: his.timeoutMs,
      });
      if (requests.length > 0) {
        await ctx.db
          .insert(checkupApplications)
          .values(checkupRowsOf(user.id, contact, params.hospitalId, requests, now))
          .onConflictDoNothing();
      }
      rows = await ctx.db
        .select()
        .from(checkupApplications)
        .where(where)
        .orderBy(desc(checkupApplications.requestedAt), desc(checkupApplications.id));
    }
    return rows.map((r) => toApplication(r, contact, now));
  }),

  route(getCheckupRemaining, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const { application } = await ownedApplication(ctx.db, user.id, params.hospitalId, body);
    checkMatches(application, body);
    const typeId = application.itemTypeId as ItemTypeId;
    const type = ITEM_TYPES[typeId];
    const today = chinaDate(now);
    const dates = checkupDates(today, application.urgentFlag === '1');
    const taken = await takenPerSlot(his, params.hospitalId, typeId, dates);
    const booked = await bookedPerSlot(ctx.db, params.hospitalId, typeId, dates);
    return dates.map((date) => ({
      date,
      available: type.batches.reduce((n, b) => {
        if (date === today && b.timeRange.slice(0, 5) <= chinaTime(now)) return n;
        const left =
          type.capacity -
          (taken.get(`${date}|${b.batchId}`) ?? type.capacity) -
          (booked.get(`${date}|${b.batchId}`) ?? 0);
        return n + Math.max(0, left);
      }, 0),
    }));
  }),

  route(getCheckupTimes, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const { application } = await ownedApplication(ctx.db, user.id, params.hospitalId, body);
    const dates = checkupDates(chinaDate(now), application.urgentFlag === '1');
    if (!dates.includes(body.date)) {
      throw businessError(400, '不可预约该日期', `请选择${dates[0]}至${dates[dates.length - 1]}之间的日期`);
    }
    const typeId = application.itemTypeId as ItemTypeId;
    const taken = await takenPerSlot(his, params.hospitalId, typeId, [body.date]);
    return slotsOf(ctx.db, params.hospitalId, typeId, body.date, now, taken);
  }),

  route(bookCheckup, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    // The HIS is asked before the transaction writes (a failure changes nothing): the places it has taken.
    const { application: asked } = await ownedApplication(ctx.db, user.id, params.hospitalId, body);
    const taken = await takenPerSlot(his, params.hospitalId, asked.itemTypeId as ItemTypeId, [body.date]);
    const row = await ctx.db.transaction(async (tx) => {
      const { application, contact } = await ownedApplication(tx, user.id, params.hospitalId, body, true);
      const status = statusOf(application, now);
      if (status === 'BOOKED') throw conflict('已预约', '该检查已预约，如需改约请先取消原预约');
      if (status === 'DONE') throw conflict('检查已完成', '该检查已完成，无需预约');
      const typeId = application.itemTypeId as ItemTypeId;
      const dates = checkupDates(chinaDate(now), application.urgentFlag === '1');
      if (!dates.includes(body.date)) {
        throw businessError(400, '不可预约该日期', `请选择${dates[0]}至${dates[dates.length - 1]}之间的日期`);
      }
      const batch = ITEM_TYPES[typeId].batches.find((b) => b.batchId === body.batchId);
      if (!batch || batch.timeRange !== body.timeRange || body.workNo !== workNoOf(typeId, body.date)) {
        throw businessError(400, '预约时段不正确', '所选时段与检查排班不一致，请重新选择时段');
      }
      // Serialises bookings of one time slot (the slot has no row of its own).
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`checkup|${params.hospitalId}|${typeId}|${body.date}|${body.batchId}`}))`,
      );
      const slot = (await slotsOf(tx, params.hospitalId, typeId, body.date, now, taken)).find(
        (s) => s.batchId === body.batchId,
      );
      if (!slot || slot.available <= 0) throw conflict('该时段已约满', '该时段已约满，请选择其他时段');
      const [updated] = await tx
        .update(checkupApplications)
        .set({
          status: 'BOOKED',
          apptDate: body.date,
          apptBatchId: body.batchId,
          apptTimeRange: body.timeRange,
          bookedAt: now,
          cancelledAt: null,
        })
        .where(eq(checkupApplications.id, application.id))
        .returning();
      return { updated, contact };
    });
    return toApplication(row.updated, row.contact, now);
  }),

  route(getCheckupNotices, async ({ params, body }, ctx) => {
    await requireHospital(ctx.db, params.hospitalId);
    const item = itemByCode(body.itemCode);
    if (!item) throw notFound('检查项目');
    return { notices: noticesOf(item) };
  }),

  route(cancelCheckup, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const row = await ctx.db.transaction(async (tx) => {
      const { application, contact } = await ownedApplication(tx, user.id, params.hospitalId, body, true);
      if (application.status === 'CANCELLED' || application.status === 'UNBOOKED') {
        return { updated: application, contact };
      }
      const rule = cancelRule(application, now);
      if (!rule.canCancel) throw businessError(400, '不能取消', rule.reason ?? '该预约不能取消');
      const [updated] = await tx
        .update(checkupApplications)
        .set({
          status: 'CANCELLED',
          apptDate: null,
          apptBatchId: null,
          apptTimeRange: null,
          bookedAt: null,
          cancelledAt: now,
        })
        .where(eq(checkupApplications.id, application.id))
        .returning();
      return { updated, contact };
    });
    return toApplication(row.updated, row.contact, now);
  }),

  route(getCheckupCancelRule, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const { application } = await ownedApplication(ctx.db, user.id, params.hospitalId, body);
    return cancelRule(application, ctx.clock.now());
  }),

  route(listCheckupReminders, async () => CHECKUP_REMINDERS),
];
