import { and, eq, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../http/errors.ts';
import { parseId } from './ids.ts';
import type { DbOrTx } from './types.ts';

/** A table whose rows belong to an account: an integer `id` and the owner's `userId`. */
export type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn };

export interface OwnedRowOptions {
  /** Lock the row FOR UPDATE (inside a transaction). */
  lock?: boolean;
  /** A further condition (e.g. the hospital), answered as 404 like another account's row. */
  where?: SQL;
}

/**
 * The account's row of `table` by its id (the path's string), or null — the same for another account's row, an
 * unknown id and one that is not an id at all (nothing tells a stranger which ids exist).
 */
export async function findOwnedRow<T extends OwnedTable>(
  db: DbOrTx,
  table: T,
  id: string,
  userId: number,
  options: OwnedRowOptions = {},
): Promise<InferSelectModel<T> | null> {
  const key = parseId(id);
  if (key === null) return null;
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, key), eq(table.userId, userId), options.where))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return (row as InferSelectModel<T> | undefined) ?? null;
}

/**
 * {@link findOwnedRow}, or the domain's 404 (`notFound(missing)`: '<missing>不存在') when there is none.
 * @param missing what the row is, in Chinese ('订单', '陪护证', …)
 */
export async function ownedRow<T extends OwnedTable>(
  db: DbOrTx,
  table: T,
  id: string,
  userId: number,
  options: OwnedRowOptions & { missing: string },
): Promise<InferSelectModel<T>> {
  const row = await findOwnedRow(db, table, id, userId, options);
  if (!row) throw notFound(options.missing);
  return row;
}
