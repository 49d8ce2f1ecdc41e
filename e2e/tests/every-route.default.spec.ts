import { writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { audit, type Finding, failing, type Mode, report } from '../support/a11y.ts';
import { comingSoon, PEOPLE, routesWithData } from '../support/crawl.ts';
import { type PhonePurpose, phoneFor } from '../support/journeys.ts';
import { ELDER, measureSizes, NORMAL, openScreen, settled, trackRequests } from '../support/sizes.ts';

// No fade-in while the screens are measured: a screen half faded in would fail contrast by chance.
test.use({ reducedMotion: 'reduce' });

/**
 * Every real route of the default app (every spec route whose screen is built, and one of the shell's 即将上线
 * placeholders), visited once per mode with a logged-in patient's real data behind it (a contact and her card, a
 * paid appointment, a booked check-up), and the login screen logged out. On each screen:
 * - axe-core (WCAG 2.1 A/AA and best practices): no moderate, serious or critical violation;
 * - text and tap targets: normal mode text ≥ 12 px and targets ≥ 44×44 px; elder mode (适老化, the MIIT
 *   guideline at a 375 px wide screen, opened by a link's ?elder=1) text ≥ 18 px, headings ≥ 30 px, line height
 *   ≥ 1.3, targets ≥ 60×60 px, no horizontal scrolling.
 * Driven by the route list: a new slice's screens are checked as soon as it provides them.
 */
for (const [mode, purpose, person] of [
  ['normal', 'everyRouteNormal', PEOPLE[0]],
  ['elder', 'everyRouteElder', PEOPLE[1]],
] as [Mode, PhonePurpose, (typeof PEOPLE)[number]][]) {
  test(`every real route in ${mode} mode: axe-core, text and tap-target sizes`, async ({
    page,
    request,
  }, testInfo) => {
    // About 3 minutes on a quiet machine; `--timeout` can give a busy one more.
    test.setTimeout(Math.max(testInfo.timeout, 600_000));
    const limits = mode === 'elder' ? ELDER : NORMAL;
    const inFlight = trackRequests(page);
    const findings: Finding[] = [];
    const offenders: string[] = [];
    const check = async (label: string) => {
      await settled(page, inFlight);
      findings.push(...(await audit(page, label, mode)));
      offenders.push(...(await measureSizes(page, limits)).offenders.map((o) => `${label}: ${o}`));
    };

    // A link opens the app in elder mode; the choice is kept on the device for the rest of the visit.
    await page.goto(mode === 'elder' ? '/login?elder=1' : '/login');
    if (mode === 'elder') await expect(page.locator('html')).toHaveAttribute('data-elder', 'true');
    await check('/login (logged out)');

    const paths = await routesWithData(page, request, phoneFor(testInfo, purpose), person);
    // A fresh document: the contact is loaded as on a real visit.
    await page.goto('/homepage');
    const soon = await comingSoon(page, paths);
    const real = [...paths.filter((p) => !soon.includes(p)), ...soon.slice(0, 1)];
    for (const path of real) {
      await openScreen(page, path);
      await check(path);
    }
    if (mode === 'elder') await expect(page.locator('html')).toHaveAttribute('data-elder', 'true');

    // Dialogs (react-vant's, through their variables) too: the logout confirmation.
    await openScreen(page, '/homepage');
    await page.getByRole('button', { name: '退出登录' }).click();
    const dialog = page.locator('.rv-dialog');
    await expect(dialog).toContainText('确定退出当前账号吗？');
    await check('/homepage (logout dialog)');
    await dialog.getByRole('button', { name: '取消' }).click();

    await testInfo.attach('axe findings', { body: report(findings) });
    await writeFile(testInfo.outputPath('axe.json'), JSON.stringify(findings, null, 1));
    console.log(`${mode}: ${real.length + 2} screens; ${report(findings).split('\n')[0]}`);
    expect(real.length, 'real routes found').toBeGreaterThan(40);
    expect(failing(findings), report(failing(findings))).toEqual([]);
    expect(offenders, `${offenders.length} size offenders`).toEqual([]);
  });
}
