import {
  type Department,
  type Doctor,
  type EndpointParsedInput,
  getDoctor,
  getDoctorResume,
  listDepartments,
  listDepartmentsWithHis,
  listDoctorsWithSchedules,
  queryDoctorSchedule,
  querySchedules,
  querySources,
  type ScheduleItem,
  type SourceState,
  searchDepartments,
  searchSources,
  searchSourcesSnake,
} from '@patient/contract';
import { and, asc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { chinaDate } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { parseId } from '../../platform/database/ids.ts';
import { businessError, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { rulesOf } from './orders.ts';
import { normaliseKeyword } from './pinyin.ts';
import { chinaTime, closedReason, type Period, windowDates } from './rules.ts';
import {
  bookableItems,
  type DepartmentRow,
  type DoctorRow,
  loadSchedules,
  loadSources,
  toScheduleItem,
} from './schedules.ts';
import { departments, doctors, schedules } from './tables.ts';

export function toDepartment(row: DepartmentRow): Department {
  return {
    departmentId: String(row.id),
    parentId: row.parentId === null ? null : String(row.parentId),
    name: row.name,
    deptId: row.code,
    pinyin: row.pinyin,
    initials: row.initials,
    intro: row.intro || null,
    location: row.location || null,
  };
}

function toDoctor(row: DoctorRow, department: DepartmentRow): Doctor {
  return {
    doctorId: String(row.id),
    name: row.name,
    title: row.title,
    speciality: row.speciality,
    intro: row.intro || null,
    departmentId: String(department.id),
    departmentName: department.name,
    deptId: department.code,
  };
}

/** A hospital's departments: first level, each followed by its clinics, in display order. */
async function departmentsOf(db: DbOrTx, hospitalId: string): Promise<DepartmentRow[]> {
  const rows = await db
    .select()
    .from(departments)
    .where(eq(departments.hospitalId, hospitalId))
    .orderBy(asc(departments.sortOrder), asc(departments.id));
  const tops = rows.filter((d) => d.parentId === null);
  return tops.flatMap((top) => [top, ...rows.filter((d) => d.parentId === top.id)]);
}

/** The clinics a department id stands for at the hospital: itself, or the clinics of a first-level one. */
async function clinicsOf(db: DbOrTx, hospitalId: string, departmentId: string): Promise<DepartmentRow[]> {
  const id = parseId(departmentId);
  const all = id === null ? [] : await departmentsOf(db, hospitalId);
  const department = all.find((d) => d.id === id);
  if (!department) throw notFound('科室');
  return department.parentId === null ? all.filter((d) => d.parentId === department.id) : [department];
}

async function doctorWithDepartment(db: DbOrTx, doctorId: string) {
  const id = parseId(doctorId);
  const [row] =
    id === null
      ? []
      : await db
          .select({ doctor: doctors, department: departments })
          .from(doctors)
          .innerJoin(departments, eq(departments.id, doctors.departmentId))
          .where(eq(doctors.id, id))
          .limit(1);
  if (!row) throw notFound('医生');
  return row;
}

/** How well a department matches a search keyword (lower is better), or null. */
function matchRank(d: DepartmentRow, keyword: string): number | null {
  const ranks: number[] = [];
  const rank = (text: string) => {
    if (!text) return;
    if (text === keyword) ranks.push(0);
    else if (text.startsWith(keyword)) ranks.push(1);
    else if (text.includes(keyword)) ranks.push(2);
  };
  rank(d.name);
  if (/^[a-z]+$/.test(keyword)) {
    rank(d.initials);
    rank(d.pinyin);
  }
  return ranks.length > 0 ? Math.min(...ranks) : null;
}

const STATE_ORDER: SourceState[] = ['APPOINTABLE', 'ALL_APPOINTED', 'STOPED', 'NO_SOURCE'];

/** One day of a doctor, summarised from the day's half-days: the best state and the places left. */
function daySummary(date: string, items: ScheduleItem[]) {
  if (items.length === 0) return { date, state: 'NO_SOURCE' as const, remaining: null, type: null };
  const best = [...items].sort((a, b) => STATE_ORDER.indexOf(a.state) - STATE_ORDER.indexOf(b.state))[0];
  const counted = items.filter((i) => i.remaining !== null);
  return {
    date,
    state: best.state,
    remaining: counted.length > 0 ? counted.reduce((n, i) => n + (i.remaining ?? 0), 0) : null,
    type: best.type,
  };
}

/** Today's open half-days and the scheduled window, for one condition. */
async function upcoming(db: DbOrTx, hospitalId: string, now: Date, where: SQL) {
  const rules = await rulesOf(db, hospitalId);
  const today = await bookableItems(db, rules, now, true, where);
  const later = await bookableItems(db, rules, now, false, where);
  return [...today, ...later].map((x) => x.item);
}

/** The day's bookable schedules across departments: searchSources and searchSourcesSnake (the spec's two paths). */
async function sourceSearch(db: DbOrTx, now: Date, body: EndpointParsedInput<typeof searchSources>['body']) {
  await requireHospital(db, body.hospitalId);
  const rules = await rulesOf(db, body.hospitalId);
  const conditions: SQL[] = [];
  if (body.departmentIds && body.departmentIds.length > 0) {
    const clinicIds = new Set<number>();
    for (const id of body.departmentIds) {
      for (const c of await clinicsOf(db, body.hospitalId, id)) clinicIds.add(c.id);
    }
    conditions.push(inArray(schedules.departmentId, [...clinicIds]));
  }
  const sameDay = body.date === chinaDate(now);
  return (await bookableItems(db, rules, now, sameDay, and(...conditions), [body.date])).map((x) => x.item);
}

export const catalogueRoutes = [
  route(listDepartments, async ({ params }, { db }) => {
    await requireHospital(db, params.hospitalId);
    const rows = await departmentsOf(db, params.hospitalId);
    return rows
      .filter((d) => d.parentId === null)
      .map((top) => ({
        departmentId: String(top.id),
        name: top.name,
        children: rows.filter((d) => d.parentId === top.id).map(toDepartment),
      }));
  }),

  route(listDepartmentsWithHis, async ({ params }, { db }) => {
    await requireHospital(db, params.hospitalId);
    return (await departmentsOf(db, params.hospitalId)).map(toDepartment);
  }),

  route(searchDepartments, async ({ params, body }, { db }) => {
    await requireHospital(db, params.hospitalId);
    const keyword = normaliseKeyword(body.keyword);
    if (!keyword) throw inputError('keyword', '请输入科室名称、拼音或首字母');
    const rows = await departmentsOf(db, params.hospitalId);
    return rows
      .map((d, order) => ({ d, order, rank: matchRank(d, keyword) }))
      .filter((x) => x.rank !== null)
      .sort((a, b) => (a.rank as number) - (b.rank as number) || a.order - b.order)
      .map((x) => toDepartment(x.d));
  }),

  route(listDoctorsWithSchedules, async ({ params, body }, { db, clock }) => {
    await requireHospital(db, params.hospitalId);
    const now = clock.now();
    const sameDay = body.sameDay ?? false;
    const rules = await rulesOf(db, params.hospitalId);
    const clinics = await clinicsOf(db, params.hospitalId, body.departmentId);
    const clinicIds = clinics.map((c) => c.id);
    const dates = windowDates(rules, now, sameDay);
    const days = body.date ? dates.filter((d) => d === body.date) : dates;
    const rows = await db
      .select()
      .from(doctors)
      .where(inArray(doctors.departmentId, clinicIds))
      .orderBy(asc(doctors.departmentId), asc(doctors.sortOrder), asc(doctors.id));
    const items = (
      await bookableItems(
        db,
        rules,
        now,
        sameDay,
        and(inArray(schedules.departmentId, clinicIds), isNotNull(schedules.doctorId)),
        days,
      )
    ).map((x) => x.item);
    return {
      dates,
      doctors: rows.map((doctor) => ({
        doctor: toDoctor(doctor, clinics.find((c) => c.id === doctor.departmentId) as DepartmentRow),
        days: days.map((date) =>
          daySummary(
            date,
            items.filter((i) => i.doctorId === String(doctor.id) && i.date === date),
          ),
        ),
      })),
    };
  }),

  route(getDoctor, async ({ params }, { db }) => {
    const { doctor, department } = await doctorWithDepartment(db, params.doctorId);
    return toDoctor(doctor, department);
  }),

  route(getDoctorResume, async ({ params }, { db, clock }) => {
    const { doctor, department } = await doctorWithDepartment(db, params.doctorId);
    return {
      doctor: toDoctor(doctor, department),
      schedules: await upcoming(db, doctor.hospitalId, clock.now(), eq(schedules.doctorId, doctor.id)),
    };
  }),

  route(querySchedules, async ({ params, body }, { db, clock }) => {
    await requireHospital(db, params.hospitalId);
    if (body.endDate < body.startDate) throw inputError('endDate', '结束日期不能早于开始日期');
    const now = clock.now();
    const sameDay = body.sameDay ?? false;
    const rules = await rulesOf(db, params.hospitalId);
    const conditions: SQL[] = [];
    if (body.departmentId) {
      const clinics = await clinicsOf(db, params.hospitalId, body.departmentId);
      conditions.push(
        inArray(
          schedules.departmentId,
          clinics.map((c) => c.id),
        ),
      );
    }
    if (body.doctorId) {
      const { doctor } = await doctorWithDepartment(db, body.doctorId);
      if (doctor.hospitalId !== params.hospitalId) throw notFound('医生');
      conditions.push(eq(schedules.doctorId, doctor.id));
    }
    const dates = windowDates(rules, now, sameDay).filter((d) => d >= body.startDate && d <= body.endDate);
    return (await bookableItems(db, rules, now, sameDay, and(...conditions), dates)).map((x) => x.item);
  }),

  route(queryDoctorSchedule, async ({ params, body }, { db, clock }) => {
    const { doctor } = await doctorWithDepartment(db, params.doctorId);
    const rules = await rulesOf(db, doctor.hospitalId);
    const items = await bookableItems(
      db,
      rules,
      clock.now(),
      body.sameDay ?? false,
      eq(schedules.doctorId, doctor.id),
    );
    return items.map((x) => x.item);
  }),

  route(searchSources, ({ body }, { db, clock }) => sourceSearch(db, clock.now(), body)),
  route(searchSourcesSnake, ({ body }, { db, clock }) => sourceSearch(db, clock.now(), body)),

  route(querySources, async ({ params, body }, { db, clock }) => {
    await requireHospital(db, params.hospitalId);
    const now = clock.now();
    const id = parseId(body.scheduleItemId);
    const [facts] =
      id === null
        ? []
        : await loadSchedules(db, and(eq(schedules.id, id), eq(schedules.hospitalId, params.hospitalId)));
    if (!facts) throw notFound('排班');
    const rules = await rulesOf(db, params.hospitalId);
    const reason = closedReason(rules, now, {
      date: facts.schedule.date,
      period: facts.schedule.period as Period,
    });
    if (reason) throw businessError(400, reason);
    const slots = await loadSources(db, [facts.schedule.id], now);
    const openFrom = facts.schedule.date === chinaDate(now) ? chinaTime(now) : null;
    const { item, sources } = toScheduleItem(facts, slots, openFrom);
    return { schedule: item, sources };
  }),
];
