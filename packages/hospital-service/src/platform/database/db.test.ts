import { asc, countDistinct, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSchedules, SCHEDULE_DAYS } from '../../domains/booking/index.ts';
import { HOSPITALS } from '../../domains/hospitals/index.ts';
import { schema } from '../../schema.ts';
import { completeSeed, isSeeded, prepareDatabase, resetDatabase } from '../../seed.ts';
import { TEST_START } from '../../test/constants.ts';
import { templateDatabase } from '../../test/harness.ts';
import { addDays, chinaDate, DAY, TestClock } from '../clock.ts';
import { createDatabase, type Database } from './connect.ts';

const { departments, doctors, hospitals, schedules } = schema;

let fresh: Database;
let template: Database;

beforeAll(async () => {
  // A brand-new embedded PostgreSQL: the migrations run from nothing.
  fresh = await createDatabase('memory://');
  template = await templateDatabase();
});
afterAll(async () => {
  await fresh?.close();
  await template?.close();
});

/** Every table's rows in id order, for comparing two databases. */
async function snapshot(database: Database) {
  const db = database.db;
  return {
    hospitals: await db.select().from(schema.hospitals).orderBy(asc(schema.hospitals.id)),
    systemParams: await db
      .select()
      .from(schema.systemParams)
      .orderBy(schema.systemParams.hospitalId, schema.systemParams.key),
    departments: await db.select().from(schema.departments).orderBy(schema.departments.id),
    doctors: await db.select().from(schema.doctors).orderBy(schema.doctors.id),
    schedules: await db.select().from(schema.schedules).orderBy(schema.schedules.id),
    sources: await db.select().from(schema.sources).orderBy(schema.sources.id),
    bookingRules: await db.select().from(schema.bookingRules).orderBy(schema.bookingRules.hospitalId),
    checkupApplications: await db
      .select()
      .from(schema.checkupApplications)
      .orderBy(schema.checkupApplications.id),
    users: await db.select().from(schema.users).orderBy(schema.users.id),
    contacts: await db.select().from(schema.contacts).orderBy(schema.contacts.id),
    medicalCards: await db.select().from(schema.medicalCards).orderBy(schema.medicalCards.id),
    hisPatients: await db.select().from(schema.hisPatients).orderBy(schema.hisPatients.id),
  };
}

