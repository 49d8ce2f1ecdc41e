import { and, isNotNull, lt, or } from 'drizzle-orm';
import { sessions } from '../../platform/auth/tables.ts';
import { DAY } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { smsCodes } from './tables.ts';

/** SMS code rows (hashes, the requester's address) live two days: the sending limits look back one. */
export const SMS_CODE_RETENTION_MS = 2 * DAY;
/** An ended or expired session is kept 30 days (a patient asking "who logged in as me" gets an answer). */
export const SESSION_RETENTION_MS = 30 * DAY;

/** Deletes the SMS code rows and the sessions past their retention. */
export async function purgeExpiredAccountData(
  db: DbOrTx,
  now: Date,
): Promise<{ smsCodes: number; sessions: number }> {
  const codes = await db
    .delete(smsCodes)
    .where(lt(smsCodes.createdAt, new Date(now.getTime() - SMS_CODE_RETENTION_MS)))
    .returning({ id: smsCodes.id });
  const before = new Date(now.getTime() - SESSION_RETENTION_MS);
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), and(isNotNull(sessions.endedAt), lt(sessions.endedAt, before))))
    .returning({ id: sessions.id });
  return { smsCodes: codes.length, sessions: ended.length };
}
