import { randomBytes } from 'node:crypto';
import { type FollowUpKind, getPushedTask, loginWithPushCode, type PushedTask } from '@patient/contract';
import { maskPhone } from '@patient/validation';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { setSessionCookie } from '../../platform/auth/session-cookie.ts';
import { createSession, hashToken } from '../../platform/auth/sessions.ts';
import { users } from '../../platform/auth/tables.ts';
import { HOUR, MINUTE } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/database/connect.ts';
import type { AppDeps } from '../../platform/http/context.ts';
import { userOf } from '../../platform/http/context.ts';
import {
  banned,
  businessError,
  inputError,
  notFound,
  ok,
  tooManyRequests,
} from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { notify } from '../notifications/index.ts';
import { contacts } from '../patients/index.ts';
import { PUSH_TEMPLATE, TEMPLATES } from './seed-data.ts';
import { followUpPushes, followUpTasks } from './tables.ts';

/** A push link's code lives this long. */
export const PUSH_CODE_TTL_MS = 30 * MINUTE;
/** Wrong codes after which a push link's code is dead. */
export const PUSH_CODE_MAX_FAILURES = 5;
/** Most push links issued for one account in an hour. */
export const PUSHES_PER_HOUR = 5;

/** The one answer for a code that does not log in (used, expired, wrong, dead, unknown link). */
export const pushCodeRefused = () =>
  businessError(400, '链接已失效', '该链接已使用或已过期，请登录后在“我的消息”中查看，或重新获取推送');

const STUDY_KINDS = new Set<FollowUpKind>(['SATISFACTION', 'SCALE', 'MISSION', 'STUDY', 'RETURN_VISIT']);

type PushRow = typeof followUpPushes.$inferSelect;

async function pushedTaskOf(db: DbOrTx, push: PushRow): Promise<PushedTask> {
  const [task] = await db.select().from(followUpTasks).where(eq(followUpTasks.id, push.taskId));
  return {
    iuid: push.iuid,
    inhospitalId: task.inhospitalId,
    taskId: task.taskNo,
    kind: task.kind as FollowUpKind,
    title: TEMPLATES[task.template].title,
  };
}

/**
 * Pushes one of the account's follow-up tasks (getDisposableLoginCode): a new link with a disposable code (only
 * its hash is kept), and a message in the account's inbox. At most PUSHES_PER_HOUR per account (429).
 */
export async function pushFollowUpTask(
  db: Db,
  now: Date,
  userId: number,
  taskId: number,
): Promise<{ iuid: string; code: string; link: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [task] = await tx
      .select()
      .from(followUpTasks)
      .where(and(eq(followUpTasks.id, taskId), eq(followUpTasks.userId, userId)));
    if (!task || !STUDY_KINDS.has(task.kind as FollowUpKind)) throw notFound('随访任务');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(followUpPushes)
      .where(
        and(eq(followUpPushes.userId, userId), gte(followUpPushes.createdAt, new Date(now.getTime() - HOUR))),
      );
    if (n >= PUSHES_PER_HOUR)
      throw tooManyRequests('推送过于频繁', `每个账号每小时最多推送${PUSHES_PER_HOUR}次`);
    const iuid = randomBytes(12).toString('hex');
    const code = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now.getTime() + PUSH_CODE_TTL_MS);
    await tx.insert(followUpPushes).values({
      iuid,
      userId,
      taskId,
      codeHash: hashToken(code),
      expiresAt,
      createdAt: now,
    });
    const path = `/feedback/studyPushDetail/${iuid}`;
    await notify(tx, {
      userId,
      hospitalId: task.hospitalId,
      contactId: task.contactId,
      kind: 'FOLLOW_UP',
      title: `随访提醒：${TEMPLATES[task.template].title}`,
      body: [`${task.department}为您推送了“${TEMPLATES[task.template].title}”，请及时查看。`],
      link: path,
      at: now,
    });
    return { iuid, code, link: `${path}?code=${code}`, expiresAt };
  });
}

