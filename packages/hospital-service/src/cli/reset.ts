import { readConfig } from '../platform/config.ts';
import { fieldCipherFromEnv, useFieldCipher } from '../platform/crypto/field-cipher.ts';
import { createDatabase } from '../platform/database/connect.ts';
import { resetDatabase } from '../seed.ts';

/**
 * `pnpm --filter @patient/hospital-service reset`: drops every table, re-migrates and re-seeds.
 * Stop the running service first when it uses PGlite (one process per data directory).
 */
async function reset() {
  const config = readConfig();
  // Personal identifiers are encrypted at rest with the deployment's keys (production refuses to start without).
  useFieldCipher(fieldCipherFromEnv(process.env, config.production));
  const database = await createDatabase(config.databaseTarget);
  const summary = await resetDatabase(database);
  await database.close();
  console.log(`已重置 ${database.location}（${database.driver}）：`, summary);
}

reset().catch((error: unknown) => {
  console.error(`重置失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
