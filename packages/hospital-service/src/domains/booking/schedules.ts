import type { ScheduleItem, Source, SourceState, SourceType } from '@patient/contract';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { chinaDate } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { type BookingRules, chinaTime, type Period, sameDayCutoff, windowDates } from './rules.ts';
import { appointmentOrders, departments, doctors, schedules, sources } from './tables.ts';

export type ScheduleRow = typeof schedules.$inferSelect;
export type SourceRow = typeof sources.$inferSelect;
export type DepartmentRow = typeof departments.$inferSelect;
export type DoctorRow = typeof doctors.$inferSelect;

/** A schedule with its clinic and (for a named doctor) its doctor. */
export interface ScheduleFacts {
  schedule: ScheduleRow;
  department: DepartmentRow;
  doctor: DoctorRow | null;
}

/** A timestamp parameter (both drivers read ISO text as timestamptz). */
export const at = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;

/** Orders that hold a place: booked or visited, or locked / pending payment with a hold that has not expired. */
export function holdsPlace(now: Date): SQL {
  return sql`(${appointmentOrders.status} IN ('BOOKED', 'VISITED') OR (${appointmentOrders.status} IN ('LOCKED', 'PENDING_PAYMENT') AND ${appointmentOrders.holdExpiresAt} > ${at(now)}))`;
}

/** The HIS id of a half-day schedule: hospital, date, half-day and the clinic's or doctor's code. */
export const hisScheduleIdOf = (f: ScheduleFacts): string =>
  `${f.schedule.hospitalId}-${f.schedule.date.replaceAll('-', '')}-${f.schedule.period === 'MORNING' ? 'AM' : 'PM'}-${f.doctor?.code ?? f.department.code}`;

/** Schedules with clinic and doctor, filtered by `where`, in date, half-day, clinic, doctor order. */
export async function loadSchedules(db: DbOrTx, where: SQL | undefined): Promise<ScheduleFacts[]> {
  const rows = await db
    .select({ schedule: schedules, department: departments, doctor: doctors })
    .from(schedules)
    .innerJoin(departments, eq(departments.id, schedules.departmentId))
    .leftJoin(doctors, eq(doctors.id, schedules.doctorId))
    .where(where)
    .orderBy(
      asc(schedules.date),
      sql`${schedules.period} = 'AFTERNOON'`,
      asc(departments.sortOrder),
      sql`${schedules.doctorId} NULLS FIRST`,
      asc(schedules.id),
    );
  return rows;
}

/** The sources of the schedules, and how many places active orders hold in each. */
export async function loadSources(
  db: DbOrTx,
  scheduleIds: number[],
  now: Date,
): Promise<{ bySchedule: Map<number, SourceRow[]>; held: Map<number, number> }> {
  const bySchedule = new Map<number, SourceRow[]>();
  const held = new Map<number, number>();
  if (scheduleIds.length === 0) return { bySchedule, held };
  const rows = await db
    .select()
    .from(sources)
    .where(inArray(sources.scheduleId, scheduleIds))
    .orderBy(asc(sources.scheduleId), asc(sources.startTime));
  for (const row of rows) {
    const list = bySchedule.get(row.scheduleId) ?? [];
    list.push(row);
    bySchedule.set(row.scheduleId, list);
  }
  const counts = await db
    .select({ sourceId: appointmentOrders.sourceId, n: count() })
    .from(appointmentOrders)
    .where(and(inArray(appointmentOrders.scheduleId, scheduleIds), holdsPlace(now)))
    .groupBy(appointmentOrders.sourceId);
  for (const c of counts) held.set(c.sourceId, c.n);
  return { bySchedule, held };
}

/** Places left in a source. */
export const placesLeft = (source: SourceRow, held: number): number =>
  Math.max(0, source.capacity - source.reserved - held);