// Whole-database work (migrate, seed, reset): seconds on a quiet machine, several times that on a loaded CI host.
describe('migrations and seed', { timeout: 90_000 }, () => {
  it('migrations create every table on a new PGlite', async () => {
    // The summary of the seed at TEST_START (the rows themselves: src/seed.test.ts).
    expect(await prepareDatabase(fresh, new TestClock(TEST_START))).toEqual({
      seeded: {
        hospitals: 9,
        departments: 168,
        doctors: 354,
        schedules: 5820,
        sources: 22468,
        users: 2,
        contacts: 2,
        medicalCards: 5,
        checkupApplications: 7,
        queues: 174,
      },
      schedulesRefreshed: null,
    });
    const result = (await fresh.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(result.rows.map((r) => r.table_name)).toEqual([
      'appointment_orders',
      'bed_order_logs',
      'bed_orders',
      'booking_rules',
      'certification_attempts',
      'checkup_applications',
      'city_service_energy_grants',
      'companion_cards',
      'companion_questions',
      'consents',
      'contacts',
      'data_copies',
      'departments',
      'doctors',
      'e_invoices',
      'express_addresses',
      'face_verifications',
      'feedbacks',
      'follow_up_platform_calls',
      'follow_up_pushes',
      'follow_up_tasks',
      'health_cards',
      'health_codes',
      'his_patients',
      'hospital_notices',
      'hospital_profiles',
      'hospitals',
      'inpatient_payments',
      'inpatient_stays',
      'insurance_authorisations',
      'insurance_settlements',
      'invoiced_settlements',
      'medical_cards',
      'notifications',
      'nucleic_acid_orders',
      'outpatient_charges',
      'outpatient_orders',
      'payers',
      'payments',
      'prepaid_accounts',
      'prepaid_entries',
      'prepaid_recharges',
      'price_items',
      'privacy_documents',
      'queue_calls',
      'queue_entries',
      'queue_his_tickets',
      'queues',
      'record_copy_orders',
      'refunds',
      'sandbox_bill',
      'schedules',
      'screening_communities',
      'screening_streets',
      'screenings',
      'sessions',
      'sim_insurance_accounts',
      'sim_insurance_grants',
      'sim_insurance_item_rules',
      'sim_insurance_policies',
      'sim_insurance_settlements',
      'sms_codes',
      'sources',
      'staff_data_access',
      'staff_members',
      'staff_sessions',
      'system_params',
      'uploaded_files',
      'users',
    ]);
    // Migrating again is a no-op, and an already seeded database is not seeded twice.
    expect(await prepareDatabase(fresh, new TestClock(TEST_START))).toEqual({
      seeded: null,
      schedulesRefreshed: null,
    });
    expect(await isSeeded(fresh.db)).toBe(true);
    // Migrating and seeding a brand-new database is the slowest thing the suite does (several seconds alone,
    // much more when turbo runs the other packages' tasks beside it on two cores).
  }, 90_000);

  it('the seed is deterministic: the same date gives the same rows', async () => {
    expect(await snapshot(fresh)).toEqual(await snapshot(template));
  });

  it('seeds 12–20 departments in two levels, doctors with titles, for every hospital', async () => {
    const depts = await fresh.db.select().from(departments);
    const docs = await fresh.db.select().from(doctors);
    for (const h of HOSPITALS) {
      const mine = depts.filter((d) => d.hospitalId === h.id);
      expect(mine.length, h.key).toBeGreaterThanOrEqual(12);
      expect(mine.length, h.key).toBeLessThanOrEqual(20);
      const tops = mine.filter((d) => d.parentId === null);
      expect(tops.length).toBeGreaterThanOrEqual(4);
      for (const clinic of mine.filter((d) => d.parentId !== null)) {
        expect(tops.map((t) => t.id)).toContain(clinic.parentId);
        const clinicDoctors = docs.filter((d) => d.departmentId === clinic.id);
        expect(clinicDoctors.length).toBeGreaterThanOrEqual(2);
        for (const d of clinicDoctors) {
          expect(['主任医师', '副主任医师', '主治医师']).toContain(d.title);
          expect(d.name).toMatch(/^[\p{Script=Han}]{2,3}$/u);
          expect(d.speciality.length).toBeGreaterThan(1);
        }
      }
    }
    expect(depts.find((d) => d.name === '心血管内科')).toBeDefined();
  });

  it('seeds SCHEDULE_DAYS days of schedules from today with every source type and state', async () => {
    const today = chinaDate(new Date(TEST_START));
    const rows = await fresh.db.select().from(schedules);
    const dates = [...new Set(rows.map((r) => r.date))].sort();
    expect(dates[0]).toBe(today);
    expect(dates[dates.length - 1]).toBe(addDays(today, SCHEDULE_DAYS - 1));
    expect(dates).toHaveLength(SCHEDULE_DAYS);
    expect(new Set(rows.map((r) => r.sourceType))).toEqual(
      new Set(['NORMAL', 'EXPERT', 'EMERGENCY', 'DEPARTMENT', 'VIP']),
    );
    expect(new Set(rows.map((r) => r.state))).toEqual(
      new Set(['APPOINTABLE', 'ALL_APPOINTED', 'STOPED', 'NO_SOURCE']),
    );
    expect(new Set(rows.map((r) => r.period))).toEqual(new Set(['MORNING', 'AFTERNOON']));
    for (const r of rows) {
      expect(r.remaining).toBeGreaterThanOrEqual(0);
      expect(r.remaining).toBeLessThanOrEqual(r.total);
      if (r.state === 'APPOINTABLE') expect(r.remaining).toBeGreaterThan(0);
    }
    const [{ n }] = await fresh.db.select({ n: countDistinct(schedules.hospitalId) }).from(schedules);
    expect(n).toBe(9);
  });

  it('gives every schedule hourly sources whose places add up, and the seeded bookings as reserved', async () => {
    const all = await fresh.db.select().from(schema.sources);
    const bySchedule = new Map<number, typeof all>();
    for (const s of all) bySchedule.set(s.scheduleId, [...(bySchedule.get(s.scheduleId) ?? []), s]);
    const rows = await fresh.db.select().from(schedules);
    for (const r of rows) {
      const mine = bySchedule.get(r.id) ?? [];
      if (r.total === 0) {
        expect(mine).toEqual([]);
        continue;
      }
      expect(mine.map((s) => `${s.startTime}-${s.endTime}`)).toEqual(
        r.period === 'MORNING'
          ? ['08:00-09:00', '09:00-10:00', '10:00-11:00', '11:00-12:00']
          : ['14:00-15:00', '15:00-16:00', '16:00-17:00', '17:00-17:30'],
      );
      expect(mine.reduce((n, s) => n + s.capacity, 0)).toBe(r.total);
      expect(mine.reduce((n, s) => n + s.capacity - s.reserved, 0)).toBe(r.remaining);
    }
  });

  it('spells every department in pinyin and initials, and seeds booking rules for every hospital', async () => {
    const depts = await fresh.db.select().from(departments);
    expect(depts.find((d) => d.name === '内科')).toMatchObject({ pinyin: 'neike', initials: 'nk' });
    expect(depts.find((d) => d.name === '心血管内科')).toMatchObject({
      pinyin: 'xinxueguanneike',
      initials: 'xxgnk',
    });
    for (const d of depts) expect(d.initials.length).toBe([...d.name].length);
    const rules = await fresh.db.select().from(schema.bookingRules);
    expect(rules.map((r) => r.hospitalId).sort()).toEqual(HOSPITALS.map((h) => h.id));
    for (const r of rules) expect(r.daysAhead).toBeLessThan(SCHEDULE_DAYS);
  });

  it('completes a database seeded before appointments existed (pinyin, rules, sources)', async () => {
    const before = await snapshot(fresh);
    await fresh.db.delete(schema.sources);
    await fresh.db.delete(schema.bookingRules);
    await fresh.db.update(departments).set({ pinyin: '', initials: '' });
    await completeSeed(fresh.db);
    const after = await snapshot(fresh);
    expect(after.departments).toEqual(before.departments);
    expect(after.bookingRules).toEqual(before.bookingRules);
    expect(after.systemParams).toEqual(before.systemParams);
    const shape = (rows: (typeof schema.sources.$inferSelect)[]) => rows.map(({ id, ...rest }) => rest);
    expect(shape(after.sources)).toEqual(shape(before.sources));
  });

  it('moves stale schedules on to the new today, keeping past ones that have orders', async () => {
    const [booked] = await fresh.db
      .select()
      .from(schedules)
      .where(sql`${schedules.date} = ${chinaDate(new Date(TEST_START))} and ${schedules.total} > 0`)
      .limit(1);
    const [source] = await fresh.db
      .select()
      .from(schema.sources)
      .where(sql`${schema.sources.scheduleId} = ${booked.id}`)
      .limit(1);
    const [user] = await fresh.db.select().from(schema.users).limit(1);
    const at = new Date(TEST_START);
    await fresh.db.insert(schema.appointmentOrders).values({
      userId: user.id,
      hospitalId: booked.hospitalId,
      scheduleId: booked.id,
      sourceId: source.id,
      visitDate: booked.date,
      period: booked.period,
      status: 'CANCELLED',
      fee: booked.fee,
      selfPays: booked.fee,
      holdExpiresAt: at,
      visitStartsAt: at,
      visitEndsAt: at,
      cancelDeadline: at,
    });
    const later = new TestClock(new Date(TEST_START).getTime() + 3 * DAY);
    const added = await refreshSchedules(fresh.db, later);
    expect(added).toBeGreaterThan(500);
    const dates = (
      await fresh.db.selectDistinct({ date: schedules.date }).from(schedules).orderBy(schedules.date)
    ).map((r) => r.date);
    const today = chinaDate(later.now());
    expect(dates).toEqual([
      booked.date,
      ...Array.from({ length: SCHEDULE_DAYS }, (_, i) => addDays(today, i)),
    ]);
    const kept = await fresh.db.select().from(schedules).where(sql`${schedules.date} < ${today}`);
    expect(kept.map((r) => r.id)).toEqual([booked.id]);
    expect(await refreshSchedules(fresh.db, later)).toBeNull();
  });

  it('reset drops the data and restores the seed', async () => {
    await fresh.db.delete(hospitals).where(sql`${hospitals.id} = '1008'`);
    await fresh.db.execute(sql`insert into users (phone) values ('13311112222')`);
    const summary = await resetDatabase(fresh, new TestClock(TEST_START));
    expect(summary).toMatchObject({ hospitals: 9, users: 2, contacts: 2 });
    expect(await snapshot(fresh)).toEqual(await snapshot(template));
  });
});
