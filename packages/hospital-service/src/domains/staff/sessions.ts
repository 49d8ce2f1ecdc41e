import { randomBytes } from 'node:crypto';
import { SERVICE_PREFIX, SUB_CODE } from '@patient/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken, TOKEN_PATTERN } from '../../platform/auth/sessions.ts';
import { DAY, SECOND } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/connect.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { staffMembers, staffSessions } from './tables.ts';

/** The staff session's httpOnly cookie, sent only to the staff calls (its path is their prefix). */
export const STAFF_COOKIE = 'STAFF_SESSION';
const COOKIE_PATH = SERVICE_PREFIX.staff;
export const STAFF_SESSION_TTL_MS = DAY;

export type StaffRow = typeof staffMembers.$inferSelect;

/** A staff call without a staff session: HTTP 401, subCode STAFF_SIGN_IN_REQUIRED (the app opens staff sign-in). */
export const staffSignInRequired = (): ApiError =>
  new ApiError(401, {
    state: 401,
    msg: '请先登录',
    subMsg: '请在企业微信中以医院工作人员身份登录',
    subCode: SUB_CODE.STAFF_SIGN_IN_REQUIRED,
    results: null,
  });

/** A patient's session on a staff call: HTTP 403. */
export const staffOnly = (): ApiError =>
  new ApiError(403, {
    state: 403,
    msg: '无权访问',
    subMsg: '仅限医院工作人员使用',
    subCode: null,
    results: null,
  });

export async function createStaffSession(ctx: RequestContext, staffId: number): Promise<void> {
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_TTL_MS);
  await ctx.db
    .insert(staffSessions)
    .values({ staffId, tokenHash: hashToken(token), createdAt: now, expiresAt });
  ctx.reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: COOKIE_PATH,
    secure: ctx.production,
    maxAge: Math.floor(STAFF_SESSION_TTL_MS / SECOND),
  });
}

function tokenOf(ctx: RequestContext): string | null {
  const token = ctx.request.cookies?.[STAFF_COOKIE];
  return typeof token === 'string' && TOKEN_PATTERN.test(token) ? token : null;
}

async function lookup(db: Db, token: string, now: Date): Promise<StaffRow | null> {
  const [row] = await db
    .select({ staff: staffMembers })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.endedAt),
        gt(staffSessions.expiresAt, now),
        eq(staffMembers.status, 'active'),
      ),
    )
    .limit(1);
  return row?.staff ?? null;
}

/**
 * The signed-in staff member of a staff call. Without a staff session: 403 when the request is a patient's
 * (a patient never reaches staff data), else 401 STAFF_SIGN_IN_REQUIRED.
 */
export async function requireStaff(ctx: RequestContext): Promise<StaffRow> {
  const known = signedIn.get(ctx.request);
  if (known) return known;
  const staff = await resolve(ctx);
  signedIn.set(ctx.request, staff);
  return staff;
}

/** The staff member of a request, once resolved (the registrar's gate, then the handler). */
const signedIn = new WeakMap<object, StaffRow>();

async function resolve(ctx: RequestContext): Promise<StaffRow> {
  const token = tokenOf(ctx);
  const staff = token ? await lookup(ctx.db, token, ctx.clock.now()) : null;
  if (staff) return staff;
  if (token)
    ctx.reply.clearCookie(STAFF_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      path: COOKIE_PATH,
      secure: ctx.production,
    });
  if (ctx.user) throw staffOnly();
  throw staffSignInRequired();
}

/** Ends the request's staff session and removes its cookie. */
export async function endStaffSession(ctx: RequestContext): Promise<void> {
  const token = tokenOf(ctx);
  if (token) {
    await ctx.db
      .update(staffSessions)
      .set({ endedAt: ctx.clock.now() })
      .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.endedAt)));
  }
  ctx.reply.clearCookie(STAFF_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: COOKIE_PATH,
    secure: ctx.production,
  });
}
