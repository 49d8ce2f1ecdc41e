import { count } from 'drizzle-orm';
import { refreshSchedules, type ScheduleHis } from './domains/booking/index.ts';
import { MODULES } from './modules.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { Database, Db, DbOrTx } from './platform/database/connect.ts';
import { pendingMigrations } from './platform/database/migrate.ts';
import type { DomainModule, SeedContext } from './platform/module.ts';
import { schema } from './schema.ts';

/**
 * The seed, composed: each module seeds its own tables (the `seed` of its definition) in the order of
 * src/modules.ts, where their rows refer to each other; what one provides of another (the demo user's id, the
 * demo contacts) passes as the seed's facts. This file also prepares a database at start.
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

/** Runs one step of every module in order, passing the facts on; the merged summaries. */
async function runSteps(
  tx: DbOrTx,
  now: Date,
  step: (m: DomainModule) => DomainModule['seed'],
): Promise<Record<string, number>> {
  const ctx: SeedContext = { now, facts: {} };
  const summary: Record<string, number> = {};
  for (const module of MODULES as readonly DomainModule[]) {
    const run = step(module);
    if (!run) continue;
    const done = await run(tx, ctx);
    Object.assign(ctx.facts, done?.facts);
    Object.assign(summary, done?.summary);
  }
  return summary;
}

/** Whether the seed has run (the hospitals exist). */
export async function isSeeded(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(schema.hospitals);
  return n > 0;
}

/**
 * Brings a database seeded by an earlier version up to date (each module's `completeSeed`): pinyin of the
 * departments, booking rules of every seeded hospital, sources of every schedule, the privacy documents, the demo
 * contacts' proofs. Does nothing on an up-to-date database.
 */
export async function completeSeed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await runSteps(tx, new Date(), (m) => m.completeSeed);
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
    const summary = await runSteps(tx, now, (m) => m.seed);
    const missing = SUMMARY_KEYS.filter((key) => summary[key] === undefined);
    if (missing.length > 0) throw new Error(`种子数据汇总缺少：${missing.join(', ')}`);
    return Object.fromEntries(SUMMARY_KEYS.map((key) => [key, summary[key]])) as unknown as SeedSummary;
  });
}

const SUMMARY_KEYS: readonly (keyof SeedSummary)[] = [
  'hospitals',
  'departments',
  'doctors',
  'schedules',
  'sources',
  'users',
  'contacts',
  'medicalCards',
  'checkupApplications',
  'queues',
];

/**
 * Migrates, then seeds when the database is empty; otherwise completes an older seed (completeSeed) and
 * adds the schedule days that are missing (refreshSchedules).
 */
export async function prepareDatabase(
  database: Database,
  clock: Clock = systemClock,
  /** The HIS the missing schedule days come from (default: the simulated one over this database). */
  scheduleHis?: ScheduleHis,
): Promise<{ seeded: SeedSummary | null; schedulesRefreshed: number | null }> {
  await database.migrate();
  if (!(await isSeeded(database.db)))
    return { seeded: await seed(database.db, { clock }), schedulesRefreshed: null };
  await completeSeed(database.db);
  return { seeded: null, schedulesRefreshed: await refreshSchedules(database.db, clock, scheduleHis) };
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
  /** The HIS the missing schedule days come from (default: the simulated one over this database). */
  scheduleHis?: ScheduleHis,
): Promise<{ seeded: null; schedulesRefreshed: number | null }> {
  const pending = await pendingMigrations(database);
  if (pending.length > 0) {
    throw new Error(
      `数据库尚未迁移（待执行：${pending.join(', ')}）：请先运行一次 pnpm --filter @patient/hospital-service migrate，再启动服务实例`,
    );
  }
  return { seeded: null, schedulesRefreshed: await refreshSchedules(database.db, clock, scheduleHis) };
}

/** Drops every table, re-migrates and re-seeds (the `reset` command). */
export async function resetDatabase(database: Database, clock: Clock = systemClock): Promise<SeedSummary> {
  await database.dropAll();
  await database.migrate();
  return seed(database.db, { clock });
}
