import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { TestClock } from '../platform/clock.ts';
import { createDatabase } from '../platform/database/connect.ts';
import { seed } from '../seed.ts';
import { TEST_START } from './constants.ts';
import { databaseUrl, startPgCluster } from './pg-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The `postgres` project's cluster: `url` connects as its superuser to the `postgres` database; the
     * database `template` is migrated and seeded at TEST_START (templateDatabase() copies it per call).
     */
    postgres: { url: string; template: string } | undefined;
  }
}

/** The database every `postgres` test file copies (CREATE DATABASE … TEMPLATE). */
export const TEMPLATE = 'hospital_template';

/**
 * The `postgres` project: a throw-away PostgreSQL cluster for the run (src/test/pg-cluster.ts) with a template
 * database migrated and seeded exactly like the PGlite template (global-setup.ts). Stopped and removed after
 * the run.
 */
export default async function setup(project: TestProject) {
  const started = performance.now();
  const cluster = await startPgCluster();
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
    const database = await createDatabase(databaseUrl(cluster.url, TEMPLATE));
    try {
      await database.migrate();
      await seed(database.db, { clock: new TestClock(TEST_START) });
    } finally {
      await database.close();
    }
    // Nobody connects to it by mistake (CREATE DATABASE … TEMPLATE needs it without connections).
    await admin.query(`ALTER DATABASE ${TEMPLATE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    await admin.end();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  console.log(
    `postgres project: PostgreSQL cluster on ${cluster.url} (template ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  project.provide('postgres', { url: cluster.url, template: TEMPLATE });
  return () => cluster.stop();
}
