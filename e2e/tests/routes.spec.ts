import { BOOKING_ROUTES } from '@patient/hospital-config';
import { expect, test } from '@playwright/test';
import routes from '../../packages/app-shell/src/spec-routes.json' with { type: 'json' };
import { configOf, offlineRoutesOf } from '../support/hospitals.ts';
import { hospitalOf, logIn, phoneFor, staffSignedIn } from '../support/journeys.ts';

/** Fills a route pattern with harmless sample values. */
const sample = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => (/name/i.test(name) ? '张三' : '1'));

/** Whether a concrete path (a link's href) is an instance of a route pattern. */
const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(path.split(/[?#]/)[0]);

/**
 * The default app opens every spec route. Another hospital's app is the same code with another config and
 * another hospital's data, so it opens where it differs: its homepage and every route its homepage links to
 * (its layout, its services), every route it or its service switches off (the offline screen), and the
 * booking routes (pre-check-in, booking at the windows only, its departments and doctors).
 */
test('every spec route opens, in-app, without an error', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const key = hospitalOf(testInfo);
  const config = await configOf(key);
  const offline = await offlineRoutesOf(request, config);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await logIn(page, request, phoneFor(testInfo, 'everyRoute'));
  // The nurse side's routes are opened signed in as staff (a ward nurse of this hospital) as well.
  if (config.id) await staffSignedIn(page.request, 'LiHong', config.id);

  let visited = routes;
  if (key !== 'default') {
    await page.goto('/homepage');
    await expect(page.getByRole('navigation', { name: '全部服务' })).toBeVisible();
    const links = await page
      .locator('#root a[href^="/"]')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    const differs = (pattern: string) =>
      pattern === '/' ||
      pattern === '/homepage' ||
      offline.includes(pattern) ||
      (BOOKING_ROUTES as readonly string[]).includes(pattern) ||
      links.some((link) => matches(pattern, link));
    visited = routes.filter((route) => differs(route.path));
    expect(visited.length, 'routes where this hospital differs').toBeGreaterThan(BOOKING_ROUTES.length);
  }

  for (const route of visited) {
    const path = sample(route.path);
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    if (offline.includes(route.path)) {
      await expect(page, route.path).toHaveURL(/\/404$/);
    } else if (route.path === '/') {
      await expect(page, route.path).toHaveURL(/\/homepage$/);
    } else {
      // A screen rendered: its own content, an empty state or a clear message — not the boot placeholder nor
      // the homepage written into index.html.
      await expect(page.locator('#root .boot, #root[data-prerendered]'), route.path).toHaveCount(0);
      await expect(page.locator('#root'), route.path).toContainText(/\S/);
    }
    await expect(page, route.path).toHaveTitle(/\S/);
  }
  expect(errors).toEqual([]);
});
