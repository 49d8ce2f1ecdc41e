import { expect, test } from '@playwright/test';
import routes from '../../packages/app-shell/src/spec-routes.json' with { type: 'json' };
import { configOf, offlineRoutesOf } from '../support/hospitals.ts';
import { hospitalOf, logIn, phoneFor, staffSignedIn } from '../support/journeys.ts';

/** Fills a route pattern with harmless sample values. */
const sample = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => (/name/i.test(name) ? '张三' : '1'));

test('every spec route opens, in-app, without an error', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const config = await configOf(hospitalOf(testInfo));
  const offline = await offlineRoutesOf(request, config);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await logIn(page, request, phoneFor(testInfo, 'everyRoute'));
  // The nurse side's routes are opened signed in as staff (a ward nurse of this hospital) as well.
  if (config.id) await staffSignedIn(page.request, 'LiHong', config.id);

  for (const route of routes) {
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
