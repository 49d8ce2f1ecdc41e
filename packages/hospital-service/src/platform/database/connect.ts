import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { safeError } from '../logging/logger.ts';
import { migrate } from './migrate.ts';
import type { Database, Db } from './types.ts';

export type { Database, Db, DbOrTx, Tx } from './types.ts';

/** Default PGlite data directory: packages/hospital-service/.data/<name>. */
export const DEFAULT_DATA_ROOT = fileURLToPath(new URL('../../../.data', import.meta.url));

/**
 * Where to connect:
 * - a `postgres://` / `postgresql://` URL → PostgreSQL through node-postgres;
 * - `'memory'` or `'memory://'` → a throw-away in-memory PGlite (tests);
 * - `{ template }` → an in-memory PGlite loaded from a dumped data directory (fast test start);
 * - any other string → a PGlite data directory, created on first use.
 */
export type DatabaseTarget = string | { template: Blob | File };

/** Alias of {@link createDatabase}. */
export const connect = (target: DatabaseTarget): Promise<Database> => createDatabase(target);

export async function createDatabase(target: DatabaseTarget): Promise<Database> {
  if (typeof target === 'string' && /^postgres(ql)?:\/\//.test(target)) return connectPostgres(target);
  if (typeof target === 'object') {
    return wrapPglite(await PGlite.create({ loadDataDir: target.template }), 'memory (template)');
  }
  if (target === 'memory' || target === 'memory://')
    return wrapPglite(await PGlite.create('memory://'), 'memory');
  mkdirSync(target, { recursive: true });
  return wrapPglite(await PGlite.create(target), target);
}

function wrapPglite(client: PGlite, location: string): Database {
  const db = drizzlePglite({ client });
  return {
    db,
    driver: 'pglite',
    location,
    pglite: client,
    migrate: () => migrate({ db, driver: 'pglite' }),
    dropAll: () => dropAll(db),
    close: () => client.close(),
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

function connectPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // The server may drop an idle connection (a restart, a failover, an administrator): the pool replaces it on
  // the next checkout. Unheard, the pool's error event would end the process.
  pool.on('error', (error) => {
    console.warn(JSON.stringify({ level: 'warn', msg: '数据库空闲连接已断开', error: safeError(error) }));
  });
  const db = drizzleNodePg({ client: pool });
  return {
    db,
    driver: 'postgres',
    location: url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@'),
    migrate: () => migrate({ db, driver: 'postgres' }),
    dropAll: () => dropAll(db),
    close: () => pool.end(),
    executeSql: async (text, values) => {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    },
  };
}

/**
 * Drops every table of the current schema and the migration journal (not the schema itself: on PostgreSQL it
 * may belong to someone else). Point the service at a database of its own.
 */
async function dropAll(db: Db): Promise<void> {
  const rows = (await db.execute(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`,
  )) as unknown as { rows: { tablename: string }[] };
  const tables = rows.rows.map((r) => sql.identifier(r.tablename));
  if (tables.length > 0) await db.execute(sql`DROP TABLE IF EXISTS ${sql.join(tables, sql`, `)} CASCADE`);
  await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
}
