import { count } from 'drizzle-orm';
import { seedDemoAccounts } from './domains/accounts/index.ts';
import {
  addMissingSources,
  completeBookingCatalogue,
  refreshSchedules,
  SCHEDULE_DAYS,
  seedBookingCatalogue,
  seedSchedules,
} from './domains/booking/index.ts';
import { applicationsOf } from './domains/checkup/his.ts';
import { HOSPITALS, seedHospitals, setAppointmentDays } from './domains/hospitals/index.ts';
import { seedDemoPatients } from './domains/patients/index.ts';
import { addDays, type Clock, chinaDate, DAY, systemClock } from './platform/clock.ts';
import type { Database, Db, DbOrTx } from './platform/database/connect.ts';
import { pendingMigrations } from './platform/database/migrate.ts';
import { checkupApplications, type contacts, hospitals } from './schema.ts';

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
}

/** Whether the seed has run (the hospitals exist). */
export async function isSeeded(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(hospitals);
  return n > 0;
}

/**
 * Brings a database seeded by an earlier version up to date: pinyin of the departments, booking rules of
 * every seeded hospital, sources of every schedule. Does nothing on an up-to-date database.
 */
export async function completeSeed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // The booking window the app shows comes with the rules.
    await setAppointmentDays(tx, await completeBookingCatalogue(tx));
    await addMissingSources(tx);
  });
}

/** A contact's check-up requests at a hospital, as the HIS has them (see checkup-his.ts). */
export function checkupRowsOf(
  userId: number,
  contact: { id: number; documentNumber: string; name: string },
  hospitalId: string,
  now: Date,
): (typeof checkupApplications.$inferInsert)[] {
  return applicationsOf({ hospitalId, identityCard: contact.documentNumber, name: contact.name }).map(
    ({ daysAgo, ...a }) => ({
      ...a,
      userId,
      contactId: contact.id,
      hospitalId,
      requestedAt: new Date(now.getTime() - daysAgo * DAY),
      status: 'UNBOOKED',
      createdAt: now,
    }),
  );
}

async function seedDemo(tx: DbOrTx, now: Date) {
  const accounts = await seedDemoAccounts(tx, now);
  const userId = accounts.demoUserId;
  const patients = await seedDemoPatients(tx, { userId, hospitalIds: HOSPITALS.map((h) => h.id), now });
  let checkups = 0;
  for (const contact of patients.contacts) checkups += await seedDemoCheckups(tx, userId, contact, now);
  return {
    users: accounts.users,
    contacts: patients.contacts.length,
    medicalCards: patients.medicalCards,
    checkupApplications: checkups,
  };
}

/**
 * The demo contacts' check-up requests at the default hospital: the HIS's own (as on first listing) plus a
 * gastroscopy done last week, so the list shows every state but 'booked'.
 */
async function seedDemoCheckups(
  tx: DbOrTx,
  userId: number,
  contact: typeof contacts.$inferSelect,
  now: Date,
): Promise<number> {
  const rows = checkupRowsOf(userId, contact, '1000', now);
  if (contact.relation === 'SELF') {
    const done = addDays(chinaDate(now), -7);
    rows.push({
      userId,
      contactId: contact.id,
      hospitalId: '1000',
      applicationNo: 'SQ100000000001',
      orderItemId: 'YZ00000001',
      visitType: '1',
      itemCode: 'ES001',
      urgentFlag: '0',
      emergencySchedule: '0',
      itemTypeId: 'ES',
      requestedAt: new Date(now.getTime() - 10 * DAY),
      status: 'DONE',
      apptDate: done,
      apptBatchId: 'B01',
      apptTimeRange: '08:00-09:00',
      bookedAt: new Date(now.getTime() - 9 * DAY),
      createdAt: now,
    });
  }
  await tx.insert(checkupApplications).values(rows);
  return rows.length;
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
    const hospitalsTotal = await seedHospitals(tx, now);
    const catalogue = await seedBookingCatalogue(tx);
    const today = chinaDate(now);
    const days = Array.from({ length: SCHEDULE_DAYS }, (_, i) => addDays(today, i));
    const planned = await seedSchedules(tx, days, today);
    const demo = await seedDemo(tx, now);
    return {
      hospitals: hospitalsTotal,
      ...catalogue,
      schedules: planned.schedules,
      sources: planned.sources,
      ...demo,
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
 * the `migrate` command once before starting instances); it refuses to start on pending migrations or an
 * empty database, then adds the schedule days that are missing (one roll across instances).
 */
export async function prepareInstance(
  database: Database,
  clock: Clock = systemClock,
): Promise<{ seeded: null; schedulesRefreshed: number | null }> {
  const pending = await pendingMigrations(database);
  if (pending.length > 0 || !(await isSeeded(database.db))) {
    throw new Error(
      `数据库尚未迁移${pending.length > 0 ? `（待执行：${pending.join(', ')}）` : '或尚无数据'}：请先运行一次 pnpm --filter @patient/hospital-service migrate，再启动服务实例`,
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
