import { CHANNEL_HEADER } from '@patient/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

/**
 * Cross-site requests. The session cookie is SameSite=Lax, which still goes along with a top-level GET
 * navigation from another site — and five state-changing calls of the spec are GETs (updateDefaultContact,
 * /phone/sms, /contact/phone, and the companion card's cancelApplying and cancellationChaperonage). So every
 * call of the apps must carry the channel header, which api-client always sends and which no other site can
 * make a browser send (a link or form cannot set headers; a script needs a CORS preflight, and the service
 * grants none), and a browser that says the request comes from another site (`Sec-Fetch-Site: cross-site`) is
 * refused outright.
 */

const CHANNEL = CHANNEL_HEADER.toLowerCase();
const CHANNEL_VALUE = /^[A-Za-z0-9_-]{1,64}$/;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

const refused = (subMsg: string): ApiError =>
  new ApiError(403, { state: 403, msg: '请求来源不被允许', subMsg, subCode: null, results: null });

/** Why a call of the apps is refused (HTTP 403), or null when it may go on. */
export function appCallRefusal(request: FastifyRequest): ApiError | null {
  if (header(request, 'sec-fetch-site') === 'cross-site') {
    return refused('该请求来自其他网站，已被拒绝。请在医院的公众号、小程序或官方网页中操作');
  }
  const channel = header(request, CHANNEL);
  if (channel === undefined || !CHANNEL_VALUE.test(channel)) {
    return refused(`请求缺少 ${CHANNEL_HEADER} 请求头，已被拒绝。请在医院的公众号、小程序或官方网页中操作`);
  }
  return null;
}

/**
 * For an HTML form of the service's own pages (the sandbox cashier's 确认支付), which cannot send the channel
 * header: the browser must say the form is from the same origin. `Sec-Fetch-Site` (every current browser
 * sends it) must then be `same-origin`; without it, an `Origin` must name the host the request was sent to
 * (`X-Forwarded-Host` from a proxy in front, else `Host`; a page cannot set either). A request with neither
 * header is not from a current browser (the benchmark, curl) and may go on.
 */
export function isSameOriginForm(request: FastifyRequest): boolean {
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const origin = header(request, 'origin');
  if (origin === undefined) return true;
  const host = header(request, 'x-forwarded-host') ?? header(request, 'host');
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false; // `Origin: null` (a sandboxed or opaque origin) or garbage
  }
}
