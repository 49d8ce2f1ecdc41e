import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, DAY, MINUTE, SECOND } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/connect.ts';
import { businessError, tooManyRequests } from '../../platform/http/errors.ts';
import type { SmsPurpose, SmsSender } from '../../platform/sms.ts';
import { smsCodes } from './tables.ts';
import { safeError } from '../../platform/logging/logger.ts';

/** SMS code rules (the spec leaves them open; these are ours). */
export const CODE_RULES = {
  length: 6,
  ttlMs: 5 * MINUTE,
  maxAttempts: 5,
  resendAfterMs: MINUTE,
  maxPerDay: 10,
  /** The daily limit is a rolling 24-hour window. */
  dayWindowMs: DAY,
} as const;

export interface CodeDeps {
  db: Db;
  clock: Clock;
  smsSender: SmsSender;
  secret: Buffer;
  log: FastifyBaseLogger;
}

const hashCode = (secret: Buffer, phone: string, purpose: SmsPurpose, code: string): string =>
  createHmac('sha256', secret).update(`${purpose}:${phone}:${code}`).digest('hex');

const TEXTS: Record<SmsPurpose, (code: string) => string> = {
  login: (code) => `【掌上医院】您的登录验证码为 ${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
  contact_phone: (code) =>
    `【掌上医院】您正在验证就诊人手机号，验证码为 ${code}，5分钟内有效。请勿泄露给他人。`,
};

/**
 * Issues a new code for the phone: rate limits first (1 a minute, 10 per rolling day, per phone and
 * purpose), then the previous codes stop working, then the sender delivers it.
 */
export async function sendCode(
  deps: CodeDeps,
  phone: string,
  purpose: SmsPurpose,
): Promise<{ resendAfterSeconds: number }> {
  const now = deps.clock.now();
  const code = String(randomInt(0, 10 ** CODE_RULES.length)).padStart(CODE_RULES.length, '0');

  await deps.db.transaction(async (tx) => {
    // One sender at a time per phone, so two simultaneous requests cannot both pass the limits.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${purpose}:${phone}`}))`);
    const scope = and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose));
    const [latest] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(scope)
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (latest) {
      const waitMs = latest.createdAt.getTime() + CODE_RULES.resendAfterMs - now.getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / SECOND);
        throw tooManyRequests('验证码发送过于频繁', `验证码发送过于频繁，请 ${seconds} 秒后再试`);
      }
    }
    const since = new Date(now.getTime() - CODE_RULES.dayWindowMs);
    const [{ sent }] = await tx
      .select({ sent: count() })
      .from(smsCodes)
      .where(and(scope, gt(smsCodes.createdAt, since)));
    if (sent >= CODE_RULES.maxPerDay) {
      throw tooManyRequests(
        '今日验证码发送次数已达上限',
        `该手机号24小时内最多获取${CODE_RULES.maxPerDay}次验证码，请明天再试`,
      );
    }
    await tx
      .update(smsCodes)
      .set({ supersededAt: now })
      .where(and(scope, isNull(smsCodes.consumedAt), isNull(smsCodes.supersededAt)));
    await tx.insert(smsCodes).values({
      phone,
      purpose,
      codeHash: hashCode(deps.secret, phone, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_RULES.ttlMs),
    });
    // Old rows are of no use after the daily window; keep the table small.
    await tx.delete(smsCodes).where(and(scope, lt(smsCodes.createdAt, new Date(since.getTime() - DAY))));
  });

  try {
    await deps.smsSender.send({ phone, purpose, code, text: TEXTS[purpose](code), sentAt: now }, deps.log);
  } catch (error) {
    deps.log.error({ err: safeError(error) }, '短信发送失败');
    throw businessError(503, '短信发送失败', '短信发送失败，请稍后再试');
  }
  return { resendAfterSeconds: CODE_RULES.resendAfterMs / SECOND };
}

const invalidCode = () => businessError(400, '验证码已失效', '验证码已失效，请重新获取');

/**
 * Checks a code and consumes it. Only the newest code of the phone and purpose counts; it is
 * single-use, expires after 5 minutes and dies after 5 wrong tries.
 */
export async function verifyCode(
  deps: CodeDeps,
  phone: string,
  purpose: SmsPurpose,
  code: string,
): Promise<void> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.consumedAt),
        isNull(smsCodes.supersededAt),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.attempts >= CODE_RULES.maxAttempts) {
    throw invalidCode();
  }
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(hashCode(deps.secret, phone, purpose, code), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    const [updated] = await deps.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(and(eq(smsCodes.id, row.id), lt(smsCodes.attempts, CODE_RULES.maxAttempts)))
      .returning({ attempts: smsCodes.attempts });
    const left = updated ? CODE_RULES.maxAttempts - updated.attempts : 0;
    if (left <= 0) throw businessError(400, '验证码错误次数过多', '验证码错误次数过多，请重新获取验证码');
    throw businessError(400, '验证码错误', `验证码错误，还可以尝试 ${left} 次`);
  }
  // Consume atomically: of two simultaneous requests with the right code, only one gets the row.
  const consumed = await deps.db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(smsCodes.id, row.id),
        isNull(smsCodes.consumedAt),
        isNull(smsCodes.supersededAt),
        lt(smsCodes.attempts, CODE_RULES.maxAttempts),
      ),
    )
    .returning({ id: smsCodes.id });
  if (consumed.length === 0) throw invalidCode();
}