export const pushRoutes = [
  route(loginWithPushCode, async ({ body }, ctx) => {
    const now = ctx.clock.now();
    const outcome = await ctx.db.transaction(async (tx) => {
      const [push] = await tx
        .select()
        .from(followUpPushes)
        .where(eq(followUpPushes.iuid, body.iuid))
        .for('update');
      if (!push || push.usedAt || push.failures >= PUSH_CODE_MAX_FAILURES) return null;
      if (push.codeHash !== hashToken(body.code)) {
        await tx
          .update(followUpPushes)
          .set({ failures: sql`${followUpPushes.failures} + 1` })
          .where(eq(followUpPushes.id, push.id));
        return null;
      }
      if (push.expiresAt.getTime() <= now.getTime()) return null;
      await tx.update(followUpPushes).set({ usedAt: now }).where(eq(followUpPushes.id, push.id));
      return push;
    });
    if (!outcome) throw pushCodeRefused();
    const [user] = await ctx.db.select().from(users).where(eq(users.id, outcome.userId));
    if (user.status === 'banned') throw banned();
    const { token, expiresAt } = await createSession(ctx.db, ctx.clock, user.id);
    setSessionCookie(ctx.reply, token, expiresAt, now, ctx.production);
    return {
      userId: String(user.id),
      phone: maskPhone(user.phone),
      task: await pushedTaskOf(ctx.db, outcome),
    };
  }),

  route(getPushedTask, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const [push] = await ctx.db
      .select()
      .from(followUpPushes)
      .where(and(eq(followUpPushes.iuid, params.iuid), eq(followUpPushes.userId, user.id)));
    if (!push) throw notFound('推送内容');
    return pushedTaskOf(ctx.db, push);
  }),
];

/**
 * The simulated follow-up platform (development only): POST /__dev/feedback/push {phone, hospitalId?} registers
 * the phone's account when it has none (userRegister), gives its first contact a new health article to read, and
 * pushes it (getDisposableLoginCode). Answers the link with its code.
 */
export function registerFeedbackDevRoutes(app: FastifyInstance, deps: AppDeps): void {
  const pushBody = z.object({
    phone: z.string().check(z.regex(/^1[3-9]\d{9}$/)),
    hospitalId: z.optional(z.string().check(z.regex(/^\d{4}$/))),
  });
  app.post('/__dev/feedback/push', async (request, reply) => {
    const parsed = z.safeParse(pushBody, request.body ?? {});
    if (!parsed.success) throw inputError('phone', '请输入正确的手机号码');
    const { phone, hospitalId = '1000' } = parsed.data;
    const now = deps.clock.now();
    await deps.db.insert(users).values({ phone, createdAt: now }).onConflictDoNothing();
    const [user] = await deps.db.select().from(users).where(eq(users.phone, phone));
    const [contact] = await deps.db
      .select()
      .from(contacts)
      .where(eq(contacts.userId, user.id))
      .orderBy(sql`${contacts.relation} = 'SELF' desc`, contacts.id)
      .limit(1);
    if (!contact) throw inputError('phone', '该账号还没有就诊人');
    const serial = `${now.getTime()}${randomBytes(2).readUInt16BE(0)}`;
    const [task] = await deps.db
      .insert(followUpTasks)
      .values({
        userId: user.id,
        contactId: contact.id,
        hospitalId,
        inhospitalId: `ZY${serial}`.slice(0, 20),
        taskNo: `SP${serial}`.slice(0, 20),
        kind: 'STUDY',
        template: PUSH_TEMPLATE,
        department: '心血管内科',
        patientName: contact.name,
        status: 'PENDING',
        createdAt: now,
      })
      .returning();
    const push = await pushFollowUpTask(deps.db, now, user.id, task.id);
    return reply.send(ok({ ...push, expiresAt: push.expiresAt.toISOString(), taskId: task.taskNo }));
  });
}
