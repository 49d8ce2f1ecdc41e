import { readConfig } from '../platform/config.ts';
import { createDatabase } from '../platform/database/connect.ts';
import { resetDatabase } from '../seed.ts';

/**
 * `pnpm --filter @patient/hospital-service reset`: drops every table, re-migrates and re-seeds.
 * Stop the running service first when it uses PGlite (one process per data directory).
 */
async function reset() {
  const config = readConfig();
  const database = await createDatabase(config.databaseTarget);
  const summary = await resetDatabase(database);
  await database.close();
  console.log(`已重置 ${database.location}（${database.driver}）：`, summary);
}

reset().catch((error: unknown) => {
  console.error(`重置失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
