import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MINUTE, SECOND } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import type { AppDeps } from '../../platform/http/context.ts';
import {
  escapeHtml,
  htmlPage,
  isSafeReturnPath,
  pageUserId,
  sendHtml,
} from '../../platform/http/html-page.ts';
import { PaymentProviderError } from './providers/provider.ts';
import { payers } from './tables.ts';

/**
 * The payer's identity at a provider, for JSAPI payments (see providers/payer-auth.ts). js_pay answers
 * `authorize.url` (this prefix + `/:provider/authorize?returnPath=…`) when it does not know the payer yet; the
 * page sends the patient to the provider's silent authorisation, which comes back to `/:provider/callback` with a
 * one-time code; the id is kept for the user and the patient goes back to `returnPath` to pay.
 *
 * The round trip is bound to the browser that started it: `state` is a random nonce whose HMAC, with the
 * return path and an expiry, sits in an httpOnly cookie scoped to this prefix; the callback also needs the same
 * logged-in user. A code from someone else's round trip, an old one or a replayed one changes nothing.
 */
export const PAYER_PREFIX = '/hospital-service/v1/payments/payer';

const COOKIE = 'PAYER_AUTH';
const ROUND_TRIP_MS = 10 * MINUTE;

/** The same-site path that starts identifying the payer at `provider`, then returns to `returnPath`. */
export const payerAuthorizePath = (provider: string, returnPath: string): string =>
  `${PAYER_PREFIX}/${provider}/authorize?returnPath=${encodeURIComponent(returnPath)}`;

/** The user's payer id at the provider's app, or null. */
export async function payerOf(
  db: DbOrTx,
  userId: number,
  provider: string,
  appId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ payerId: payers.payerId })
    .from(payers)
    .where(and(eq(payers.userId, userId), eq(payers.provider, provider), eq(payers.appId, appId)))
    .limit(1);
  return row?.payerId ?? null;
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url').toString('utf8');

/** `nonce.user.expiry.returnPath(b64url).mac`: what the callback checks. */
function sealRoundTrip(secret: Buffer, nonce: string, userId: number, expires: number, path: string) {
  const body = `${nonce}.${userId}.${expires}.${b64(path)}`;
  return `${body}.${createHmac('sha256', secret).update(`payer|${body}`).digest('base64url')}`;
}

function openRoundTrip(secret: Buffer, sealed: string | undefined) {
  const parts = sealed?.split('.') ?? [];
  if (parts.length !== 5) return null;
  const [nonce, user, expires, path, mac] = parts;
  const body = `${nonce}.${user}.${expires}.${path}`;
  const expected = createHmac('sha256', secret).update(`payer|${body}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { nonce, userId: Number(user), expires: Number(expires), returnPath: unb64(path) };
}

const page = (reply: FastifyReply, status: number, text: string, back = '/') =>
  sendHtml(
    reply,
    status,
    htmlPage(
      '支付授权',
      `<div class="card"><p>${escapeHtml(text)}</p></div><a href="${escapeHtml(back)}">返回</a>`,
    ),
  );

const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

export function registerPayerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const cookiePath = PAYER_PREFIX;
  const secure = deps.production;

  app.get<{ Params: { provider: string } }>(`${PAYER_PREFIX}/:provider/authorize`, async (request, reply) => {
    const returnPath = queryOf(request).returnPath;
    if (!isSafeReturnPath(returnPath))
      return page(reply, 400, '返回地址不正确，请回到医院应用重新发起支付。');
    const auth = deps.paymentProviders.byName(request.params.provider)?.payerAuth;
    const base = deps.paymentProviders.publicBaseUrl;
    if (!auth || !base) return page(reply, 404, '该支付方式未开通，请换一种支付方式。', returnPath);
    const userId = await pageUserId(deps, request);
    if (userId === null) return page(reply, 401, '登录已失效，请重新登录后再支付。', returnPath);
    const nonce = randomBytes(16).toString('hex');
    const expires = deps.clock.now().getTime() + ROUND_TRIP_MS;
    reply.setCookie(COOKIE, sealRoundTrip(deps.secret, nonce, userId, expires, returnPath), {
      httpOnly: true,
      sameSite: 'lax',
      path: cookiePath,
      secure,
      maxAge: ROUND_TRIP_MS / SECOND,
    });
    const callback = `${base}${PAYER_PREFIX}/${request.params.provider}/callback`;
    return reply.header('cache-control', 'no-store').redirect(auth.authorizeUrl(callback, nonce), 302);
  });

  app.get<{ Params: { provider: string } }>(`${PAYER_PREFIX}/:provider/callback`, async (request, reply) => {
    const provider = deps.paymentProviders.byName(request.params.provider);
    const auth = provider?.payerAuth;
    if (!provider || !auth) return page(reply, 404, '该支付方式未开通，请换一种支付方式。');
    const trip = openRoundTrip(deps.secret, request.cookies?.[COOKIE]);
    reply.clearCookie(COOKIE, { httpOnly: true, sameSite: 'lax', path: cookiePath, secure });
    const query = queryOf(request);
    const code = query[auth.codeParam];
    const fresh =
      trip !== null &&
      query.state === trip.nonce &&
      trip.expires > deps.clock.now().getTime() &&
      isSafeReturnPath(trip.returnPath);
    if (!fresh) return page(reply, 400, '支付授权已失效，请回到医院应用重新发起支付。');
    const back = trip.returnPath;
    const userId = await pageUserId(deps, request);
    if (userId !== trip.userId) return page(reply, 401, '登录已失效，请重新登录后再支付。', back);
    // The patient declined (WeChat answers no code; Alipay no auth_code).
    if (typeof code !== 'string' || !/^[\w-]{1,128}$/.test(code)) {
      return page(reply, 400, '未完成支付授权，请返回后重新发起支付。', back);
    }
    let payerId: string;
    try {
      payerId = await auth.payerOf(code);
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      request.log.warn(
        { provider: provider.name, code: err.code, providerCode: err.providerCode },
        'payer not identified',
      );
      const text =
        err.providerCode === 'SNAPSHOT_USER'
          ? '当前为朋友圈快照页，无法支付。请点击页面底部“使用完整服务”后再支付。'
          : '支付授权未成功，请返回后重新发起支付。';
      return page(reply, 502, text, back);
    }
    await deps.db
      .insert(payers)
      .values({ userId, provider: provider.name, appId: auth.appId, payerId })
      .onConflictDoUpdate({
        target: [payers.userId, payers.provider, payers.appId],
        set: { payerId },
      });
    request.log.info({ provider: provider.name }, 'payer identified');
    return reply.header('cache-control', 'no-store').redirect(back, 303);
  });
}
