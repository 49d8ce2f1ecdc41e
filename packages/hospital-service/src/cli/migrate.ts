import { migrateSchema } from '../demo-data.ts';
import { StartedClock, systemClock } from '../platform/clock.ts';
import { readConfig } from '../platform/config.ts';
import { createDatabase } from '../platform/database/connect.ts';
import { prepareDatabase } from '../seed.ts';

/**
 * `pnpm --filter @patient/hospital-service migrate`: opens the database (DATABASE_URL, else the PGlite
 * DATA_DIR), applies the migrations and closes. Run it once before starting several instances on one
 * PostgreSQL database, so that they do not all migrate at once. In production (NODE_ENV=production) that is
 * all it does: the schema only (hospitals come from `import`, demo data from `seed:demo`). Outside production
 * it also seeds the demo data when the database is empty (else completes the seed and the schedule days).
 */
async function main() {
  const config = readConfig();
  const clock = config.clockStart ? new StartedClock(config.clockStart) : systemClock;
  const database = await createDatabase(config.databaseTarget);
  try {
    if (config.production) {
      const { applied } = await migrateSchema(database);
      console.log(
        `migrated ${database.location} (${database.driver}), schema only: ` +
          (applied.length > 0 ? applied.join(', ') : 'up to date'),
      );
      return;
    }
    const { seeded, schedulesRefreshed } = await prepareDatabase(database, clock);
    console.log(
      `migrated ${database.location} (${database.driver})` +
        (seeded ? `, seeded: ${JSON.stringify(seeded)}` : '') +
        (schedulesRefreshed !== null ? `, ${schedulesRefreshed} schedules added` : ''),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`迁移失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
