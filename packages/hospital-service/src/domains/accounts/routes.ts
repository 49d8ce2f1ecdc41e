import {
  bindPhone,
  getSession,
  logout,
  sendLoginCode,
  TEST_ORDER_ERROR,
  testOrderError,
} from '@patient/contract';
import { isMobilePhone, maskPhone } from '@patient/validation';
import { eq } from 'drizzle-orm';
import { clearSessionCookies, setSessionCookie } from '../../platform/auth/session-cookie.ts';
import { createSession, endSessions } from '../../platform/auth/sessions.ts';
import { users } from '../../platform/auth/tables.ts';
import { banned, businessError, inputError } from '../../platform/http/errors.ts';
import { route, sessionError } from '../../platform/http/route.ts';
import { checkLoginAgreement, recordLoginAgreement } from '../consent/index.ts';
import { requesterOf, sendCode, verifyCode } from './codes.ts';

export function checkPhone(phone: string, field = 'phone'): void {
  if (!isMobilePhone(phone)) throw inputError(field, '请输入正确的手机号码');
}

export const authRoutes = [
  route(sendLoginCode, async ({ body }, ctx) => {
    checkPhone(body.phone);
    return sendCode(ctx, body.phone, 'login', requesterOf(ctx));
  }),

  route(bindPhone, async ({ body }, ctx) => {
    checkPhone(body.phone);
    const { db, clock } = ctx;
    // A document changed since the screen showed it: nothing used, the patient reads the new one first.
    await checkLoginAgreement(db, body.agreement);
    await verifyCode(ctx, body.phone, 'login', body.code);
    await db.insert(users).values({ phone: body.phone, createdAt: clock.now() }).onConflictDoNothing();
    const [user] = await db.select().from(users).where(eq(users.phone, body.phone)).limit(1);
    if (user.status === 'banned') {
      clearSessionCookies(ctx.reply, ctx.production);
      throw banned();
    }
    await db.transaction((tx) => recordLoginAgreement(tx, user.id, body.agreement, clock.now()));
    const { token, expiresAt } = await createSession(db, clock, user.id);
    setSessionCookie(ctx.reply, token, expiresAt, clock.now(), ctx.production);
    return { userId: String(user.id), phone: maskPhone(user.phone) };
  }),

  route(getSession, async (_input, ctx) => {
    if (ctx.user) return { userId: String(ctx.user.id), phone: maskPhone(ctx.user.phone) };
    // A banned account or a session taken over elsewhere is worth a dialog; anything else is just 'not logged in'.
    if (ctx.sessionProblem === 'banned' || ctx.sessionProblem === 'replaced')
      throw sessionError(ctx.sessionProblem);
    return null;
  }),

  route(logout, async (_input, ctx) => {
    await endSessions(ctx.db, ctx.clock, ctx.tokens);
    clearSessionCookies(ctx.reply, ctx.production);
    return true;
  }),

  // A diagnostic probe: always the same business error, nothing read or changed (see testOrderError).
  route(testOrderError, async (_input, ctx) => {
    ctx.reply.header('cache-control', 'no-store');
    throw businessError(TEST_ORDER_ERROR.state, TEST_ORDER_ERROR.msg, TEST_ORDER_ERROR.subMsg);
  }),
];
