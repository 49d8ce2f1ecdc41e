import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import routes from '../../packages/app-shell/src/spec-routes.json' with { type: 'json' };

/** The axe-core rule sets the suite checks: WCAG 2.1 A and AA, and Deque's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Impacts that fail the check: serious and critical, and moderate too, where the page structure rules are
 * (one main landmark, one h1, all content in landmarks, heading order, zoom): a screen is born with them.
 */
export const FAILING_IMPACTS = new Set(['moderate', 'serious', 'critical']);

/** One rule broken by one or more elements of one screen. */
export interface Finding {
  rule: string;
  impact: string;
  page: string;
  mode: Mode;
  help: string;
  targets: string[];
}

/** Normal, or elder mode (适老化: larger text and targets). */
export type Mode = 'normal' | 'elder';

/**
 * Runs axe-core on the page as it is now. Resolves to every violation, whatever its impact ({@link failing}
 * picks what fails).
 */
export async function audit(page: Page, label: string, mode: Mode): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    page: label,
    mode,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
}

export const failing = (findings: Finding[]) => findings.filter((f) => FAILING_IMPACTS.has(f.impact));

/** Findings as the failure message: one line per rule and page, with its elements. */
export function report(findings: Finding[]): string {
  const byRule = new Map<string, number>();
  for (const f of findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + f.targets.length);
  const summary = [...byRule].map(([rule, count]) => `${rule}: ${count}`).join(', ');
  const lines = findings.map(
    (f) => `[${f.impact}] ${f.rule} on ${f.page} (${f.mode}): ${f.help}\n    ${f.targets.join('\n    ')}`,
  );
  return `${findings.length} violations (elements by rule: ${summary})\n${lines.join('\n')}`;
}

/**
 * Switches the page to a mode. Elder mode is the document attribute the ui-kit's styles key on
 * (html[data-elder="true"]); it outlives in-app navigation.
 */
export async function enterMode(page: Page, mode: Mode): Promise<void> {
  await page.evaluate((elder) => {
    if (elder) document.documentElement.dataset.elder = 'true';
    else delete document.documentElement.dataset.elder;
  }, mode === 'elder');
}

/** Navigates in-app (the router follows history), as a link in the app would. */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits until the screen has rendered and its data has arrived: no boot placeholder, no spinner (lazy code,
 * contacts, the screen's own calls). A screen that keeps a spinner (a payment being confirmed) is audited as
 * it is after a few seconds.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('#root .boot')).toHaveCount(0);
  await expect(page.locator('#root')).toContainText(/\S/);
  await page
    .locator('.pk-inline-loading')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}

/** The screens the shell shows for spec routes whose feature is not built yet (ShellMessage kind). */
export const PLACEHOLDER = '[data-shell-message="coming-soon"]';

/** Every route of the specification, in its order (the shell's route table covers all of them). */
export const SPEC_PATHS: string[] = routes.map((r) => r.path);
