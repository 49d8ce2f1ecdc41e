import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { dataCopies } from './tables.ts';

/** Deletes the data copies past their 7 days (a copy read after that is 404 already; this removes the data). */
export async function purgeExpiredCopies(db: DbOrTx, now: Date): Promise<{ dataCopies: number }> {
  const rows = await db
    .delete(dataCopies)
    .where(lt(dataCopies.expiresAt, now))
    .returning({ id: dataCopies.id });
  return { dataCopies: rows.length };
}
