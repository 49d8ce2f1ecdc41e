import { count, eq } from 'drizzle-orm';
import { DEMO_PHONE, seedDemoAccounts } from './domains/accounts/index.ts';
import { seedDemoBedOrders } from './domains/beds/index.ts';
import {
  addMissingSources,
  completeBookingCatalogue,
  refreshSchedules,
  scheduleDaysFrom,
  seedBookingCatalogue,
  seedSchedules,
} from './domains/booking/index.ts';
import { seedDemoCheckups } from './domains/checkup/index.ts';
import { seedCompanionQuestions } from './domains/companion/index.ts';
import { seedPrivacyDocuments } from './domains/consent/index.ts';
import { seedDemoFeedback } from './domains/feedback/index.ts';
import { HOSPITALS, seedHospitals, setAppointmentDays } from './domains/hospitals/index.ts';
import { seedInformation } from './domains/information/index.ts';
import { seedInsurancePolicies } from './domains/insurance/index.ts';
import { completeDemoProofs, seedDemoPatients } from './domains/patients/index.ts';
import { seedQueues } from './domains/queue/index.ts';
import { completeScreening, seedScreening } from './domains/screening/index.ts';
import { seedStaff } from './domains/staff/index.ts';
import { type Clock, chinaDate, systemClock } from './platform/clock.ts';
import type { Database, Db } from './platform/database/connect.ts';
import { pendingMigrations } from './platform/database/migrate.ts';
import { hospitals, users } from './schema.ts';

/**
 * The seed, composed: each domain seeds its own tables (its `seed.ts`, through its index) in the order their
 * rows refer to each other; this file only orders them, passes what one needs of another (the demo user's
 * id, the hospitals' ids), and prepares a database at start.
 */

export interface SeedSummary {
  hospitals: number;
  departments: number;
  doctors: number;
  schedules: number;
  sources: number;
  users: number;
  contacts: number;
  medicalCards: number;
  checkupApplications: number;
  queues: number;
}

/** Whether the seed has run (the hospitals exist). */
export async function isSeeded(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(hospitals);
  return n > 0;
}

/**
 * Brings a database seeded by an earlier version up to date: pinyin of the departments, booking rules of
 * every seeded hospital, sources of every schedule, the privacy documents, the demo contacts' proofs. Does
 * nothing on an up-to-date database.
 */
export async function completeSeed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // The booking window the app shows comes with the rules.
    await setAppointmentDays(tx, await completeBookingCatalogue(tx));
    await addMissingSources(tx);
    await seedInsurancePolicies(
      tx,
      HOSPITALS.map((h) => h.id),
    );
    await seedQueues(
      tx,
      HOSPITALS.map((h) => h.id),
    );
    await seedInformation(tx, new Date());
    await completeScreening(
      tx,
      HOSPITALS.map((h) => h.id),
      new Date(),
    );
    await seedCompanionQuestions(
      tx,
      HOSPITALS.map((h) => h.id),
    );
    await seedPrivacyDocuments(tx, new Date());
    const [demo] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_PHONE));
    if (demo) await completeDemoProofs(tx, demo.id, new Date());
  });
}

/**
 * Fills an empty, migrated database: nine hospitals with their parameters, departments, doctors,
 * SCHEDULE_DAYS days of schedules (with their sources) from today, booking rules, and the demo account
 * (with check-up requests). Deterministic apart from the dates.
 */
export async function seed(db: Db, options: { clock?: Clock } = {}): Promise<SeedSummary> {
  const clock = options.clock ?? systemClock;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const hospitalsSeeded = await seedHospitals(tx, now);
    const catalogue = await seedBookingCatalogue(tx);
    const today = chinaDate(now);
    const planned = await seedSchedules(tx, scheduleDaysFrom(today), today);
    const accounts = await seedDemoAccounts(tx, now);
    const userId = accounts.demoUserId;
    const patients = await seedDemoPatients(tx, { userId, hospitalIds: HOSPITALS.map((h) => h.id), now });
    const checkups = await seedDemoCheckups(tx, userId, patients.contacts, now);
    await seedDemoFeedback(tx, userId, patients.contacts, now);
    await seedInsurancePolicies(
      tx,
      HOSPITALS.map((h) => h.id),
    );
    const queues = await seedQueues(
      tx,
      HOSPITALS.map((h) => h.id),
    );
    await seedInformation(tx, now);
    await seedScreening(
      tx,
      HOSPITALS.map((h) => h.id),
      now,
      { userId, contacts: patients.contacts },
    );
    await seedCompanionQuestions(
      tx,
      HOSPITALS.map((h) => h.id),
    );
    const staffIds = await seedStaff(
      tx,
      HOSPITALS.map((h) => h.id),
      now,
    );
    await seedDemoBedOrders(tx, userId, patients.contacts, staffIds, now);
    await seedPrivacyDocuments(tx, now);
    return {
      hospitals: hospitalsSeeded,
      ...catalogue,
      schedules: planned.schedules,
      sources: planned.sources,
      users: accounts.users,
      contacts: patients.contacts.length,
      medicalCards: patients.medicalCards,
      checkupApplications: checkups,
      queues,
    };
  });
}

/**
 * Migrates, then seeds when the database is empty; otherwise completes an older seed (completeSeed) and
 * adds the schedule days that are missing (refreshSchedules).
 */
export async function prepareDatabase(
  database: Database,
  clock: Clock = systemClock,
): Promise<{ seeded: SeedSummary | null; schedulesRefreshed: number | null }> {
  await database.migrate();
  if (!(await isSeeded(database.db)))
    return { seeded: await seed(database.db, { clock }), schedulesRefreshed: null };
  await completeSeed(database.db);
  return { seeded: null, schedulesRefreshed: await refreshSchedules(database.db, clock) };
}

/**
 * What an instance does at start on a database it shares with others (PostgreSQL): it never migrates (run
 * the `migrate` command once before starting instances); it refuses to start on pending migrations, then adds
 * the schedule days that are missing (one roll across instances). A database without hospitals is accepted
 * (production: hospitals come from `import`, demo data from `seed:demo`).
 */
export async function prepareInstance(
  database: Database,
  clock: Clock = systemClock,
): Promise<{ seeded: null; schedulesRefreshed: number | null }> {
  const pending = await pendingMigrations(database);
  if (pending.length > 0) {
    throw new Error(
      `数据库尚未迁移（待执行：${pending.join(', ')}）：请先运行一次 pnpm --filter @patient/hospital-service migrate，再启动服务实例`,
    );
  }
  return { seeded: null, schedulesRefreshed: await refreshSchedules(database.db, clock) };
}

/** Drops every table, re-migrates and re-seeds (the `reset` command). */
export async function resetDatabase(database: Database, clock: Clock = systemClock): Promise<SeedSummary> {
  await database.dropAll();
  await database.migrate();
  return seed(database.db, { clock });
}
