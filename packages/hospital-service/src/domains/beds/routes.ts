import {
  ADMIT_PERIOD_NAME,
  type AdmitPeriod,
  applyBedOrder,
  BED_MAX_DAYS_AHEAD,
  BED_ORDER_LIST,
  type BedOrder,
  type BedOrderListType,
  type BedOrderLogAction,
  type BedOrderStatus,
  cancelBedOrder,
  confirmBedOrder,
  confirmBedTime,
  countBedOrders,
  createBedOrder,
  getBedDictionary,
  getBedOrder,
  getStaffBedOrder,
  listBedOrderLogs,
  listBedOrders,
  listBedWards,
  listConfirmedBedOrders,
  listFinishedBedOrders,
  listPendingBedOrders,
  listStaffWards,
  transferBedOrder,
} from '@patient/contract';
import { maskName } from '@patient/validation';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { addDays, chinaDate } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { violatedConstraint } from '../../platform/database/errors.ts';
import { parseId } from '../../platform/database/ids.ts';
import { ownedRow } from '../../platform/database/owned.ts';
import { type RequestContext, userOf } from '../../platform/http/context.ts';
import { conflict, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { notify } from '../notifications/index.ts';
import { ownedContact } from '../patients/index.ts';
import {
  type DataAccess,
  recordDataAccess,
  requireStaff,
  type StaffRow,
  staffMembers,
} from '../staff/index.ts';
import { ADMISSION_NOTE, BED_WARDS, TRANSFER_REASONS, wardOf } from './seed-data.ts';
import { bedOrderLogs, bedOrders } from './tables.ts';

type OrderRow = typeof bedOrders.$inferSelect;

export const orderNoOf = (id: number) => `BR${String(id).padStart(8, '0')}`;

function toBedOrder(r: OrderRow, confirmer: string | null): BedOrder {
  const ward = wardOf(r.deptCode);
  return {
    orderId: String(r.id),
    orderNo: orderNoOf(r.id),
    hospitalId: r.hospitalId,
    status: r.status as BedOrderStatus,
    source: r.source as BedOrder['source'],
    contactId: r.contactId === null ? null : String(r.contactId),
    patientName: r.patientName,
    phone: r.phone,
    deptCode: r.deptCode,
    deptName: ward?.deptName ?? r.deptCode,
    noticeNo: r.noticeNo,
    diagnosis: r.diagnosis,
    doctorName: r.doctorName,
    expectedDate: r.expectedDate,
    remark: r.remark,
    admission:
      r.admitDate && r.admitPeriod
        ? {
            date: r.admitDate,
            period: r.admitPeriod as AdmitPeriod,
            bedNo: r.bedNo ?? '',
            note: r.admitNote ?? '',
            by: ward ? `${ward.deptName}（${ward.location}）${confirmer ? ` · ${confirmer}` : ''}` : '',
          }
        : null,
    appliedAt: r.appliedAt.toISOString(),
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    cancelReason: r.cancelReason,
  };
}

/** Rows with the name of the nurse who offered the time. */
async function present(db: DbOrTx, rows: OrderRow[]): Promise<BedOrder[]> {
  const ids = [...new Set(rows.map((r) => r.confirmedBy).filter((id): id is number => id !== null))];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: staffMembers.id, name: staffMembers.name, title: staffMembers.title })
            .from(staffMembers)
            .where(inArray(staffMembers.id, ids))
        ).map((s) => [s.id, `${s.name}${s.title}`]),
  );
  return rows.map((r) => toBedOrder(r, r.confirmedBy === null ? null : (names.get(r.confirmedBy) ?? null)));
}
const presentOne = async (db: DbOrTx, row: OrderRow) => (await present(db, [row]))[0];

/** Why a nurse reads a bed order (访问记录). */
const BED_PURPOSE = '安排住院床位';

/** A bed order a nurse read or changed, for the patient's 访问记录. */
const accessOf = (row: OrderRow, action: DataAccess['action'], doing = ''): DataAccess => ({
  userId: row.userId,
  patientName: row.patientName,
  action,
  what: `床位预约 ${orderNoOf(row.id)}${doing ? ` ${doing}` : ''}`,
  purpose: BED_PURPOSE,
});

