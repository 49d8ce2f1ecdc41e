import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_AUTH_PAGE } from '../../domains/insurance/simulated-centre.ts';
import { PAYER_PREFIX } from '../../domains/payments/payer-routes.ts';
import { CASHIER_PREFIX, REFUND_DESK } from '../../domains/payments/sandbox-cashier.ts';
import { SIMULATED_AUTHORIZE_PATH } from '../../domains/staff/corp-directory.ts';
import { type Answer, startServer, type TestServer } from '../../test/harness.ts';
import { inlineBlocks } from './security-headers.ts';

/** Security headers on every answer, and the CSP of each HTML page allowing exactly what the page holds. */
let production: TestServer;
let development: TestServer;

beforeAll(async () => {
  [production, development] = await Promise.all([startServer({ production: true }), startServer()]);
});
afterAll(async () => {
  await production?.close();
  await development?.close();
});

const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
const HSTS = 'max-age=31536000; includeSubDomains';

function expectBaseHeaders(answer: Answer, hsts: boolean, label: string) {
  for (const [name, value] of Object.entries(BASE_HEADERS)) {
    expect(answer.headers.get(name), `${label}: ${name}`).toBe(value);
  }
  expect(answer.headers.get('strict-transport-security'), label).toBe(hsts ? HSTS : null);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page's CSP allows each of its inline scripts and styles by hash, and nothing inline besides. */
function expectPageCsp(answer: Answer, label: string) {
  expect(answer.headers.get('content-type'), label).toMatch(/^text\/html/);
  const csp = answer.headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('default-src'), label).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(csp, label).not.toContain('unsafe-inline');
  const scripts = inlineBlocks(answer.text, 'script');
  const styles = inlineBlocks(answer.text, 'style');
  expect(styles.length, label).toBeGreaterThan(0);
  for (const script of scripts) expect(directives.get('script-src') ?? [], label).toContain(sha256(script));
  for (const style of styles) expect(directives.get('style-src') ?? [], label).toContain(sha256(style));
  // Inline attributes would need 'unsafe-inline' / 'unsafe-hashes': a page has none.
  expect(answer.text, label).not.toMatch(/\sstyle=|\son[a-z]+=|javascript:/i);
  // Only what the page holds: no script source at all when it has no script.
  if (scripts.length === 0) expect(directives.has('script-src'), label).toBe(false);
}

describe('security headers in production', () => {
  it('on JSON answers: HSTS, nosniff, DENY, the referrer policy and a CSP that loads nothing', async () => {
    const client = production.client();
    const answers: [string, Answer][] = [
      ['healthz', await client.call('GET', '/healthz')],
      ['a call', await client.get('/v1/auth/session')],
      ['an input error', await client.post('/v1/auth/sendCode', { phone: 'x' })],
      ['not logged in', await client.get('/contacts')],
      ['an unknown route', await client.call('GET', '/hospital-service/nope')],
      ['no channel header', await production.client(null).post('/v1/auth/sendCode', { phone: 'x' })],
      ['openapi', await client.call('GET', '/openapi.json')],
    ];
    for (const [label, answer] of answers) {
      expect(answer.headers.get('content-type'), label).toMatch(/^application\/json/);
      expectBaseHeaders(answer, true, label);
      expect(answer.headers.get('content-security-policy'), label).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  it('on /docs and on the payer page: the base set and a CSP fitting the page', async () => {
    const client = production.client(null);
    const docs = await client.call('GET', '/docs');
    expect(docs.status).toBe(200);
    expectBaseHeaders(docs, true, 'docs');
    expectPageCsp(docs, 'docs');
    const payer = await client.call('GET', `${PAYER_PREFIX}/wechat-pay/authorize`);
    expect(payer.status).toBe(400);
    expectBaseHeaders(payer, true, 'payer page');
    expectPageCsp(payer, 'payer page');
  });
});

describe('security headers in development', () => {
  it('the same set without HSTS (plain HTTP on loopback)', async () => {
    const answer = await development.client().call('GET', '/healthz');
    expectBaseHeaders(answer, false, 'healthz');
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('every development page (cashier, refund desk, insurance and staff authorisation) fits its CSP', async () => {
    const alice = await development.login('13700005001');
    const pages: [string, string][] = [
      ['cashier, unknown payment', `${CASHIER_PREFIX}/1?returnPath=/x`],
      ['refund desk', REFUND_DESK],
      ['insurance authorisation, bad request', SIM_AUTH_PAGE],
      [
        'staff authorisation',
        `${SIMULATED_AUTHORIZE_PATH}?hospitalId=1000&redirect_uri=/bedReservation/nurse/index&state=teststate01`,
      ],
    ];
    for (const [label, path] of pages) {
      const answer = await alice.call('GET', path);
      expectBaseHeaders(answer, false, label);
      expectPageCsp(answer, label);
    }
  });
});
