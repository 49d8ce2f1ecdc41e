import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** HTTPS only for a year, subdomains included (production; the apps' nginx sends the same behind TLS). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The policy of every JSON answer: it loads nothing and is never framed. */
export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers of every answer of the service (HSTS only in production). */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    // None of the service's pages is meant to be framed (the cashier and authorisation pages are whole pages).
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(production ? { 'strict-transport-security': HSTS } : {}),
  };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The contents of every inline `<tag>…</tag>` of `html`. */
export function inlineBlocks(html: string, tag: 'script' | 'style'): string[] {
  const blocks: string[] = [];
  const pattern = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi');
  for (const match of html.matchAll(pattern)) blocks.push(match[1]);
  return blocks;
}

/**
 * The Content-Security-Policy of one of the service's HTML pages: nothing loads but its own inline styles and
 * scripts, allowed by their sha256 (no 'unsafe-inline'); forms post to this origin only; never framed.
 */
export function pageCsp(html: string): string {
  const scripts = inlineBlocks(html, 'script').map(sha256);
  const styles = inlineBlocks(html, 'style').map(sha256);
  return [
    "default-src 'none'",
    ...(scripts.length > 0 ? [`script-src ${scripts.join(' ')}`] : []),
    ...(styles.length > 0 ? [`style-src ${styles.join(' ')}`] : []),
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Puts {@link securityHeaders} on every answer — on the raw response, so that answers written outside Fastify's
 * reply (the queue's event stream) carry them too — and {@link JSON_CSP} on JSON answers without a policy of
 * their own (the HTML pages set theirs with {@link pageCsp}).
 */
export function registerSecurityHeaders(app: FastifyInstance, production: boolean): void {
  const headers = Object.entries(securityHeaders(production));
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!reply.hasHeader('content-security-policy') && type.startsWith('application/json')) {
      reply.header('content-security-policy', JSON_CSP);
    }
    return payload;
  });
}
