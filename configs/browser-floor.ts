import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import browserslist from 'browserslist';

/**
 * The browser floor: the oldest engines the apps run in. Declared once, as the `browserslist` query of the root
 * package.json (why those engines: README.md, 'Browser floor'); the build's syntax target
 * ({@link floorBuildTargets}) and the check of the built chunks (floor-check.ts, `pnpm check:floor`) are
 * derived from it.
 */
export const REPO_ROOT = join(import.meta.dirname, '..');

/** The query as written in the root package.json. Throws when it is missing (browserslist would fall back to its defaults). */
export function floorQuery(): string[] {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { browserslist?: unknown };
  const query = pkg.browserslist;
  if (!Array.isArray(query) || query.length === 0 || !query.every((q) => typeof q === 'string'))
    throw new Error('package.json (root) has no "browserslist" query: the browser floor is declared there');
  return query as string[];
}

/** Every browser version the query selects, as browserslist names them ('ios_saf 12.0-12.1', 'chrome 69', …). */
export function floorBrowsers(): string[] {
  return browserslist(floorQuery(), { path: REPO_ROOT });
}

/**
 * The syntax the floor's engines all parse: ES2019 (optional catch binding, JSON superset: Safari 12, Chrome
 * 66). ES2020's syntax is not in it as a whole (`?.`, `??`: Safari 13.1, Chrome 80), only the parts the check
 * finds in the compatibility data (dynamic `import()`, `import.meta`). The build writes syntax for
 * {@link floorBuildTargets}; the check parses every chunk with this `ecmaVersion`.
 */
export const FLOOR_ES_YEAR = 2019;

/** Oldest version per browserslist family ('12.0-12.1' counts as 12.0). */
export function floorMinimums(browsers: string[] = floorBrowsers()): Map<string, string> {
  const min = new Map<string, string>();
  for (const entry of browsers) {
    const [family, range] = entry.split(' ') as [string, string];
    const version = range.split('-')[0]!;
    const known = min.get(family);
    if (known === undefined || compareVersions(version, known) < 0) min.set(family, version);
  }
  return min;
}

/** browserslist family → the name esbuild / Rolldown (Oxc) give the engine in `build.target`. */
const BUILD_TARGET_ENGINES: Record<string, string> = {
  chrome: 'chrome',
  and_chr: 'chrome',
  android: 'chrome',
  safari: 'safari',
  ios_saf: 'ios',
};

/**
 * Vite's `build.target` for the floor: `es<year>` and the oldest version of each engine the query selects, e.g.
 * `['es2019', 'chrome69', 'ios12']`. Throws on a family it cannot name, so a new query is never ignored.
 */
export function floorBuildTargets(browsers: string[] = floorBrowsers()): string[] {
  const targets = new Set<string>([`es${FLOOR_ES_YEAR}`]);
  for (const [family, version] of floorMinimums(browsers)) {
    const engine = BUILD_TARGET_ENGINES[family];
    if (!engine) throw new Error(`browser floor: no build target for browserslist family "${family}"`);
    targets.add(`${engine}${version.replace(/\.0$/, '')}`);
  }
  return [...targets];
}

/** -1, 0 or 1 for dotted versions ('12.2' < '15.4', '69' < '73'). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/**
 * What the floor lacks and a dependency needs, supplied before any module runs: an inline classic script first
 * in index.html's head (vite.app.ts `floorPolyfills`), so it also precedes the libraries' module-level code
 * (immer reads `globalThis.Iterator` when its chunk is evaluated). Keyed by the name the floor check reports;
 * the check takes these as present and fails when the floor has one of them by itself (then drop it).
 * - `globalThis` (Chrome 71, iOS 12.2): immer at module level, and app-state.
 * - `queueMicrotask` (Chrome 71, iOS 12.2): uPlot (the lab trend chart).
 * - `Object.fromEntries` (Chrome 73, iOS 12.2): four of our screens (questionnaires, health forms).
 * Our own code replaces rather than polyfills where the uses are few (`.at(-1)`, `Object.hasOwn`).
 * ES5 only: it runs where nothing else is known to.
 */
export const FLOOR_POLYFILLS: Record<string, string> = {
  globalThis: 'if(typeof globalThis=="undefined")window.globalThis=window;',
  queueMicrotask:
    'if(typeof queueMicrotask!="function")window.queueMicrotask=function(f){Promise.resolve().then(f)' +
    '.catch(function(e){setTimeout(function(){throw e})})};',
  'Object.fromEntries':
    'if(!Object.fromEntries)Object.fromEntries=function(l){var o={};Array.from(l,function(e){' +
    'Object.defineProperty(o,e[0],{value:e[1],writable:!0,enumerable:!0,configurable:!0})});return o};',
};

/** The inline script of {@link FLOOR_POLYFILLS}. */
export const floorPolyfillScript = (): string => Object.values(FLOOR_POLYFILLS).join('');
