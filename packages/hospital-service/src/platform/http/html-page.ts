import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokensOf } from '../auth/session-cookie.ts';
import { lookupSession } from '../auth/sessions.ts';
import type { AppDeps } from './context.ts';
import { pageCsp } from './security-headers.ts';

/**
 * The service's few HTML pages (the development stand-ins of outside systems' pages: the sandbox cashier, the
 * simulated insurance authorisation): one escaped, script-free, phone-sized page style.
 */

/** Same-origin paths only: '/x' yes, '//host' (another site) no — where a page may send the patient back to. */
export const isSafeReturnPath = (path: unknown): path is string =>
  typeof path === 'string' &&
  /^\/[A-Za-z0-9/_\-?=&%.]*$/.test(path) &&
  !path.startsWith('//') &&
  path.length <= 300;

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"'`]/g,
    (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[c] as string,
  );

/** A whole page around `body` (already escaped HTML). */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font:15px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f7;color:#222}
main{max-width:480px;margin:0 auto;padding:16px}
h1{font-size:20px;text-align:center;margin:8px 0 16px}
.card{background:#fff;border-radius:8px;padding:16px;margin-bottom:12px}
.amount{font-size:32px;font-weight:600;text-align:center;margin:8px 0 0}
.capital{text-align:center;color:#666;margin:0 0 8px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0}
dt{color:#666}dd{margin:0;text-align:right}
button{width:100%;min-height:48px;padding:12px;border:0;border-radius:8px;background:#07c160;color:#fff;font-size:17px}
a{display:block;text-align:center;margin-top:16px;padding:12px;color:#576b95}
.note{color:#666;font-size:13px;text-align:center}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** Sends a page: never cached, only its own inline style (by hash), forms only to this origin, never framed. */
export function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', pageCsp(html))
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The logged-in user of a page request (its session cookie), or null. */
export async function pageUserId(deps: Pick<AppDeps, 'db' | 'clock'>, request: FastifyRequest) {
  for (const { token } of tokensOf(request)) {
    const found = await lookupSession(deps.db, deps.clock, token);
    if (found.kind === 'ok') return found.user.id;
  }
  return null;
}
