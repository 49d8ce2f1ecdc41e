import { count, eq } from 'drizzle-orm';
import { DEMO_PHONE } from './domains/accounts/index.ts';
import { refreshSchedules, type ScheduleHis } from './domains/booking/index.ts';
import { hospitals } from './domains/hospitals/index.ts';
import { users } from './platform/auth/tables.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { Database, Db } from './platform/database/connect.ts';
import { pendingMigrations } from './platform/database/migrate.ts';
import { completeSeed, type SeedSummary, seed } from './seed.ts';

/**
 * Schema and demo data kept apart (issue 27): in production `migrate` creates the schema only; the demo
 * hospitals, accounts and staff come from `seed:demo`; a hospital's own catalogue from `import`.
 */

/** Whether the demo data is in (its account exists): a demonstration database, not a hospital's own. */
export async function hasDemoData(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_PHONE)).limit(1);
  return row !== undefined;
}

/** How many hospitals the database holds (imported or demo). */
export async function hospitalCount(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(hospitals);
  return n;
}

/**
 * What production's `migrate` does (and a production start on the embedded database): applies the pending
 * migrations and nothing else — no hospital, account or staff member is written.
 */
export async function migrateSchema(database: Database): Promise<{ applied: string[] }> {
  const applied = await pendingMigrations(database);
  await database.migrate();
  return { applied };
}

/** What `seed:demo` did: seeded an empty database, or brought its earlier demo data up to date. */
export type DemoSeedResult =
  | { seeded: SeedSummary; completed: false; schedulesRefreshed: null }
  | { seeded: null; completed: true; schedulesRefreshed: number | null };

/**
 * `seed:demo`: writes the demo data (nine hospitals, their catalogues, the demo accounts, staff…) into a
 * migrated database that holds no hospital yet; on a database that already has the demo data, completes it
 * (completeSeed) and adds the missing schedule days. Refuses a database with pending migrations (run
 * `migrate` first) and one that holds hospitals of its own (imported): demo data never mixes with them.
 */
export async function seedDemo(database: Database, clock: Clock = systemClock): Promise<DemoSeedResult> {
  const pending = await pendingMigrations(database);
  if (pending.length > 0) {
    throw new Error(
      `数据库尚未迁移（待执行：${pending.join(', ')}）：请先运行 pnpm --filter @patient/hospital-service migrate`,
    );
  }
  if (await hasDemoData(database.db)) {
    await completeSeed(database.db);
    return { seeded: null, completed: true, schedulesRefreshed: await refreshSchedules(database.db, clock) };
  }
  const existing = await hospitalCount(database.db);
  if (existing > 0) {
    throw new Error(
      `数据库中已有 ${existing} 家医院（导入的医院目录，不是演示数据）：演示数据只能写入没有医院的数据库`,
    );
  }
  return { seeded: await seed(database.db, { clock }), completed: false, schedulesRefreshed: null };
}

/**
 * The start of one instance in production on the embedded database: migrates the schema (it is the only
 * instance) and adds the missing schedule days; never seeds.
 */
export async function prepareProductionDatabase(
  database: Database,
  clock: Clock = systemClock,
  /** The HIS the missing schedule days come from (default: the simulated one over this database). */
  scheduleHis?: ScheduleHis,
): Promise<{ seeded: null; schedulesRefreshed: number | null }> {
  await migrateSchema(database);
  return { seeded: null, schedulesRefreshed: await refreshSchedules(database.db, clock, scheduleHis) };
}
