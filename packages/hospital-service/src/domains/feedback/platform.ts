import { createHmac, timingSafeEqual } from 'node:crypto';
import { followUpDisposableLoginCode, followUpUserRegister } from '@patient/contract';
import { and, eq, lt } from 'drizzle-orm';
import { users } from '../../platform/auth/tables.ts';
import { MINUTE } from '../../platform/clock.ts';
import { parseId } from '../../platform/database/ids.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { businessError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { pushFollowUpTask } from './push.ts';
import { followUpPlatformCalls, followUpTasks } from './tables.ts';

/** A signed call's timestamp may differ from the service's clock by this much (either way). */
export const PLATFORM_CLOCK_SKEW_MS = 5 * MINUTE;

/**
 * The follow-up platform's key: derived from the service secret for this one purpose (the hospital hands it to
 * the platform; it signs nothing else and reveals nothing of the secret).
 */
export const followUpPlatformKey = (secret: Buffer | string): Buffer =>
  createHmac('sha256', secret).update('follow-up-platform').digest();

/** The signature of a platform call: hex HMAC-SHA256 over `call|timestamp|fields…`. */
export function signFollowUpCall(
  key: Buffer,
  call: string,
  timestamp: string,
  fields: readonly string[],
): string {
  return createHmac('sha256', key)
    .update([call, timestamp, ...fields].join('|'))
    .digest('hex');
}

const refusedSignature = () => businessError(403, '签名校验失败', '随访平台调用的签名无效，已拒绝');

/**
 * Proves the caller is the follow-up platform: a patient's session is refused outright (these are not the
 * app's calls), then the signature must be right, the timestamp within PLATFORM_CLOCK_SKEW_MS, and the signed
 * call new: its signature is recorded until the timestamp leaves the window, and a second use is refused.
 */
async function requirePlatform(
  ctx: RequestContext,
  call: string,
  body: { timestamp: string; signature: string },
  fields: string[],
) {
  if (ctx.user || ctx.tokens.length > 0) {
    throw businessError(403, '无权调用', '该接口仅供随访平台的服务器调用');
  }
  const expected = Buffer.from(
    signFollowUpCall(followUpPlatformKey(ctx.secret), call, body.timestamp, fields),
    'hex',
  );
  const given = Buffer.from(body.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refusedSignature();
  if (Math.abs(Number(body.timestamp) - ctx.clock.now().getTime()) > PLATFORM_CLOCK_SKEW_MS) {
    throw businessError(403, '请求已过期', '随访平台调用的时间戳与服务器时间相差超过 5 分钟，已拒绝');
  }
  const now = ctx.clock.now();
  await ctx.db.delete(followUpPlatformCalls).where(lt(followUpPlatformCalls.expiresAt, now));
  const recorded = await ctx.db
    .insert(followUpPlatformCalls)
    .values({
      signature: body.signature,
      call,
      expiresAt: new Date(Number(body.timestamp) + PLATFORM_CLOCK_SKEW_MS),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ signature: followUpPlatformCalls.signature });
  if (recorded.length === 0) {
    throw businessError(
      403,
      '请求重复',
      '该随访平台调用已处理过（签名重复使用），已拒绝；请以新的时间戳重新签名',
    );
  }
}

export const platformRoutes = [
  route(followUpUserRegister, async ({ body }, ctx) => {
    await requirePlatform(ctx, 'userRegister', body, [body.hospitalId, body.phone]);
    await requireHospital(ctx.db, body.hospitalId);
    const inserted = await ctx.db
      .insert(users)
      .values({ phone: body.phone, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const [user] = await ctx.db.select().from(users).where(eq(users.phone, body.phone));
    return { userId: String(user.id), registered: inserted.length > 0 };
  }),

  route(followUpDisposableLoginCode, async ({ body }, ctx) => {
    await requirePlatform(ctx, 'getDisposableLoginCode', body, [body.hospitalId, body.userId, body.taskId]);
    const userId = parseId(body.userId);
    const [task] =
      userId === null
        ? []
        : await ctx.db
            .select({ id: followUpTasks.id })
            .from(followUpTasks)
            .where(
              and(
                eq(followUpTasks.userId, userId),
                eq(followUpTasks.hospitalId, body.hospitalId),
                eq(followUpTasks.taskNo, body.taskId),
              ),
            );
    if (!task || userId === null) throw notFound('随访任务');
    const push = await pushFollowUpTask(ctx.db, ctx.clock.now(), userId, task.id);
    return { ...push, expiresAt: push.expiresAt.toISOString() };
  }),
];
