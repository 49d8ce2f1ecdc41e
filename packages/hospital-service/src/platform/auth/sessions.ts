import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { type Clock, DAY } from '../clock.ts';
import type { Db } from '../database/connect.ts';
import { sessions, users } from './tables.ts';

/** A session lasts one day from login (not sliding), like its cookie. */
export const SESSION_TTL_MS = DAY;

/** Tokens are 32 random bytes, base64url: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

export interface AuthUser {
  id: number;
  phone: string;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Starts a session for the user. One active session per user: older active sessions become
 * 'replaced', and whoever still holds one gets subCode 40302 on the next call.
 */
export async function createSession(
  db: Db,
  clock: Clock,
  userId: number,
): Promise<{ token: string; expiresAt: Date }> {
  const now = clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx
      .update(sessions)
      .set({ status: 'replaced', endedAt: now })
      .where(and(eq(sessions.userId, userId), eq(sessions.status, 'active')));
    await tx
      .insert(sessions)
      .values({ userId, tokenHash: hashToken(token), status: 'active', createdAt: now, expiresAt });
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
    // Sessions that ended more than a week ago are of no use any more.
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date(now.getTime() - 7 * DAY))));
  });
  return { token, expiresAt };
}

export type SessionLookup =
  | { kind: 'ok'; user: AuthUser; expiresAt: Date }
  | { kind: 'banned' }
  | { kind: 'replaced' }
  | { kind: 'gone' };

/** What a token stands for now. Unknown, expired and logged-out tokens are all 'gone'. */
export async function lookupSession(db: Db, clock: Clock, token: string): Promise<SessionLookup> {
  const [row] = await db
    .select({
      status: sessions.status,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      phone: users.phone,
      userStatus: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { kind: 'gone' };
  if (row.userStatus === 'banned') return { kind: 'banned' };
  if (row.status === 'replaced') return { kind: 'replaced' };
  if (row.status !== 'active' || row.expiresAt.getTime() <= clock.now().getTime()) return { kind: 'gone' };
  return { kind: 'ok', user: { id: row.userId, phone: row.phone }, expiresAt: row.expiresAt };
}

/** Ends the sessions of the given tokens (logout). */
export async function endSessions(db: Db, clock: Clock, tokens: string[]): Promise<void> {
  if (tokens.length === 0) return;
  await db
    .update(sessions)
    .set({ status: 'logged_out', endedAt: clock.now() })
    .where(
      and(
        inArray(sessions.tokenHash, tokens.map(hashToken)),
        or(eq(sessions.status, 'active'), eq(sessions.status, 'replaced')),
      ),
    );
}
