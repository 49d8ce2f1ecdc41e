import { expect, test } from '@playwright/test';
import { audit, enterMode, failing, report } from '../support/a11y.ts';
import { settled, trackRequests } from '../support/sizes.ts';

// No fade-in while axe measures: a screen half faded in would fail contrast by chance.
test.use({ reducedMotion: 'reduce' });

/**
 * axe-core on the hospital's homepage (its layout, theme and banner), logged out, in normal and elder mode.
 * The default app's routes are checked in every-route.default.spec.ts.
 */
test('the homepage passes axe-core in normal and elder mode', async ({ page }, testInfo) => {
  const inFlight = trackRequests(page);
  await page.goto('/homepage');
  await settled(page, inFlight);
  await expect(page.getByRole('navigation', { name: '全部服务' })).toBeVisible();
  const findings = await audit(page, '/homepage', 'normal');
  await enterMode(page, 'elder');
  findings.push(...(await audit(page, '/homepage', 'elder')));
  await testInfo.attach('axe findings', { body: report(findings) });
  console.log(`${testInfo.project.name}: ${report(findings).split('\n')[0]}`);
  expect(failing(findings), report(failing(findings))).toEqual([]);
});
