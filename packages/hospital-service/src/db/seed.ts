import { count, min } from 'drizzle-orm';
import { addDays, type Clock, chinaDate, systemClock, weekday } from '../clock.ts';
import { cardsOfFiledPerson, fileInHis } from '../his.ts';
import type { Database, Db, DbOrTx } from './connect.ts';
import {
  contacts,
  departments,
  doctors,
  hospitals,
  medicalCards,
  schedules,
  systemParams,
  users,
} from './schema.ts';
import {
  BANNED_DEMO_PHONE,
  DEMO_CONTACTS,
  DEMO_PHONE,
  DEPARTMENT_CATALOGUE,
  DOCTOR_TITLES,
  GIVEN_NAME_CHARS,
  HOSPITALS,
  type HospitalSeed,
  SURNAMES,
} from './seed-data.ts';

/** Days of schedules from today on (today included). */
export const SCHEDULE_DAYS = 14;

/** A small deterministic PRNG (mulberry32) seeded from a string: the seed never uses Math.random. */
export function prng(seedText: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seedText.length; i++) {
    h ^= seedText.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

function shuffled<T>(rng: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export interface SeedSummary {
  hospitals: number;
  departments: number;
  doctors: number;
  schedules: number;
  users: number;
  contacts: number;
  medicalCards: number;
}

/** Whether the seed has run (the hospitals exist). */
export async function isSeeded(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(hospitals);
  return n > 0;
}

/** Which clinics (second-level departments) a hospital has: 12–20 departments in all. */
export function departmentPlan(h: HospitalSeed): { key: string; clinics: number[] }[] {
  const rng = prng(`departments:${h.id}`);
  const plan = h.departments.map((key) => {
    const all = DEPARTMENT_CATALOGUE[key].clinics.map((_, i) => i);
    const wanted = Math.min(all.length, 2 + Math.floor(rng() * 3));
    return { key, clinics: shuffled(rng, all).slice(0, wanted), spare: [] as number[], all };
  });
  for (const p of plan) p.spare = p.all.filter((i) => !p.clinics.includes(i));
  const total = () => plan.reduce((n, p) => n + 1 + p.clinics.length, 0);
  while (total() > 20) {
    const biggest = plan.reduce((a, b) => (b.clinics.length > a.clinics.length ? b : a));
    biggest.clinics.pop();
  }
  while (total() < 12 && plan.some((p) => p.spare.length > 0)) {
    const withSpare = plan.find((p) => p.spare.length > 0);
    if (withSpare) withSpare.clinics.push(withSpare.spare.shift() as number);
  }
  return plan.map((p) => ({ key: p.key, clinics: [...p.clinics].sort((a, b) => a - b) }));
}

const LOCATIONS = ['门诊楼1层', '门诊楼2层', '门诊楼3层', '门诊楼4层', '医技楼2层', '住院部1层'];
const AREAS = ['A区', 'B区', 'C区', 'D区'];

async function seedHospital(tx: DbOrTx, h: HospitalSeed, now: Date) {
  await tx.insert(hospitals).values({
    id: h.id,
    key: h.key,
    name: h.name,
    originCode: h.originCode,
    mdid: h.mdid,
    canGoToHealthCard: h.canGoToHealthCard,
    createdAt: now,
  });
  const params: Record<string, string> = {
    THEME_CONFIG: h.theme,
    HOTLINE: h.hotline,
    NOTICE: h.notice,
    ADDRESS: h.address,
    OUTPATIENT_HOURS: '周一至周五 08:00-12:00，14:00-17:30；周六 08:00-12:00',
    APPOINTMENT_DAYS: String(SCHEDULE_DAYS),
    CONTACT_LIMIT: '5',
    ...h.params,
  };
  await tx
    .insert(systemParams)
    .values(Object.entries(params).map(([key, value]) => ({ hospitalId: h.id, key, value })));

  const rng = prng(`catalogue:${h.id}`);
  const usedNames = new Set<string>();
  const doctorName = () => {
    for (;;) {
      const given = pick(rng, GIVEN_NAME_CHARS) + (rng() < 0.6 ? pick(rng, GIVEN_NAME_CHARS) : '');
      const name = pick(rng, SURNAMES) + given;
      if (!usedNames.has(name)) {
        usedNames.add(name);
        return name;
      }
    }
  };

  let deptCount = 0;
  let doctorCount = 0;
  const plan = departmentPlan(h);
  for (const [i, item] of plan.entries()) {
    const cat = DEPARTMENT_CATALOGUE[item.key];
    const topCode = `D${String(i + 1).padStart(2, '0')}`;
    const [top] = await tx
      .insert(departments)
      .values({ hospitalId: h.id, code: topCode, name: cat.name, intro: cat.intro, sortOrder: i })
      .returning({ id: departments.id });
    deptCount++;
    for (const [j, clinicIndex] of item.clinics.entries()) {
      const clinic = cat.clinics[clinicIndex];
      const [dept] = await tx
        .insert(departments)
        .values({
          hospitalId: h.id,
          parentId: top.id,
          code: `${topCode}${String(j + 1).padStart(2, '0')}`,
          name: clinic.name,
          intro: `${clinic.name}主要诊治${clinic.specialities.join('、')}等疾病。`,
          location: pick(rng, LOCATIONS) + pick(rng, AREAS),
          sortOrder: j,
        })
        .returning({ id: departments.id });
      deptCount++;
      const doctorTotal = item.key === 'emergency' ? 2 : 2 + Math.floor(rng() * 3);
      const rows = [];
      for (let k = 0; k < doctorTotal; k++) {
        const title =
          k === 0 ? DOCTOR_TITLES[0] : k === 1 ? DOCTOR_TITLES[1] : pick(rng, DOCTOR_TITLES.slice(1));
        const specs = shuffled(rng, clinic.specialities).slice(0, 2);
        const name = doctorName();
        const years = 8 + Math.floor(rng() * 25);
        rows.push({
          hospitalId: h.id,
          departmentId: dept.id,
          code: `${h.id}${String(++doctorCount).padStart(4, '0')}`,
          name,
          sex: rng() < 0.55 ? 'MALE' : 'FEMALE',
          title,
          speciality: specs.join('、'),
          intro: `${name}，${title}，从事${clinic.name}临床工作${years}年，擅长${specs.join('、')}的诊治。`,
          sortOrder: k,
        });
      }
      await tx.insert(doctors).values(rows);
    }
  }
  return { departments: deptCount, doctors: doctorCount };
}

const PERIODS = [
  { period: 'MORNING', startTime: '08:00', endTime: '12:00' },
  { period: 'AFTERNOON', startTime: '14:00', endTime: '17:30' },
] as const;

/**
 * Schedules for the SCHEDULE_DAYS days from `today`: department clinics on weekdays (and Saturday
 * morning), named doctors on some half-days, emergency every half-day. Deterministic for a given date.
 */
export async function seedSchedules(db: DbOrTx, today: string): Promise<number> {
  const allHospitals = await db.select().from(hospitals).orderBy(hospitals.id);
  const allDepartments = await db.select().from(departments).orderBy(departments.id);
  const allDoctors = await db.select().from(doctors).orderBy(doctors.id);
  const parents = new Map(allDepartments.map((d) => [d.id, d]));
  const rows: (typeof schedules.$inferInsert)[] = [];

  for (const h of allHospitals) {
    const vip = HOSPITALS.find((x) => x.id === h.id)?.params?.VIP_CLINIC === 'true';
    const rng = prng(`schedules:${h.id}`);
    const clinics = allDepartments.filter((d) => d.hospitalId === h.id && d.parentId !== null);
    for (let day = 0; day < SCHEDULE_DAYS; day++) {
      const date = addDays(today, day);
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
    await db.insert(schedules).values(rows.slice(i, i + 1000));
  }
  return rows.length;
}

/**
 * Schedules are seeded for the 14 days from the seed day. When the first scheduled day is not today
 * any more (the database was seeded on an earlier day), they are rebuilt from today on; returns the
 * number of rows, or null when nothing had to change.
 */
export async function refreshSchedules(db: Db, clock: Clock = systemClock): Promise<number | null> {
  const today = chinaDate(clock.now());
  const [{ first }] = await db.select({ first: min(schedules.date) }).from(schedules);
  if (first === today) return null;
  return db.transaction(async (tx) => {
    await tx.delete(schedules);
    return seedSchedules(tx, today);
  });
}

async function seedDemo(tx: DbOrTx, now: Date) {
  const [demo] = await tx
    .insert(users)
    .values({ phone: DEMO_PHONE, createdAt: now })
    .returning({ id: users.id });
  await tx.insert(users).values({
    phone: BANNED_DEMO_PHONE,
    status: 'banned',
    bannedReason: '演示账号：用于查看封禁提示',
    createdAt: now,
  });
  let cards = 0;
  for (const c of DEMO_CONTACTS) {
    const { cardHospitals, ...fields } = c;
    const [contact] = await tx
      .insert(contacts)
      .values({ ...fields, userId: demo.id, createdAt: now, updatedAt: now })
      .returning();
    const filedAt = c.relation === 'SELF' ? HOSPITALS.map((h) => h.id) : cardHospitals;
    for (const hospitalId of filedAt) {
      await fileInHis(tx, { hospitalId, identityCard: c.documentNumber, name: c.name }, now);
    }
    let first = true;
    for (const hospitalId of cardHospitals) {
      const his = cardsOfFiledPerson({ hospitalId, identityCard: c.documentNumber, name: c.name });
      const toBind = hospitalId === '1000' ? his : his.filter((x) => x.type === 'HOSPITAL_CARD');
      for (const card of toBind) {
        await tx.insert(medicalCards).values({
          userId: demo.id,
          contactId: contact.id,
          hospitalId,
          medicalCardNo: card.medicalCardNo,
          type: card.type,
          isDefault: first,
          createdAt: now,
        });
        first = false;
        cards++;
      }
    }
  }
  return { users: 2, contacts: DEMO_CONTACTS.length, medicalCards: cards };
}

/**
 * Fills an empty, migrated database: nine hospitals with their parameters, departments, doctors,
 * 14 days of schedules from today, and the demo account. Deterministic apart from the dates.
 */
export async function seed(db: Db, options: { clock?: Clock } = {}): Promise<SeedSummary> {
  const clock = options.clock ?? systemClock;
  const now = clock.now();
  return db.transaction(async (tx) => {
    let departmentsTotal = 0;
    let doctorsTotal = 0;
    for (const h of HOSPITALS) {
      const r = await seedHospital(tx, h, now);
      departmentsTotal += r.departments;
      doctorsTotal += r.doctors;
    }
    const scheduleTotal = await seedSchedules(tx, chinaDate(now));
    const demo = await seedDemo(tx, now);
    return {
      hospitals: HOSPITALS.length,
      departments: departmentsTotal,
      doctors: doctorsTotal,
      schedules: scheduleTotal,
      ...demo,
    };
  });
}

/** Migrates, then seeds when the database is empty (or refreshes stale schedules). */
export async function prepareDatabase(
  database: Database,
  clock: Clock = systemClock,
): Promise<{ seeded: SeedSummary | null; schedulesRefreshed: number | null }> {
  await database.migrate();
  if (!(await isSeeded(database.db)))
    return { seeded: await seed(database.db, { clock }), schedulesRefreshed: null };
  return { seeded: null, schedulesRefreshed: await refreshSchedules(database.db, clock) };
}

/** Drops every table, re-migrates and re-seeds (the `reset` command). */
export async function resetDatabase(database: Database, clock: Clock = systemClock): Promise<SeedSummary> {
  await database.dropAll();
  await database.migrate();
  return seed(database.db, { clock });
}
