import { and, eq, gte, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { addDays, type Clock, chinaDate, DAY, systemClock, weekday } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/database/connect.ts';
import { prng } from '../../platform/seed-random.ts';
import { HOSPITALS, hospitals } from '../hospitals/index.ts';
import {
  askScheduleHis,
  type HisSchedule,
  type HisSlot,
  type ScheduleHis,
  SimulatedScheduleHis,
} from './schedule-his.ts';
import { appointmentOrders, departments, doctors, schedules, sources } from './tables.ts';

/**
 * The HIS's schedules in the cache the screens read: SCHEDULE_DAYS days of them from today, seeded with the rest
 * of the demo data (the simulated HIS's plan) and rolled on to each new China day from the HIS
 * (refreshSchedules, once across instances), each with its sources (time slots).
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

/** What the simulated HIS plans its schedules from: a hospital's clinics and doctors, in the catalogue's order. */
export interface ScheduleCatalogue {
  hospitalId: string;
  /** VIP clinics of 主任医师 (the hospital's VIP_CLINIC parameter). */
  vip: boolean;
  clinics: { code: string; parentName: string }[];
  doctors: { code: string; departmentCode: string; title: string | null }[];
}

/** The catalogues of the hospitals in the database (ordered by id, as the seeded roll draws them). */
export async function scheduleCatalogues(db: DbOrTx, hospitalId?: string): Promise<ScheduleCatalogue[]> {
  const allHospitals = (await db.select().from(hospitals).orderBy(hospitals.id)).filter(
    (h) => hospitalId === undefined || h.id === hospitalId,
  );
  const allDepartments = await db.select().from(departments).orderBy(departments.id);
  const allDoctors = await db.select().from(doctors).orderBy(doctors.id);
  const byId = new Map(allDepartments.map((d) => [d.id, d]));
  return allHospitals.map((h) => {
    const clinics = allDepartments.filter((d) => d.hospitalId === h.id && d.parentId !== null);
    return {
      hospitalId: h.id,
      vip: HOSPITALS.find((x) => x.id === h.id)?.params?.VIP_CLINIC === 'true',
      clinics: clinics.map((c) => ({ code: c.code, parentName: byId.get(c.parentId ?? -1)?.name ?? '' })),
      doctors: allDoctors
        .filter(
          (d) => byId.get(d.departmentId)?.hospitalId === h.id && byId.get(d.departmentId)?.parentId !== null,
        )
        .map((d) => ({ code: d.code, departmentCode: byId.get(d.departmentId)?.code ?? '', title: d.title })),
    };
  });
}

/**
 * The simulated HIS's schedules of a hospital on the given dates: department clinics on weekdays (and Saturday
 * morning), named doctors on some half-days, emergency every half-day. Deterministic for a hospital and date;
 * nearer dates are fuller (`today` is the day they are planned on).
 */
export function planSchedules(
  catalogue: ScheduleCatalogue,
  dates: readonly string[],
  today: string,
): HisSchedule[] {
  const out: HisSchedule[] = [];
  const h = catalogue;
  for (const date of dates) {
    const rng = prng(`schedules:${h.hospitalId}:${date}`);
    const day = Math.round((Date.parse(date) - Date.parse(today)) / DAY);
    const wd = weekday(date);
    const weekend = wd === 0 || wd === 6;
    const slot = (total: number): Pick<HisSchedule, 'state' | 'places' | 'remaining'> => {
      const r = rng();
      if (r < 0.04) return { state: 'STOPPED', places: total, remaining: 0 };
      if (r < 0.07) return { state: 'NO_SOURCE', places: 0, remaining: 0 };
      const booked = Math.min(1, (day === 0 ? 0.85 : Math.max(0.1, 0.75 - day * 0.05)) + rng() * 0.3);
      return { state: 'OPEN', places: total, remaining: Math.max(0, total - Math.round(total * booked)) };
    };
    for (const clinic of h.clinics) {
      const emergency = clinic.parentName === '急诊医学科';
      const departmentType =
        clinic.parentName === '中医科' || clinic.parentName === '康复医学科' ? 'DEPARTMENT' : 'NORMAL';
      const at = { hospitalId: h.hospitalId, departmentCode: clinic.code, date };
      for (const p of PERIODS) {
        if (emergency) {
          out.push({ ...at, doctorCode: null, ...p, sourceType: 'EMERGENCY', fee: 2000, ...slot(60) });
          continue;
        }
        if (wd === 0 || (wd === 6 && p.period === 'AFTERNOON')) continue;
        out.push({
          ...at,
          doctorCode: null,
          ...p,
          sourceType: departmentType,
          fee: departmentType === 'DEPARTMENT' ? 1200 : 1000,
          ...slot(40),
        });
      }
      for (const doctor of h.doctors.filter((d) => d.departmentCode === clinic.code)) {
        const chance = doctor.title === '主任医师' ? 0.25 : doctor.title === '副主任医师' ? 0.35 : 0.45;
        for (const p of PERIODS) {
          if (rng() >= (weekend ? chance / 4 : chance)) continue;
          const expert = doctor.title !== '主治医师';
          const isVip = h.vip && doctor.title === '主任医师' && rng() < 0.3;
          const sourceType = isVip ? 'VIP' : expert ? 'EXPERT' : 'NORMAL';
          const fee = isVip
            ? 30000
            : doctor.title === '主任医师'
              ? 5000
              : doctor.title === '副主任医师'
                ? 3000
                : 1500;
          const total = isVip ? 5 : expert ? 20 : 30;
          out.push({ ...at, doctorCode: doctor.code, ...p, sourceType, fee, ...slot(total) });
        }
      }
    }
  }
  return out;
}

/** The simulated HIS's planner over the database's catalogue (its `today`: the clock's China date). */
export const plannedFromCatalogue =
  (db: DbOrTx, clock: Clock = systemClock) =>
  async (hospitalId: string, dates: readonly string[]): Promise<HisSchedule[]> => {
    const [catalogue] = await scheduleCatalogues(db, hospitalId);
    return catalogue ? planSchedules(catalogue, dates, chinaDate(clock.now())) : [];
  };

const STATE_OF = { STOPPED: 'STOPED', NO_SOURCE: 'NO_SOURCE' } as const;

/**
 * Writes the HIS's schedules into the cache the screens read (schedules and their sources): codes become our
 * rows' ids (a code we do not know is skipped), a half-day already there is left alone (schedules_half_day),
 * slots the HIS gives are written as they are, else the half-day is split hourly (addMissingSources). Returns
 * how many schedules and sources were added.
 */
export async function writeSchedules(
  db: DbOrTx,
  list: readonly HisSchedule[],
): Promise<{ schedules: number; sources: number }> {
  const hospitalIds = [...new Set(list.map((s) => s.hospitalId))];
  if (hospitalIds.length === 0) return { schedules: 0, sources: 0 };
  const departmentIds = new Map(
    (
      await db
        .select({ id: departments.id, hospitalId: departments.hospitalId, code: departments.code })
        .from(departments)
        .where(inArray(departments.hospitalId, hospitalIds))
    ).map((d) => [`${d.hospitalId}|${d.code}`, d.id]),
  );
  const doctorIds = new Map(
    (
      await db
        .select({ id: doctors.id, hospitalId: doctors.hospitalId, code: doctors.code })
        .from(doctors)
        .where(inArray(doctors.hospitalId, hospitalIds))
    ).map((d) => [`${d.hospitalId}|${d.code}`, d.id]),
  );
  const rows: (typeof schedules.$inferInsert)[] = [];
  const given: { index: number; slots: HisSlot[] }[] = [];
  for (const s of list) {
    const departmentId = departmentIds.get(`${s.hospitalId}|${s.departmentCode}`);
    const doctorId = s.doctorCode === null ? null : doctorIds.get(`${s.hospitalId}|${s.doctorCode}`);
    if (departmentId === undefined || doctorId === undefined) continue;
    if (s.slots) given.push({ index: rows.length, slots: s.slots });
    rows.push({
      hospitalId: s.hospitalId,
      departmentId,
      doctorId,
      date: s.date,
      period: s.period,
      startTime: s.startTime,
      endTime: s.endTime,
      sourceType: s.sourceType,
      fee: s.fee,
      state: s.state === 'OPEN' ? (s.remaining > 0 ? 'APPOINTABLE' : 'ALL_APPOINTED') : STATE_OF[s.state],
      total: s.places,
      remaining: s.remaining,
    });
  }
  let added = 0;
  let slotsAdded = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await db
      .insert(schedules)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing()
      .returning({ id: schedules.id });
    added += inserted.length;
    if (given.length > 0) {
      // The HIS's own slots, for the half-days just added (matched by their position in the batch).
      const batch = rows.slice(i, i + 1000);
      for (const g of given.filter((x) => x.index >= i && x.index < i + 1000)) {
        const row = batch[g.index - i];
        const [stored] = await db
          .select({ id: schedules.id })
          .from(schedules)
          .where(
            and(
              eq(schedules.hospitalId, row.hospitalId),
              eq(schedules.departmentId, row.departmentId),
              row.doctorId == null ? isNull(schedules.doctorId) : eq(schedules.doctorId, row.doctorId),
              eq(schedules.date, row.date),
              eq(schedules.period, row.period),
            ),
          );
        const present = await db
          .select({ id: sources.id })
          .from(sources)
          .where(eq(sources.scheduleId, stored.id));
        if (present.length > 0 || g.slots.length === 0) continue;
        await db.insert(sources).values(
          g.slots.map((slot) => ({
            scheduleId: stored.id,
            startTime: slot.startTime,
            endTime: slot.endTime,
            capacity: slot.capacity,
            reserved: Math.min(slot.capacity, slot.taken),
          })),
        );
        slotsAdded += g.slots.length;
      }
    }
  }
  return { schedules: added, sources: slotsAdded + (await addMissingSources(db)) };
}

