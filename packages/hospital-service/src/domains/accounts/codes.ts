import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { maskPhone } from '@patient/validation';
import { and, count, countDistinct, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, DAY, HOUR, MINUTE, SECOND } from '../../platform/clock.ts';
import type { SmsLimits } from '../../platform/config.ts';
import type { Db, DbOrTx } from '../../platform/database/connect.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { businessError, tooManyRequests } from '../../platform/http/errors.ts';
import { safeError } from '../../platform/logging/logger.ts';
import { askOutside } from '../../platform/outside-system.ts';
import { type SmsPurpose, SmsSendError, type SmsSender } from '../../platform/sms.ts';
import { smsCodes } from './tables.ts';

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
  settings: { sms: SmsLimits };
}

/** Who asks for a code: the client address and, when logged in, the account. */
export interface Requester {
  /** The client address as counted: IPv4 as is, IPv6 as its /64 (one subscriber's block). */
  clientIp: string;
  userId: number | null;
}

/**
 * Codes a logged-in user asks for about someone (a contact's phone, a contact's identity): they count
 * against the account's limit of different numbers, and only that account can use them.
 */
const ACCOUNT_PURPOSES: readonly SmsPurpose[] = ['contact_phone', 'his_identity', 'account_deletion'];

/** The address a limit counts: IPv4 (also IPv4-mapped IPv6) as is, other IPv6 addresses as their /64. */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const hashCode = (secret: Buffer, phone: string, purpose: SmsPurpose, code: string, subject = ''): string =>
  createHmac('sha256', secret)
    .update(`${purpose}:${phone}:${code}${subject ? `:${subject}` : ''}`)
    .digest('hex');

/** The system named when the SMS platform fails or times out (state 503). */
const SMS_SYSTEM = '短信平台';
/** How long the platform may take to accept a message. */
const SMS_TIMEOUT_MS = 10_000;

/** The patient's answer to a platform's refusal (the operator's details go to the log). */
function refusalOf(error: SmsSendError) {
  switch (error.failure) {
    case 'throttled':
      return tooManyRequests('验证码发送过于频繁', '该手机号获取验证码过于频繁，请稍后再试');
    case 'invalid_phone':
      return businessError(400, '手机号无效', '该手机号无法接收短信，请检查号码是否正确');
    default:
      return businessError(503, '短信服务暂不可用', '短信服务暂不可用，请稍后再试');
  }
}