const staffName = (s: StaffRow) => `${s.name}（${s.title}）`;

async function log(
  db: DbOrTx,
  orderId: number,
  action: BedOrderLogAction,
  actor: { staff: StaffRow } | { patient: string },
  detail: string,
  at: Date,
) {
  await db.insert(bedOrderLogs).values({
    orderId,
    action,
    actorKind: 'staff' in actor ? 'STAFF' : 'PATIENT',
    staffId: 'staff' in actor ? actor.staff.id : null,
    actorName: 'staff' in actor ? staffName(actor.staff) : actor.patient,
    detail,
    at,
  });
}

function requireWard(deptCode: string, field = 'deptCode') {
  const ward = wardOf(deptCode);
  if (!ward) throw inputError(field, '请选择病区');
  return ward;
}

/** A day from today to BED_MAX_DAYS_AHEAD days ahead (China time). */
function checkDay(date: string, now: Date, field: string, what: string) {
  const today = chinaDate(now);
  if (
    Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
    new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date
  )
    throw inputError(field, `${what}不是有效日期`);
  if (date < today) throw inputError(field, `${what}不能早于今天`);
  if (date > addDays(today, BED_MAX_DAYS_AHEAD))
    throw inputError(field, `${what}不能晚于${BED_MAX_DAYS_AHEAD}天后`);
}

const PAGE_SIZE = 10;
const pageOf = (input: { page?: number; pageSize?: number }) => {
  const pageSize = input.pageSize ?? PAGE_SIZE;
  const page = input.page ?? 1;
  return { page, pageSize, offset: (page - 1) * pageSize };
};

/** A second live order of the same admission notice. */
const duplicateNotice = () =>
  conflict('该入院通知单已预约', '该入院通知单已有床位预约，请在“我的床位预约”中查看');

/** Inserts an order and its first log line in one transaction; a second live order of the notice is 409. */
async function insertOrder(
  ctx: RequestContext,
  values: typeof bedOrders.$inferInsert,
  first: (tx: DbOrTx, row: OrderRow) => Promise<void>,
): Promise<OrderRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(bedOrders).values(values).returning();
      await first(tx, row);
      return row;
    });
  } catch (error) {
    if (violatedConstraint(error) === 'bed_orders_one_live_per_notice') throw duplicateNotice();
    throw error;
  }
}

// ——— Patient side ———

async function ownedOrder(db: DbOrTx, userId: number, orderId: string, lock = false): Promise<OrderRow> {
  return ownedRow(db, bedOrders, orderId, userId, { missing: '床位预约', lock });
}

