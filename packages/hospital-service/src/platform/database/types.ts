/** The database's types, apart from its connection code (connect.ts) and its migrations (migrate.ts). */
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle (same query API as {@link Db}). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Where the data lives, for logs (a postgres URL without its password). */
  location: string;
  /** Applies every migration of drizzle/ that has not run yet. */
  migrate(): Promise<void>;
  /** Drops every table (and the migration journal); call {@link Database.migrate} afterwards. */
  dropAll(): Promise<void>;
  close(): Promise<void>;
  /**
   * Raw SQL for a library that brings its own (the job engine): with `values`, one parameterised statement; without,
   * a script of several statements, answering the last one's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** The embedded PostgreSQL, when the driver is PGlite (tests dump it as a template). */
  pglite?: PGlite;
}
