/**
 * `pnpm check:floor [dist]` (turbo task, after the default app's build): checks every built JS file and the
 * inline scripts of index.html against the browser floor (floor-check.ts). Exits 1 on any finding.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { floorBrowsers, floorBuildTargets, REPO_ROOT } from './browser-floor.ts';
import {
  applyAllowList,
  applyPolyfills,
  checkCode,
  compatIndex,
  type Finding,
  floorForCompatData,
} from './floor-check.ts';

const dist = join(REPO_ROOT, process.argv[2] ?? 'apps/default/dist');

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(join(dir, e.name)) : /\.[cm]?js$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const browsers = floorBrowsers();
const index = compatIndex(floorForCompatData(browsers));
const files = jsFiles(dist);
if (files.length === 0) throw new Error(`${dist}: no built JS (build the app first)`);

let found: Finding[] = [];
for (const file of files) found.push(...checkCode(readFileSync(file, 'utf8'), relative(dist, file), index));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
for (const [i, [, attrs, body]] of [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].entries()) {
  if (/\ssrc=/.test(attrs!) || !body!.trim()) continue;
  found.push(
    ...checkCode(
      body!,
      `index.html#script${i + 1}`,
      index,
      /type="module"/.test(attrs!) ? 'module' : 'script',
    ),
  );
}

const polyfilled = applyPolyfills(found, html, index);
const { findings, stale } = applyAllowList(polyfilled.findings);
found = findings;
stale.unshift(...polyfilled.problems);
const floor = floorBuildTargets(browsers).join(', ');
if (found.length === 0 && stale.length === 0) {
  console.log(
    `browser floor (${floor}): ${files.length} chunks and index.html's inline scripts use nothing above it`,
  );
} else {
  console.error(`browser floor (${floor}): ${found.length} uses above it in ${relative(REPO_ROOT, dist)}`);
  for (const f of found)
    console.error(`  ${f.file}:${f.line}:${f.column}  ${f.api}  — ${f.why}\n      …${f.snippet}…`);
  for (const s of stale) console.error(`  ${s}`);
  process.exitCode = 1;
}
