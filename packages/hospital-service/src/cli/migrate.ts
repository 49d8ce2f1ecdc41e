import { StartedClock, systemClock } from '../platform/clock.ts';
import { readConfig } from '../platform/config.ts';
import { createDatabase } from '../platform/database/connect.ts';
import { prepareDatabase } from '../seed.ts';

/**
 * `pnpm --filter @patient/hospital-service migrate`: opens the database (DATABASE_URL, else the PGlite
 * DATA_DIR), applies the migrations, seeds it when empty (else completes the seed and the schedule days),
 * and closes. Run it once before starting several instances on one PostgreSQL database, so that they do
 * not all migrate at once.
 */
async function main() {
  const config = readConfig();
  const clock = config.clockStart ? new StartedClock(config.clockStart) : systemClock;
  const database = await createDatabase(config.databaseTarget);
  try {
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