/**
 * The seeded roll: the simulated HIS's schedules of every hospital on the given dates, written with their
 * sources. `today` is the seed's today (how full a date is depends on how far it is).
 */
export async function seedSchedules(
  db: DbOrTx,
  dates: string[],
  today: string,
): Promise<{ schedules: number; sources: number }> {
  const planned = (await scheduleCatalogues(db)).flatMap((c) => planSchedules(c, dates, today));
  const written = await writeSchedules(db, planned);
  return { schedules: planned.length, sources: written.sources };
}

/**
 * Keeps SCHEDULE_DAYS days of schedules from today: asks the HIS (`his`; default: the simulated one over this
 * database) for the days that are missing, before the transaction, and writes them (once across instances);
 * removes past days nobody booked (past schedules with orders stay, for the orders' history). Returns the number
 * of schedules added, or null when nothing had to change. A HIS that fails throws (the sweeper tries again).
 */
export async function refreshSchedules(
  db: Db,
  clock: Clock = systemClock,
  his: ScheduleHis = new SimulatedScheduleHis(plannedFromCatalogue(db, clock), () => clock.now()),
): Promise<number | null> {
  const today = chinaDate(clock.now());
  const missingDays = async (tx: DbOrTx) => {
    const present = new Set(
      (
        await tx.selectDistinct({ date: schedules.date }).from(schedules).where(gte(schedules.date, today))
      ).map((r) => r.date),
    );
    return scheduleDaysFrom(today).filter((d) => !present.has(d));
  };
  const wanted = await missingDays(db);
  const listed: HisSchedule[] = [];
  if (wanted.length > 0) {
    for (const h of await db.select({ id: hospitals.id }).from(hospitals).orderBy(hospitals.id)) {
      listed.push(...(await askScheduleHis(his, (x) => x.schedules({ hospitalId: h.id, dates: wanted }))));
    }
  }
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
    const missing = new Set(await missingDays(tx));
    if (missing.size === 0) return removed.length > 0 ? 0 : null;
    const fresh = listed.filter((s) => missing.has(s.date));
    await writeSchedules(tx, fresh);
    return fresh.length;
  });
}
