import { and, eq, gte, lt, notExists, sql } from 'drizzle-orm';
import { addDays, type Clock, chinaDate, DAY, systemClock, weekday } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/database/connect.ts';
import { prng } from '../../platform/seed-random.ts';
import { HOSPITALS, hospitals } from '../hospitals/index.ts';
import { appointmentOrders, departments, doctors, schedules, sources } from './tables.ts';

/**
 * The HIS's schedules, simulated: SCHEDULE_DAYS days of them from today, seeded with the rest of the demo
 * data and rolled on to each new China day (refreshSchedules, once across instances), each with its hourly
 * sources (time slots).
 */

/** Advisory lock key of the schedule roll (any constant shared by every instance). */
export const SCHEDULE_ROLL_LOCK = 7_310_001;

/** Days of schedules from today on (today included): today + 14 days, the longest booking window. */
export const SCHEDULE_DAYS = 15;

/** The SCHEDULE_DAYS dates of schedules from `today` on (China dates). */
export const scheduleDaysFrom = (today: string): string[] =>
  Array.from({ length: SCHEDULE_DAYS }, (_, i) => addDays(today, i));

const PERIODS = [
  { period: 'MORNING', startTime: '08:00', endTime: '12:00' },
  { period: 'AFTERNOON', startTime: '14:00', endTime: '17:30' },
] as const;

/**
 * Gives every schedule without sources its sources, in one statement: hourly slots ('17:00'–'17:30' when
 * the half-day ends on the half hour), the places spread over them (earlier slots get the odd ones), and
 * the places other channels took when seeded (total − remaining) filled from the first slot on. Returns
 * how many sources were added.
 */
export async function addMissingSources(db: DbOrTx): Promise<number> {
  const result = (await db.execute(sql`
    WITH s AS (
      SELECT id, total, total - remaining AS taken,
             split_part(start_time, ':', 1)::int * 60 + split_part(start_time, ':', 2)::int AS first_min,
             split_part(end_time, ':', 1)::int * 60 + split_part(end_time, ':', 2)::int AS end_min
      FROM ${schedules}
      WHERE total > 0 AND NOT EXISTS (SELECT 1 FROM ${sources} WHERE ${sources.scheduleId} = ${schedules.id})
    ), n AS (
      SELECT s.*, ceil((end_min - first_min) / 60.0)::int AS slots FROM s
    ), slot AS (
      SELECT n.id, i,
             first_min + 60 * i AS from_min,
             least(first_min + 60 * (i + 1), end_min) AS to_min,
             total / slots + CASE WHEN i < total % slots THEN 1 ELSE 0 END AS capacity,
             greatest(0, taken - (i * (total / slots) + least(i, total % slots))) AS left_to_fill
      FROM n, generate_series(0, n.slots - 1) AS i
    )
    INSERT INTO ${sources} (schedule_id, start_time, end_time, capacity, reserved)
    SELECT id,
           lpad((from_min / 60)::text, 2, '0') || ':' || lpad((from_min % 60)::text, 2, '0'),
           lpad((to_min / 60)::text, 2, '0') || ':' || lpad((to_min % 60)::text, 2, '0'),
           capacity, least(capacity, left_to_fill)
    FROM slot
    ORDER BY id, i
  `)) as unknown as { affectedRows?: number; rowCount?: number };
  return result.affectedRows ?? result.rowCount ?? 0;
}

/**
 * Schedules (with their sources) of the given dates: department clinics on weekdays (and Saturday morning),
 * named doctors on some half-days, emergency every half-day. Deterministic for a hospital and date; nearer
 * dates are fuller. `today` is the seed's today (how full a date is depends on how far it is).
 */
