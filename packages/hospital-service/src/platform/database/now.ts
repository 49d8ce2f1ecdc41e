import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { DbOrTx } from './connect.ts';

/**
 * The instant a transaction decides at, read after its locks are taken: the database's clock (shared by every
 * instance, so two instances never judge one hold differently) plus the clock's offset; a TestClock's own time.
 */
export async function transactionNow(tx: DbOrTx, clock: Clock): Promise<Date> {
  if (clock.databaseOffsetMs === undefined) return clock.now();
  const result = (await tx.execute(
    sql`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms`,
  )) as unknown as { rows: { ms: number | string }[] };
  return new Date(Math.round(Number(result.rows[0].ms)) + clock.databaseOffsetMs);
}