function stateOf(schedule: ScheduleRow, remaining: number): SourceState {
  if (schedule.state === 'STOPED') return 'STOPED';
  if (schedule.state === 'NO_SOURCE' || schedule.total === 0) return 'NO_SOURCE';
  return remaining > 0 ? 'APPOINTABLE' : 'ALL_APPOINTED';
}

export function toSource(schedule: ScheduleRow, source: SourceRow, held: number): Source {
  const remaining = schedule.state === 'STOPED' ? 0 : placesLeft(source, held);
  return {
    sourceId: String(source.id),
    scheduleItemId: String(schedule.id),
    startTime: source.startTime,
    endTime: source.endTime,
    remaining,
    state: stateOf(schedule, remaining),
  };
}

/**
 * The schedule item of the contract. `openFrom` ('HH:mm') leaves out today's slots that have ended (they
 * are neither listed nor counted); null counts every slot (an order's own schedule).
 */
export function toScheduleItem(
  f: ScheduleFacts,
  slots: { bySchedule: Map<number, SourceRow[]>; held: Map<number, number> },
  openFrom: string | null,
): { item: ScheduleItem; sources: Source[] } {
  const list = (slots.bySchedule.get(f.schedule.id) ?? [])
    .filter((s) => openFrom === null || s.endTime > openFrom)
    .map((s) => toSource(f.schedule, s, slots.held.get(s.id) ?? 0));
  const remaining = list.reduce((n, s) => n + s.remaining, 0);
  const state = stateOf(f.schedule, remaining);
  return {
    item: {
      scheduleItemId: String(f.schedule.id),
      hisScheduleId: hisScheduleIdOf(f),
      hospitalId: f.schedule.hospitalId,
      departmentId: String(f.department.id),
      departmentName: f.department.name,
      deptId: f.department.code,
      doctorId: f.doctor ? String(f.doctor.id) : null,
      doctorName: f.doctor?.name ?? null,
      doctorTitle: f.doctor?.title ?? null,
      date: f.schedule.date,
      halfDay: f.schedule.period === 'MORNING' ? 'AM' : 'PM',
      type: f.schedule.sourceType as SourceType,
      state,
      remaining: state === 'STOPED' || state === 'NO_SOURCE' ? null : remaining,
      fee: f.schedule.fee,
    },
    sources: list,
  };
}

/**
 * Which schedules are open for booking now: same-day → today's half-days before their cut-off; scheduled
 * → tomorrow … the last released day. Combine with other conditions; `dates` narrows further.
 */
export function bookableWhere(rules: BookingRules, now: Date, sameDay: boolean, dates?: string[]): SQL {
  const window = windowDates(rules, now, sameDay).filter((d) => !dates || dates.includes(d));
  if (window.length === 0) return sql`false`;
  const inWindow = inArray(schedules.date, window);
  if (!sameDay) return and(eq(schedules.hospitalId, rules.hospitalId), inWindow) as SQL;
  const time = chinaTime(now);
  const periods = (['MORNING', 'AFTERNOON'] as Period[]).filter((p) => time < sameDayCutoff(rules, p));
  if (periods.length === 0) return sql`false`;
  return and(
    eq(schedules.hospitalId, rules.hospitalId),
    inWindow,
    or(...periods.map((p) => eq(schedules.period, p))),
  ) as SQL;
}

/** Schedule items open for booking now, with their sources; today's ended slots left out. */
export async function bookableItems(
  db: DbOrTx,
  rules: BookingRules,
  now: Date,
  sameDay: boolean,
  extra?: SQL,
  dates?: string[],
): Promise<{ facts: ScheduleFacts; item: ScheduleItem; sources: Source[] }[]> {
  const facts = await loadSchedules(db, and(bookableWhere(rules, now, sameDay, dates), extra));
  const slots = await loadSources(
    db,
    facts.map((f) => f.schedule.id),
    now,
  );
  const today = chinaDate(now);
  const time = chinaTime(now);
  return facts.map((f) => ({
    facts: f,
    ...toScheduleItem(f, slots, f.schedule.date === today ? time : null),
  }));
}
