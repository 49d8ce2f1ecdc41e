import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import { DAY } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/connect.ts';
import { staffDataAccess, staffSessions } from './tables.ts';

/** 访问记录 are kept three years (等保 2.0 asks for at least six months of audit records; three is our promise). */
export const ACCESS_LOG_RETENTION_MS = 3 * 365 * DAY;
/** Ended or expired staff sessions are kept 30 days. */
export const STAFF_SESSION_RETENTION_MS = 30 * DAY;

/**
 * Deletes access-log rows older than three years — the one deletion the append-only trigger lets through, for
 * this transaction only (`app.access_log_retention`) — and old staff sessions.
 */
export async function purgeExpiredStaffData(
  db: Db,
  now: Date,
): Promise<{ accessLog: number; staffSessions: number }> {
  const accessLog = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.access_log_retention', 'on', true)`);
    const rows = await tx
      .delete(staffDataAccess)
      .where(lt(staffDataAccess.at, new Date(now.getTime() - ACCESS_LOG_RETENTION_MS)))
      .returning({ id: staffDataAccess.id });
    return rows.length;
  });
  const before = new Date(now.getTime() - STAFF_SESSION_RETENTION_MS);
  const sessions = await db
    .delete(staffSessions)
    .where(
      or(
        lt(staffSessions.expiresAt, before),
        and(isNotNull(staffSessions.endedAt), lt(staffSessions.endedAt, before)),
      ),
    )
    .returning({ id: staffSessions.id });
  return { accessLog, staffSessions: sessions.length };
}
