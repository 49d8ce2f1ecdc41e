import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The axe-core that @axe-core/playwright depends on (not a second copy). */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

/**
 * What AxeBuilder evaluates as "the axe source" once {@link audit} has put axe-core into every frame: nothing. By
 * default it sends the 550 KB source twice per call and opens a blank page to merge the frames' results (about
 * 1.7 s a screen here, against 0.1 s for the analysis itself); an in-app crawl keeps one document, so axe-core is
 * loaded once per document instead.
 */
const AXE_ALREADY_LOADED = 'void 0';

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
  for (const frame of page.frames()) {
    if (!(await frame.evaluate('Boolean(window.axe)'))) await frame.evaluate(AXE_SOURCE);
  }
  // Legacy mode: axe.run in the page, same-origin frames included (the apps embed no other origin).
  const results = await new AxeBuilder({ page, axeSource: AXE_ALREADY_LOADED })
    .setLegacyMode()
    .withTags(AXE_TAGS)
    .analyze();
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