const patientRoutes = [
  route(listBedWards, async ({ query }, ctx) => {
    await requireHospital(ctx.db, query.hospitalId);
    return [...BED_WARDS];
  }),

  route(listBedOrders, async ({ body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, body.hospitalId);
    const { page, pageSize, offset } = pageOf(body);
    const where = and(eq(bedOrders.userId, user.id), eq(bedOrders.hospitalId, body.hospitalId));
    const [{ n }] = await ctx.db.select({ n: count() }).from(bedOrders).where(where);
    const rows = await ctx.db
      .select()
      .from(bedOrders)
      .where(where)
      .orderBy(desc(bedOrders.appliedAt), desc(bedOrders.id))
      .limit(pageSize)
      .offset(offset);
    return { items: await present(ctx.db, rows), total: n, page, pageSize };
  }),

  route(applyBedOrder, async ({ body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, body.hospitalId);
    const contact = await ownedContact(ctx.db, user.id, body.contactId);
    requireWard(body.deptCode);
    const now = ctx.clock.now();
    if (body.expectedDate) checkDay(body.expectedDate, now, 'expectedDate', '期望入院日期');
    const row = await insertOrder(
      ctx,
      {
        hospitalId: body.hospitalId,
        userId: user.id,
        contactId: contact.id,
        source: 'APP',
        status: 'PENDING',
        patientName: contact.name,
        phone: body.phone,
        deptCode: body.deptCode,
        noticeNo: body.noticeNo.toUpperCase(),
        diagnosis: body.diagnosis,
        doctorName: body.doctorName,
        expectedDate: body.expectedDate ?? null,
        remark: body.remark ?? '',
        appliedAt: now,
      },
      (tx, row) =>
        log(tx, row.id, 'APPLY', { patient: contact.name }, `申请${wardOf(row.deptCode)?.deptName}床位`, now),
    );
    return presentOne(ctx.db, row);
  }),

  route(getBedOrder, async ({ params }, ctx) =>
    presentOne(ctx.db, await ownedOrder(ctx.db, userOf(ctx).id, params.orderId)),
  ),

  route(confirmBedTime, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const row = await ctx.db.transaction(async (tx) => {
      const order = await ownedOrder(tx, user.id, body.orderId, true);
      if (order.status === 'PENDING')
        throw conflict('病区尚未安排入院时间', '病区尚未安排入院时间，请耐心等待');
      if (order.status === 'FINISHED') throw conflict('已确认入院时间');
      if (order.status === 'CANCELLED') throw conflict('该预约已取消');
      if ((order.admitDate ?? '') < chinaDate(now))
        throw conflict('入院时间已过', '安排的入院时间已过，请联系病区重新安排');
      const [updated] = await tx
        .update(bedOrders)
        .set({ status: 'FINISHED', finishedAt: now })
        .where(eq(bedOrders.id, order.id))
        .returning();
      await log(
        tx,
        order.id,
        'PATIENT_CONFIRM',
        { patient: order.patientName },
        `确认 ${order.admitDate} ${ADMIT_PERIOD_NAME[order.admitPeriod as AdmitPeriod]} 入院`,
        now,
      );
      return updated;
    });
    return presentOne(ctx.db, row);
  }),

  route(cancelBedOrder, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const reason = body?.reason?.trim() || '患者取消';
    const row = await ctx.db.transaction(async (tx) => {
      const order = await ownedOrder(tx, user.id, params.orderId, true);
      if (order.status === 'FINISHED')
        throw conflict('已确认入院，不能在线取消', '已确认入院时间，如需取消请联系病区护士站');
      if (order.status === 'CANCELLED') throw conflict('该预约已取消');
      const [updated] = await tx
        .update(bedOrders)
        .set({ status: 'CANCELLED', cancelledAt: now, cancelReason: reason })
        .where(eq(bedOrders.id, order.id))
        .returning();
      await log(tx, order.id, 'CANCEL', { patient: order.patientName }, reason, now);
      return updated;
    });
    return presentOne(ctx.db, row);
  }),
];

// ——— Nurse side ———

/** The wards a list covers: one of hers (another ward: 404), or all of hers. */
function wardsFor(staff: StaffRow, deptCode: string | undefined): string[] {
  if (deptCode === undefined) return staff.wards;
  if (!staff.wards.includes(deptCode)) throw notFound('病区');
  return [deptCode];
}