const TEXTS: Record<SmsPurpose, (code: string) => string> = {
  login: (code) => `【掌上医院】您的登录验证码为 ${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
  contact_phone: (code) =>
    `【掌上医院】您正在验证就诊人手机号，验证码为 ${code}，5分钟内有效。请勿泄露给他人。`,
  his_identity: (code) =>
    `【掌上医院】有人申请查看您在医院的就诊卡和检查申请，验证码为 ${code}，5分钟内有效。如非您本人或家人操作，请勿告知他人。`,
  account_deletion: (code) =>
    `【掌上医院】您正在注销账号，验证码为 ${code}，5分钟内有效。注销后个人信息将被删除且不可恢复；如非本人操作，请勿告知他人。`,
};

/** The sending limits beyond the phone's own, in the order they are checked; null when all allow it. */
async function limitReached(
  tx: DbOrTx,
  limits: SmsLimits,
  phone: string,
  purpose: SmsPurpose,
  who: Requester,
  now: Date,
) {
  const hourAgo = new Date(now.getTime() - HOUR);
  const dayAgo = new Date(now.getTime() - DAY);
  if (who.userId !== null && ACCOUNT_PURPOSES.includes(purpose)) {
    const mine = and(
      eq(smsCodes.userId, who.userId),
      inArray(smsCodes.purpose, [...ACCOUNT_PURPOSES]),
      gt(smsCodes.createdAt, dayAgo),
    );
    const [{ phones }] = await tx
      .select({ phones: countDistinct(smsCodes.phone) })
      .from(smsCodes)
      .where(mine);
    const [again] = await tx
      .select({ id: smsCodes.id })
      .from(smsCodes)
      .where(and(mine, eq(smsCodes.phone, phone)))
      .limit(1);
    if (!again && phones >= limits.perAccountPhonesDay) {
      return tooManyRequests(
        '验证码发送次数已达上限',
        `每个账号24小时内最多向${limits.perAccountPhonesDay}个不同的手机号发送验证码，请明天再试`,
      );
    }
  }
  const sentSince = async (since: Date, clientIp?: string) => {
    const recent = gt(smsCodes.createdAt, since);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(clientIp === undefined ? recent : and(eq(smsCodes.clientIp, clientIp), recent));
    return n;
  };
  if ((await sentSince(hourAgo, who.clientIp)) >= limits.perIpHour) {
    return tooManyRequests('验证码发送过于频繁', '当前网络获取验证码过于频繁，请1小时后再试');
  }
  if ((await sentSince(dayAgo, who.clientIp)) >= limits.perIpDay) {
    return tooManyRequests('今日验证码发送次数已达上限', '当前网络今日获取验证码次数已达上限，请明天再试');
  }
  if ((await sentSince(hourAgo)) >= limits.globalHour || (await sentSince(dayAgo)) >= limits.globalDay) {
    return tooManyRequests('短信服务繁忙', '验证码发送量已达上限，请稍后再试');
  }
  return null;
}

/**
 * Issues a new code for the phone. The limits first — per phone and purpose (1 a minute, 10 a rolling
 * day), per account (different numbers a day, for contact-phone and identity codes), per client address
 * (an hour, a day) and for the whole service (an hour, a day), all counted in sms_codes so that they hold
 * across instances — then the previous codes stop working, then the sender delivers it. `subject` binds the
 * code to what it proves (a contact's identity): it only verifies with the same subject.
 */
export async function sendCode(
  deps: CodeDeps,
  phone: string,
  purpose: SmsPurpose,
  who: Requester,
  subject = '',
): Promise<{ resendAfterSeconds: number }> {
  const now = deps.clock.now();
  const code = String(randomInt(0, 10 ** CODE_RULES.length)).padStart(CODE_RULES.length, '0');

  const issued = await deps.db.transaction(async (tx) => {
    // One sender at a time, service-wide (an advisory lock holds across instances on one PostgreSQL):
    // two simultaneous requests cannot both pass a limit. Sending is rare; the transaction is short.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('sms:send'))`);
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
    const refused = await limitReached(tx, deps.settings.sms, phone, purpose, who, now);
    if (refused) throw refused;
    const superseded = await tx
      .update(smsCodes)
      .set({ supersededAt: now })
      .where(and(scope, isNull(smsCodes.consumedAt), isNull(smsCodes.supersededAt)))
      .returning({ id: smsCodes.id });
    const [inserted] = await tx
      .insert(smsCodes)
      .values({
        phone,
        purpose,
        codeHash: hashCode(deps.secret, phone, purpose, code, subject),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_RULES.ttlMs),
        clientIp: who.clientIp,
        userId: who.userId,
      })
      .returning({ id: smsCodes.id });
    // Old rows are of no use after the daily windows; keep the table small.
    await tx.delete(smsCodes).where(lt(smsCodes.createdAt, new Date(since.getTime() - DAY)));
    return { id: inserted.id, superseded: superseded.map((r) => r.id) };
  });

  const minutes = CODE_RULES.ttlMs / MINUTE;
  const message = { phone, purpose, code, text: TEXTS[purpose](code), minutes, sentAt: now };
  try {
    await askOutside(SMS_SYSTEM, (signal) => deps.smsSender.send(message, deps.log, signal), {
      timeoutMs: SMS_TIMEOUT_MS,
      passThrough: (error) => error instanceof SmsSendError,
    });
  } catch (error) {
    // Not sent: the code row goes and the codes it replaced work again, so nothing has changed (and the
    // patient may ask again at once).
    await deps.db.transaction(async (tx) => {
      await tx.delete(smsCodes).where(eq(smsCodes.id, issued.id));
      if (issued.superseded.length > 0) {
        await tx
          .update(smsCodes)
          .set({ supersededAt: null })
          .where(and(inArray(smsCodes.id, issued.superseded), eq(smsCodes.supersededAt, now)));
      }
    });
    const sms = { to: maskPhone(phone), purpose };
    if (!(error instanceof SmsSendError)) {
      deps.log.error({ err: safeError(error), sms }, '短信发送失败');
      throw error;
    }
    const detail = {
      sms,
      failure: error.failure,
      platformCode: error.platformCode,
      requestId: error.requestId,
    };
    if (error.failure === 'configuration' || error.failure === 'unavailable') {
      // For the operator: the platform's code says what to fix (sign, template, keys, balance).
      deps.log.error(
        { ...detail, reason: error.message },
        '短信平台拒绝发送：请检查短信签名、模板、密钥或余额',
      );
    } else {
      deps.log.warn(detail, '短信平台拒绝发送');
    }
    throw refusalOf(error);
  }
  return { resendAfterSeconds: CODE_RULES.resendAfterMs / SECOND };
}

const invalidCode = () => businessError(400, '验证码已失效', '验证码已失效，请重新获取');

/**
 * Checks a code and consumes it. Only the newest code of the phone and purpose counts; it is
 * single-use, expires after 5 minutes and dies after 5 wrong tries. A contact-phone or identity code
 * counts only for the account that asked for it (`userId`), and only with the `subject` it was sent for.
 */
export async function verifyCode(
  deps: Pick<CodeDeps, 'db' | 'clock' | 'secret'>,
  phone: string,
  purpose: SmsPurpose,
  code: string,
  userId: number | null = null,
  subject = '',
): Promise<void> {
  const now = deps.clock.now();
  if (ACCOUNT_PURPOSES.includes(purpose) && userId === null)
    throw new Error(`${purpose} 验证码必须属于某个账号`);
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
  if (
    !row ||
    row.expiresAt.getTime() <= now.getTime() ||
    row.attempts >= CODE_RULES.maxAttempts ||
    (ACCOUNT_PURPOSES.includes(purpose) && row.userId !== userId)
  ) {
    throw invalidCode();
  }
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(hashCode(deps.secret, phone, purpose, code, subject), 'hex');
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

/** Who is asking for an SMS code: the client address (see TRUST_PROXY) and the account, if logged in. */
export function requesterOf(ctx: RequestContext): Requester {
  return { clientIp: clientKey(ctx.request.ip), userId: ctx.user?.id ?? null };
}
