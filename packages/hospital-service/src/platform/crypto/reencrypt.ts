import {
  and,
  asc,
  getTableColumns,
  getTableName,
  gt,
  isTable,
  not,
  or,
  type SQL,
  sql,
  type Table,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isEncryptedColumn } from '../database/columns.ts';
import type { Db } from '../database/types.ts';
import { fieldCipher } from './field-cipher.ts';

/** The tables with encrypted columns among `tables` (the app's schema object), with those columns and the id. */
export function encryptedTablesOf(tables: Readonly<Record<string, unknown>>) {
  return Object.values(tables)
    .filter((t): t is Table => isTable(t))
    .map((table) => {
      const columns = Object.entries(getTableColumns(table)).filter(([, c]) => isEncryptedColumn(c));
      return {
        table: table as PgTable,
        name: getTableName(table),
        columns,
        id: getTableColumns(table).id as PgColumn,
      };
    })
    .filter((t) => t.columns.length > 0 && t.id !== undefined);
}

const BATCH = 200;

/**
 * Rewrites every encrypted value not under the current key — rows from before their column was encrypted, rows
 * under a key being retired — reading through the ORM (decrypts with any key of the ring) and writing through
 * it (encrypts with the current one), a batch per transaction. Answers the rows rewritten per table.
 */
export async function reencryptAll(
  db: Db,
  tables: Readonly<Record<string, unknown>>,
): Promise<Record<string, number>> {
  const current = `enc:v1:${fieldCipher().currentKeyId}:%`;
  const counts: Record<string, number> = {};
  for (const { table, name, columns, id } of encryptedTablesOf(tables)) {
    const stale: SQL = or(...columns.map(([, c]) => not(sql`${c} LIKE ${current}`))) as SQL;
    let after = 0;
    let rewritten = 0;
    for (;;) {
      const rows = (await db
        .select({ id, ...Object.fromEntries(columns) })
        .from(table)
        .where(and(gt(id, after), stale))
        .orderBy(asc(id))
        .limit(BATCH)) as { id: number; [column: string]: unknown }[];
      if (rows.length === 0) break;
      await db.transaction(async (tx) => {
        for (const row of rows) {
          const values = Object.fromEntries(columns.map(([key]) => [key, row[key]]));
          await tx.update(table).set(values).where(sql`${id} = ${row.id}`);
        }
      });
      rewritten += rows.length;
      after = rows[rows.length - 1].id;
    }
    if (rewritten > 0) counts[name] = rewritten;
  }
  return counts;
}
