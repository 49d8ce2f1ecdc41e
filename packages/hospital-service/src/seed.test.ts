import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from './platform/database/connect.ts';
import { templateDatabase } from './test/harness.ts';

/**
 * The seed's fingerprint: for every table, its row count and an md5 of all its rows (each row's text, in
 * primary-key order, with the session's time zone and date style pinned so PGlite and PostgreSQL print the
 * same), kept as a Vitest snapshot (`__snapshots__/seed.test.ts.snap`). The template is seeded at TEST_START:
 * moving seed code between files must leave every row, id and PRNG draw as it was. For an intended change of
 * the seed, write the new fingerprint with
 * `pnpm --filter @patient/hospital-service exec vitest run --configLoader runner --project pglite src/seed.test.ts -u`
 * and let the review read the snapshot's diff (which tables changed).
 */
let template: Database;

beforeAll(async () => {
  template = await templateDatabase();
});
afterAll(async () => {
  await template?.close();
});

async function rowsOf<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table of the public schema with its count and the md5 of its rows in primary-key order. */
async function fingerprint(database: Database) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
    await tx.execute(sql`SET LOCAL DateStyle = 'ISO, YMD'`);
    await tx.execute(sql`SET LOCAL extra_float_digits = 1`);
    const tables = await rowsOf<{ name: string }>(
      tx,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name COLLATE "C"`,
    );
    const out: Record<string, { rows: number; md5: string }> = {};
    for (const { name } of tables) {
      const key = await rowsOf<{ column: string; text: boolean }>(
        tx,
        sql`SELECT a.attname AS "column", a.atttypid = 'text'::regtype AS "text"
            FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
            WHERE i.indrelid = ${`public.${name}`}::regclass AND i.indisprimary
            ORDER BY array_position(i.indkey::int2[], a.attnum)`,
      );
      expect(key.length, `${name} has a primary key`).toBeGreaterThan(0);
      const orderBy = key.map((k) => `"${k.column}"${k.text ? ' COLLATE "C"' : ''}`).join(', ');
      const [r] = await rowsOf<{ rows: number; md5: string }>(
        tx,
        sql.raw(
          `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY ${orderBy}), '')) AS md5
           FROM "${name}" t`,
        ),
      );
      out[name] = r;
    }
    return out;
  });
}

describe('the seed', () => {
  it('writes the rows of its snapshot (counts and a hash of every table)', async () => {
    expect(await fingerprint(template)).toMatchSnapshot();
  });
});