export async function seedSchedules(
  db: DbOrTx,
  dates: string[],
  today: string,
): Promise<{ schedules: number; sources: number }> {
  const allHospitals = await db.select().from(hospitals).orderBy(hospitals.id);
  const allDepartments = await db.select().from(departments).orderBy(departments.id);
  const allDoctors = await db.select().from(doctors).orderBy(doctors.id);
  const parents = new Map(allDepartments.map((d) => [d.id, d]));
  const rows: (typeof schedules.$inferInsert)[] = [];

  for (const h of allHospitals) {
    const vip = HOSPITALS.find((x) => x.id === h.id)?.params?.VIP_CLINIC === 'true';
    const clinics = allDepartments.filter((d) => d.hospitalId === h.id && d.parentId !== null);
    for (const date of dates) {
      const rng = prng(`schedules:${h.id}:${date}`);
      const day = Math.round((Date.parse(date) - Date.parse(today)) / DAY);
      const wd = weekday(date);
      const weekend = wd === 0 || wd === 6;
      const slot = (total: number) => {
        const r = rng();
        if (r < 0.04) return { state: 'STOPED', total, remaining: 0 };
        if (r < 0.07) return { state: 'NO_SOURCE', total: 0, remaining: 0 };
        const booked = Math.min(1, (day === 0 ? 0.85 : Math.max(0.1, 0.75 - day * 0.05)) + rng() * 0.3);
        const remaining = total - Math.round(total * booked);
        return remaining > 0
          ? { state: 'APPOINTABLE', total, remaining }
          : { state: 'ALL_APPOINTED', total, remaining: 0 };
      };
      for (const clinic of clinics) {
        const parentName = clinic.parentId ? parents.get(clinic.parentId)?.name : '';
        const emergency = parentName === '急诊医学科';
        const departmentType =
          parentName === '中医科' || parentName === '康复医学科' ? 'DEPARTMENT' : 'NORMAL';
        for (const p of PERIODS) {
          if (emergency) {
            rows.push({
              hospitalId: h.id,
              departmentId: clinic.id,
              date,
              ...p,
              sourceType: 'EMERGENCY',
              fee: 2000,
              ...slot(60),
            });
            continue;
          }
          if (wd === 0 || (wd === 6 && p.period === 'AFTERNOON')) continue;
          rows.push({
            hospitalId: h.id,
            departmentId: clinic.id,
            date,
            ...p,
            sourceType: departmentType,
            fee: departmentType === 'DEPARTMENT' ? 1200 : 1000,
            ...slot(40),
          });
        }
        for (const doctor of allDoctors.filter((d) => d.departmentId === clinic.id)) {
          const chance = doctor.title === '主任医师' ? 0.25 : doctor.title === '副主任医师' ? 0.35 : 0.45;
          for (const p of PERIODS) {
            if (rng() >= (weekend ? chance / 4 : chance)) continue;
            const expert = doctor.title !== '主治医师';
            const isVip = vip && doctor.title === '主任医师' && rng() < 0.3;
            const sourceType = isVip ? 'VIP' : expert ? 'EXPERT' : 'NORMAL';
            const fee = isVip
              ? 30000
              : doctor.title === '主任医师'
                ? 5000
                : doctor.title === '副主任医师'
                  ? 3000
                  : 1500;
            const total = isVip ? 5 : expert ? 20 : 30;
            rows.push({
              hospitalId: h.id,
              departmentId: clinic.id,
              doctorId: doctor.id,
              date,
              ...p,
              sourceType,
              fee,
              ...slot(total),
            });
          }
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(schedules)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  return { schedules: rows.length, sources: await addMissingSources(db) };
}

/**
 * Keeps SCHEDULE_DAYS days of schedules from today: adds the days that are missing (a database seeded on
 * an earlier day) and removes past days nobody booked (past schedules with orders stay, for the orders'
 * history). Returns the number of schedules added, or null when nothing had to change.
 */
export async function refreshSchedules(db: Db, clock: Clock = systemClock): Promise<number | null> {
  const today = chinaDate(clock.now());
  return db.transaction(async (tx) => {
    // One roll at a time across instances; the second finds the days present (and schedules_half_day would
    // refuse a doubled half-day anyway).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SCHEDULE_ROLL_LOCK})`);
    const removed = await tx
      .delete(schedules)
      .where(
        and(
          lt(schedules.date, today),
          notExists(
            tx
              .select({ id: appointmentOrders.id })
              .from(appointmentOrders)
              .where(eq(appointmentOrders.scheduleId, schedules.id)),
          ),
        ),
      )
      .returning({ id: schedules.id });
    const present = new Set(
      (
        await tx.selectDistinct({ date: schedules.date }).from(schedules).where(gte(schedules.date, today))
      ).map((r) => r.date),
    );
    const missing = scheduleDaysFrom(today).filter((d) => !present.has(d));
    if (missing.length === 0) return removed.length > 0 ? 0 : null;
    return (await seedSchedules(tx, missing, today)).schedules;
  });
}
