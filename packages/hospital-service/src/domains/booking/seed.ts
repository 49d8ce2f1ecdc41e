import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { pick, prng, shuffled } from '../../platform/seed-random.ts';
import { HOSPITALS, type HospitalSeed, hospitals } from '../hospitals/index.ts';
import { spell } from './pinyin.ts';
import {
  AREAS,
  DEPARTMENT_CATALOGUE,
  DOCTOR_TITLES,
  GIVEN_NAME_CHARS,
  LOCATIONS,
  SURNAMES,
} from './seed-data.ts';
import { bookingRules, departments, doctors } from './tables.ts';

/**
 * Seeds the booking rules, departments and doctors of every hospital of HOSPITALS (the hospitals domain's
 * list: its department keys and rules), hospital by hospital. The hospitals must be seeded first.
 */
export async function seedBookingCatalogue(tx: DbOrTx): Promise<{ departments: number; doctors: number }> {
  let departmentsTotal = 0;
  let doctorsTotal = 0;
  for (const h of HOSPITALS) {
    const r = await seedHospitalCatalogue(tx, h);
    departmentsTotal += r.departments;
    doctorsTotal += r.doctors;
  }
  return { departments: departmentsTotal, doctors: doctorsTotal };
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

/**
 * One hospital's booking rules, departments (with their pinyin) and doctors: the departments of
 * departmentPlan, each clinic at a place and with 2–4 doctors (2 in emergency) of distinct names.
 */
async function seedHospitalCatalogue(tx: DbOrTx, h: HospitalSeed) {
  await tx.insert(bookingRules).values(bookingRuleRow(h));

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
      .values({
        hospitalId: h.id,
        code: topCode,
        name: cat.name,
        intro: cat.intro,
        sortOrder: i,
        ...spell(cat.name),
      })
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
          ...spell(clinic.name),
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

/** The booking_rules row of a seeded hospital. */
export function bookingRuleRow(h: HospitalSeed): typeof bookingRules.$inferInsert {
  const b = h.booking;
  return {
    hospitalId: h.id,
    daysAhead: b.daysAhead,
    releaseTime: b.releaseTime,
    sameDayCutoffAm: b.sameDayCutoff.am,
    sameDayCutoffPm: b.sameDayCutoff.pm,
    cancelRule: b.cancel.rule,
    cancelTime: b.cancel.rule === 'DAY_BEFORE' ? b.cancel.time : null,
    cancelHours: b.cancel.rule === 'HOURS_BEFORE' ? b.cancel.hours : null,
    holdMinutes: b.holdMinutes,
    dailyLimit: b.dailyLimit,
    paymentAppId: `wx${createHash('sha256').update(`appid:${h.id}`).digest('hex').slice(0, 16)}`,
  };
}

/**
 * Brings the catalogue of a database seeded by an earlier version up to date: pinyin of the departments and
 * booking rules of every seeded hospital present. Returns the rules it added (the hospitals domain shows
 * their booking window).
 */
export async function completeBookingCatalogue(
  tx: DbOrTx,
): Promise<{ hospitalId: string; daysAhead: number }[]> {
  const unspelt = await tx.select().from(departments).where(eq(departments.pinyin, ''));
  for (const d of unspelt) {
    await tx.update(departments).set(spell(d.name)).where(eq(departments.id, d.id));
  }
  const present = await tx.select({ id: hospitals.id }).from(hospitals);
  const known = HOSPITALS.filter((h) => present.some((p) => p.id === h.id));
  if (known.length === 0) return [];
  return tx
    .insert(bookingRules)
    .values(known.map(bookingRuleRow))
    .onConflictDoNothing()
    .returning({ hospitalId: bookingRules.hospitalId, daysAhead: bookingRules.daysAhead });
}