/** An order of one of her wards; any other (another ward, another hospital, none) is 404. */
async function wardOrder(db: DbOrTx, staff: StaffRow, orderId: string, lock = false): Promise<OrderRow> {
  const id = parseId(orderId);
  if (id === null) throw notFound('床位预约');
  const query = db
    .select()
    .from(bedOrders)
    .where(
      and(
        eq(bedOrders.id, id),
        eq(bedOrders.hospitalId, staff.hospitalId),
        inArray(bedOrders.deptCode, staff.wards),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('床位预约');
  return row;
}

const ORDER_OF: Record<BedOrderListType, SQL[]> = {
  pending: [asc(bedOrders.appliedAt), asc(bedOrders.id)],
  confirm: [asc(bedOrders.admitDate), asc(bedOrders.admitPeriod), asc(bedOrders.id)],
  finish: [desc(bedOrders.appliedAt), desc(bedOrders.id)],
};

function listRoute(
  endpoint: typeof listPendingBedOrders | typeof listConfirmedBedOrders | typeof listFinishedBedOrders,
  type: BedOrderListType,
) {
  return route(endpoint, async ({ body }, ctx) => {
    const staff = await requireStaff(ctx);
    const wards = wardsFor(staff, body.deptCode);
    const { page, pageSize, offset } = pageOf(body);
    const keyword = body.keyword?.trim();
    const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = and(
      eq(bedOrders.hospitalId, staff.hospitalId),
      inArray(bedOrders.deptCode, wards),
      inArray(bedOrders.status, BED_ORDER_LIST[type].statuses),
      pattern
        ? or(
            ilike(bedOrders.patientName, pattern),
            ilike(bedOrders.phone, pattern),
            ilike(bedOrders.noticeNo, pattern),
          )
        : undefined,
    );
    const [{ n }] = await ctx.db.select({ n: count() }).from(bedOrders).where(where);
    const rows = await ctx.db
      .select()
      .from(bedOrders)
      .where(where)
      .orderBy(...ORDER_OF[type])
      .limit(pageSize)
      .offset(offset);
    await recordDataAccess(
      ctx.db,
      staff,
      rows.map((r) => accessOf(r, 'LIST')),
      ctx.clock.now(),
    );
    return { items: await present(ctx.db, rows), total: n, page, pageSize };
  });
}

const staffBedRoutes = [
  listRoute(listPendingBedOrders, 'pending'),
  listRoute(listConfirmedBedOrders, 'confirm'),
  listRoute(listFinishedBedOrders, 'finish'),

  route(countBedOrders, async ({ query }, ctx) => {
    const staff = await requireStaff(ctx);
    const wards = wardsFor(staff, query.deptCode);
    const rows = await ctx.db
      .select({ status: bedOrders.status, n: count() })
      .from(bedOrders)
      .where(and(eq(bedOrders.hospitalId, staff.hospitalId), inArray(bedOrders.deptCode, wards)))
      .groupBy(bedOrders.status);
    const of = (type: BedOrderListType) =>
      rows
        .filter((r) => BED_ORDER_LIST[type].statuses.includes(r.status as BedOrderStatus))
        .reduce((s, r) => s + r.n, 0);
    return { pending: of('pending'), confirm: of('confirm'), finish: of('finish') };
  }),

  route(getStaffBedOrder, async ({ params }, ctx) => {
    const staff = await requireStaff(ctx);
    const order = await wardOrder(ctx.db, staff, params.orderId);
    await recordDataAccess(ctx.db, staff, [accessOf(order, 'VIEW')], ctx.clock.now());
    return presentOne(ctx.db, order);
  }),

  route(confirmBedOrder, async ({ body }, ctx) => {
    const staff = await requireStaff(ctx);
    const now = ctx.clock.now();
    checkDay(body.date, now, 'date', '入院日期');
    const row = await ctx.db.transaction(async (tx) => {
      const order = await wardOrder(tx, staff, body.orderId, true);
      if (order.status === 'FINISHED') throw conflict('患者已确认入院时间', '患者已确认入院时间，不能再改');
      if (order.status === 'CANCELLED') throw conflict('该预约已取消');
      const changed = order.status === 'CONFIRMED';
      const [updated] = await tx
        .update(bedOrders)
        .set({
          status: 'CONFIRMED',
          admitDate: body.date,
          admitPeriod: body.period,
          bedNo: body.bedNo?.trim() || null,
          admitNote: body.note?.trim() || ADMISSION_NOTE,
          confirmedBy: staff.id,
          confirmedAt: now,
        })
        .where(eq(bedOrders.id, order.id))
        .returning();
      await recordDataAccess(tx, staff, [accessOf(order, 'CHANGE', '安排入院时间')], now);
      const bed = body.bedNo?.trim() ? `，床号 ${body.bedNo.trim()}` : '';
      await log(
        tx,
        order.id,
        'CONFIRM',
        { staff },
        `${changed ? '改为' : '安排'} ${body.date} ${ADMIT_PERIOD_NAME[body.period]} 入院${bed}`,
        now,
      );
      // The applicant learns it from the inbox (an order made at the desk has no account to tell).
      if (order.userId !== null) {
        await notify(tx, {
          userId: order.userId,
          hospitalId: order.hospitalId,
          contactId: order.contactId,
          kind: 'ADMISSION',
          title: changed ? '入院时间已变更' : '入院时间已安排',
          body: [
            `${wardOf(order.deptCode)?.deptName ?? '病区'}为${maskName(order.patientName)}安排 ${body.date} ` +
              `${ADMIT_PERIOD_NAME[body.period]} 入院${bed}。`,
            '请在住院预约中确认入院时间。',
          ],
          link: `/bedReservation/patient/confirm/${order.id}`,
          at: now,
        });
      }
      return updated;
    });
    return presentOne(ctx.db, row);
  }),

  route(transferBedOrder, async ({ body }, ctx) => {
    const staff = await requireStaff(ctx);
    const target = requireWard(body.deptCode);
    const now = ctx.clock.now();
    const row = await ctx.db.transaction(async (tx) => {
      const order = await wardOrder(tx, staff, body.orderId, true);
      if (order.status === 'FINISHED' || order.status === 'CANCELLED')
        throw conflict('该预约已完成，不能转科');
      if (order.deptCode === body.deptCode) throw inputError('deptCode', '请选择其他病区');
      await recordDataAccess(tx, staff, [accessOf(order, 'CHANGE', '转科')], now);
      const [updated] = await tx
        .update(bedOrders)
        .set({
          status: 'PENDING',
          deptCode: body.deptCode,
          admitDate: null,
          admitPeriod: null,
          bedNo: null,
          admitNote: null,
          confirmedBy: null,
          confirmedAt: null,
        })
        .where(eq(bedOrders.id, order.id))
        .returning();
      await log(
        tx,
        order.id,
        'TRANSFER',
        { staff },
        `由${wardOf(order.deptCode)?.deptName}转至${target.deptName}：${body.reason}`,
        now,
      );
      return updated;
    });
    return presentOne(ctx.db, row);
  }),

  route(createBedOrder, async ({ body }, ctx) => {
    const staff = await requireStaff(ctx);
    const ward = requireWard(body.deptCode);
    if (!staff.wards.includes(body.deptCode)) throw notFound('病区');
    const now = ctx.clock.now();
    if (body.expectedDate) checkDay(body.expectedDate, now, 'expectedDate', '期望入院日期');
    const row = await insertOrder(
      ctx,
      {
        hospitalId: staff.hospitalId,
        userId: null,
        contactId: null,
        source: 'DESK',
        status: 'PENDING',
        patientName: body.patientName,
        phone: body.phone,
        deptCode: body.deptCode,
        noticeNo: body.noticeNo.toUpperCase(),
        diagnosis: body.diagnosis,
        doctorName: body.doctorName,
        expectedDate: body.expectedDate ?? null,
        remark: body.remark ?? '',
        appliedAt: now,
      },
      (tx, created) =>
        log(tx, created.id, 'CREATE', { staff }, `为${body.patientName}登记${ward.deptName}床位`, now),
    );
    return presentOne(ctx.db, row);
  }),

  route(listBedOrderLogs, async ({ body }, ctx) => {
    const staff = await requireStaff(ctx);
    const order = await wardOrder(ctx.db, staff, body.orderId);
    await recordDataAccess(ctx.db, staff, [accessOf(order, 'VIEW', '处理记录')], ctx.clock.now());
    const { page, pageSize, offset } = pageOf(body);
    const where = eq(bedOrderLogs.orderId, order.id);
    const [{ n }] = await ctx.db.select({ n: count() }).from(bedOrderLogs).where(where);
    const rows = await ctx.db
      .select()
      .from(bedOrderLogs)
      .where(where)
      .orderBy(asc(bedOrderLogs.at), asc(bedOrderLogs.id))
      .limit(pageSize)
      .offset(offset);
    return {
      items: rows.map((r) => ({
        logId: String(r.id),
        orderId: String(r.orderId),
        action: r.action as BedOrderLogAction,
        actor: r.actorName,
        actorKind: r.actorKind as 'PATIENT' | 'STAFF',
        detail: r.detail,
        at: r.at.toISOString(),
      })),
      total: n,
      page,
      pageSize,
    };
  }),

  route(listStaffWards, async (_input, ctx) => {
    const staff = await requireStaff(ctx);
    return BED_WARDS.map((w) => ({ ...w, mine: staff.wards.includes(w.deptCode) }));
  }),

  route(getBedDictionary, async (_input, ctx) => {
    await requireStaff(ctx);
    return {
      periods: (['AM', 'PM'] as const).map((value) => ({ value, label: ADMIT_PERIOD_NAME[value] })),
      transferReasons: TRANSFER_REASONS,
      admissionNote: ADMISSION_NOTE,
    };
  }),
];

/** Every bed-order call: the patient's and the nurse's. */
export const bedRoutes = [...patientRoutes, ...staffBedRoutes];
