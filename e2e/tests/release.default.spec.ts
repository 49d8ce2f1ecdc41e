import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { releaseArtifact, releaseSettings } from '../../scripts/release/lib/release.mjs';
import { switchRelease } from '../../scripts/release/lib/switch.mjs';
import { headCommit } from '../../scripts/release/lib/workspace.mjs';
import { CLOCK_START, PORT_BASE, SERVICE_PORT } from '../support/env.ts';
import { bookedAppointment, patientLoggedIn } from '../support/journeys.ts';
import { BROTLI_MODULE, localServerBlock, startNginx } from '../support/nginx.ts';

/**
 * The default hospital's release artifact (scripts/release: the built dist with its precompressed copies, the
 * generated nginx.conf) served by Debian's nginx with that configuration — only made local: plain HTTP on a free
 * port, the temporary releases folder, the suite's service — through the `current` symlink the release switches.
 * The app starts, logs in and books with no Content-Security-Policy violation.
 */
const NGINX_PORT = PORT_BASE + 98;
const ORIGIN = `http://127.0.0.1:${NGINX_PORT}`;
let dir: string;
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), 'release-e2e-'));
  chmodSync(dir, 0o755); // nginx's workers run as nobody when the suite runs as root
  const releasesRoot = join(dir, 'releases');
  const artifact = await releaseArtifact({ key: 'default', ...headCommit(), releaseDir: releasesRoot });
  switchRelease({ key: 'default', version: artifact.version, root: releasesRoot });
  const conf = readFileSync(join(artifact.versionDir, 'nginx.conf'), 'utf8');
  const block = localServerBlock(conf, {
    port: NGINX_PORT,
    serverRoot: releaseSettings().serverRoot,
    releasesRoot,
    upstream: `127.0.0.1:${SERVICE_PORT}`,
    brotli: existsSync(BROTLI_MODULE),
  });
  nginx = await startNginx(join(dir, 'nginx'), block, ORIGIN);
});

test.afterAll(() => {
  nginx?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('release behind nginx: headers, precompressed files, log in and book without CSP violations', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });

  // index.html: revalidated, with the security headers; a deep link falls back to it.
  const index = await request.get(`${ORIGIN}/login`);
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control']).toBe('no-cache');
  expect(index.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(index.headers()['x-content-type-options']).toBe('nosniff');
  expect(index.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The libraries' chunk (large: its .gz and .br copies exist).
  const assetPath = /"(\/assets\/vendor-[^"]+\.js)"/.exec(await index.text())![1];
  // Hashed assets: immutable, served from the precompressed copies.
  for (const encoding of existsSync(BROTLI_MODULE) ? ['gzip', 'br'] : ['gzip']) {
    const compressed = await request.get(`${ORIGIN}${assetPath}`, {
      headers: { 'accept-encoding': encoding },
    });
    expect(compressed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(compressed.headers()['content-encoding']).toBe(encoding);
  }
  expect((await request.get(`${ORIGIN}/assets/missing-0000.js`)).status()).toBe(404);

  // Starts (the prerendered homepage, hydrated), logs in and books through the proxied service.
  await page.goto('/');
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  const patient = await patientLoggedIn(page, request, testInfo, 'releaseJourney');
  const orderId = await bookedAppointment(page, patient, '1000', CLOCK_START.slice(0, 10));
  await expect(page).toHaveURL(new RegExp(`/appointmentDetail/${orderId}$`));
  await expect(page.getByText('已预约').first()).toBeVisible();
  expect(violations, nginx?.log()).toEqual([]);
});
