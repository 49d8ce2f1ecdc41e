import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECOND } from '../clock.ts';
import { TOKEN_PATTERN } from './sessions.ts';

/** The httpOnly session cookie the service sets. */
export const SESSION_COOKIE = 'SESSION';
/** Cookie (set by the app, not httpOnly) and query parameter carrying a session key (001 §1). */
export const SESSION_KEY = 'sessionKey';

/** Session tokens a request carries, best first: SESSION cookie, sessionKey cookie, ?sessionKey=. */
export function tokensOf(request: FastifyRequest): { token: string; source: 'cookie' | 'sessionKey' }[] {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const candidates: { token: unknown; source: 'cookie' | 'sessionKey' }[] = [
    { token: request.cookies?.[SESSION_COOKIE], source: 'cookie' },
    { token: request.cookies?.[SESSION_KEY], source: 'sessionKey' },
    { token: query[SESSION_KEY], source: 'sessionKey' },
  ];
  const seen = new Set<string>();
  const out: { token: string; source: 'cookie' | 'sessionKey' }[] = [];
  for (const { token, source } of candidates) {
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token) || seen.has(token)) continue;
    seen.add(token);
    out.push({ token, source });
  }
  return out;
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  now: Date,
  secure: boolean,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / SECOND)),
  });
}

/** Removes both the SESSION cookie and the app's sessionKey cookie. */
export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
  reply.clearCookie(SESSION_KEY, { sameSite: 'lax', path: '/', secure });
}
