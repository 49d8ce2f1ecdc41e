import { seedDemo } from '../demo-data.ts';
import { StartedClock, systemClock } from '../platform/clock.ts';
import { readConfig } from '../platform/config.ts';
import { fieldCipherFromEnv, useFieldCipher } from '../platform/crypto/field-cipher.ts';
import { createDatabase } from '../platform/database/connect.ts';

/**
 * `pnpm --filter @patient/hospital-service seed:demo`: writes the demo hospitals, accounts and staff into a
 * migrated database without hospitals, or brings earlier demo data up to date (seedDemo). Never part of a
 * hospital's production database: run it only for development and demonstration deployments.
 */
async function main() {
  const config = readConfig();
  const clock = config.clockStart ? new StartedClock(config.clockStart) : systemClock;
  // Personal identifiers are encrypted at rest with the deployment's keys (production refuses to start without).
  useFieldCipher(fieldCipherFromEnv(process.env, config.production));
  const database = await createDatabase(config.databaseTarget);
  try {
    const result = await seedDemo(database, clock);
    console.log(
      result.seeded
        ? `demo data seeded into ${database.location} (${database.driver}): ${JSON.stringify(result.seeded)}`
        : `demo data of ${database.location} (${database.driver}) is up to date` +
            (result.schedulesRefreshed !== null ? `, ${result.schedulesRefreshed} schedules added` : ''),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`演示数据写入失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
