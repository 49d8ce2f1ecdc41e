import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { TestClock } from '../platform/clock.ts';
import { createDatabase, type Database } from '../platform/database/connect.ts';
import { DevSmsSender } from '../platform/sms.ts';
import { TEST_START } from './constants.ts';
import { Client } from './harness.ts';
import { databaseUrl } from './pg-cluster.ts';

/**
 * A brand-new, empty database (not migrated, nothing in it), dropped on close: a new database of the run's
 * cluster in the `postgres` project (CREATE DATABASE … TEMPLATE template0), an in-memory PGlite otherwise.
 */
export async function freshDatabase(): Promise<Database> {
  const postgres = inject('postgres');
  if (!postgres) return createDatabase('memory://');
  const name = `fresh_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  } finally {
    await admin.end();
  }
  const database = await createDatabase(databaseUrl(postgres.url, name));
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: postgres.url });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** A listening app on `database` (the harness's test settings), its client, and close. */
export async function serve(
  database: Database,
  options: Partial<BuildAppOptions> = {},
): Promise<{ app: FastifyInstance; client: Client; close: () => Promise<void> }> {
  const app = buildApp({
    db: database,
    clock: new TestClock(TEST_START),
    smsSender: new DevSmsSender(),
    logger: false,
    secret: 'test-secret',
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, client: new Client(`http://127.0.0.1:${port}`), close: () => app.close() };
}
