import { writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  audit,
  enterMode,
  type Finding,
  failing,
  goInApp,
  type Mode,
  PLACEHOLDER,
  report,
  SPEC_PATHS,
  settled,
} from '../support/a11y.ts';
import { configOf } from '../support/hospitals.ts';
import { hospitalOf, logIn, patientWithCard, phoneFor } from '../support/journeys.ts';

// No fade-in while axe measures: a screen half faded in would fail contrast by chance.
test.use({ reducedMotion: 'reduce' });

const NAME = '周淑芬';
const ID_CARD = '110105195206181229';

/**
 * axe-core on every real route of the default app (every spec route whose screen is built: not offline, not
 * the shell's 即将上线 placeholder, which is audited once), logged in with a contact and her card so that the
 * screens show content, and on the login screen. Driven by the route list: a new slice's screens are checked
 * as soon as it provides them. Fails on any serious or critical violation.
 */
for (const [purpose, mode] of [
  [10, 'normal'],
  [11, 'elder'],
] as [number, Mode][]) {
  test(`every real route passes axe-core in ${mode} mode`, async ({ page, request }, testInfo) => {
    // About 2 minutes on a quiet machine; `--timeout` can give a busy one more.
    test.setTimeout(Math.max(testInfo.timeout, 900_000));
    const config = await configOf(hospitalOf(testInfo));
    const phone = phoneFor(testInfo, purpose);
    const findings: Finding[] = [];

    await page.goto('/login');
    await enterMode(page, mode);
    await settled(page);
    findings.push(...(await audit(page, '/login (logged out)', mode)));

    await logIn(page, request, phone);
    const hospitalId = config.id ?? '1000';
    const { contactId, cardId } = await patientWithCard(page, NAME, ID_CARD, phone, hospitalId);
    const values: Record<string, string> = {
      contactId,
      cardId,
      hospitalId,
      identityCard: ID_CARD,
      idCard: ID_CARD,
      patientName: NAME,
      name: NAME,
    };
    const sample = (pattern: string) => pattern.replace(/:(\w+)/g, (_, key: string) => values[key] ?? '1');
    // A fresh document: the contact is loaded like on a real visit, and the mode is set before any screen.
    await page.goto('/homepage');
    await enterMode(page, mode);

    const audited = new Set<string>();
    let placeholders = 0;
    let screens = 1;
    for (const route of SPEC_PATHS.filter((path) => !config.offlineRoutes.includes(path))) {
      await goInApp(page, sample(route));
      await settled(page);
      const { pathname } = new URL(page.url());
      if (audited.has(pathname)) continue;
      audited.add(pathname);
      if ((await page.locator(PLACEHOLDER).count()) > 0 && placeholders++ > 0) continue;
      findings.push(...(await audit(page, route, mode)));
      screens += 1;
    }
    expect(placeholders, 'the shell marks its 即将上线 placeholder').toBeGreaterThan(0);
    if (mode === 'elder') await expect(page.locator('html')).toHaveAttribute('data-elder', 'true');

    await testInfo.attach('axe findings', { body: report(findings) });
    await writeFile(testInfo.outputPath('axe.json'), JSON.stringify(findings, null, 1));
    console.log(`${mode}: ${screens} screens audited; ${report(findings).split('\n')[0]}`);
    expect(failing(findings), report(failing(findings))).toEqual([]);
  });
}
