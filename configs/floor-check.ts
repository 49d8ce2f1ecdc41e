import { createRequire } from 'node:module';
import { type Node, Parser } from 'acorn';
import {
  compareVersions,
  FLOOR_ES_YEAR,
  FLOOR_POLYFILLS,
  floorBrowsers,
  floorPolyfillScript,
} from './browser-floor.ts';

/**
 * The check of built chunks against the browser floor (browser-floor.ts): every chunk must parse as
 * ES{@link FLOOR_ES_YEAR} plus the newer syntax the floor's engines have, and may not use a built-in, a regular
 * expression feature or a global that one of the floor's engines lacks — all according to MDN's
 * browser-compat-data, for the versions the browserslist query selects. Run on the built app by
 * `pnpm check:floor` (check-floor.ts); README.md 'Browser floor' says what it catches and what it cannot.
 */

interface SupportStatement {
  version_added: string | boolean | null;
  version_removed?: string | boolean | null;
  flags?: unknown;
  prefix?: string;
  alternative_name?: string;
}
interface Compat {
  support: Record<string, SupportStatement | SupportStatement[] | undefined>;
  spec_url?: string | string[];
}
interface Feature {
  __compat?: Compat;
  [member: string]: Feature | Compat | undefined;
}
interface Bcd {
  javascript: Record<
    'builtins' | 'operators' | 'statements' | 'regular_expressions',
    Record<string, Feature>
  >;
  api: Record<string, Feature>;
}

const bcd = createRequire(import.meta.url)('@mdn/browser-compat-data') as Bcd;

/**
 * browserslist family → browser-compat-data browser. `chrome` in the query stands for the Chromium-based
 * WebViews the apps open in (the messaging app's XWeb, the payment app's UC kernel, Android's System WebView):
 * their data is `webview_android`.
 */
const BCD_BROWSERS: Record<string, string> = {
  chrome: 'webview_android',
  android: 'webview_android',
  and_chr: 'chrome_android',
  ios_saf: 'safari_ios',
  safari: 'safari',
};

/** One engine version of the floor, in compat-data terms. */
export interface FloorBrowser {
  /** As browserslist names it: 'ios_saf 12.0-12.1'. */
  label: string;
  bcd: string;
  version: string;
}

export function floorForCompatData(browsers: string[] = floorBrowsers()): FloorBrowser[] {
  return browsers.map((label) => {
    const [family, range] = label.split(' ') as [string, string];
    const browser = BCD_BROWSERS[family];
    if (!browser) throw new Error(`browser floor: no compat data for browserslist family "${family}"`);
    return { label, bcd: browser, version: range.split('-')[0]! };
  });
}

const plainVersion = (v: string) => v.replace(/^≤/, '');

/**
 * Whether one engine version has the feature: a statement without flag, prefix or other name, added at or
 * before the version and not removed by it. No data, or 'unknown' (null), counts as present: the check flags
 * only what the data says is missing.
 */
export function hasFeature(compat: Compat, browser: string, version: string): boolean {
  const raw = compat.support[browser];
  if (raw === undefined) return true;
  let unknown = false;
  for (const s of Array.isArray(raw) ? raw : [raw]) {
    if (s.flags || s.prefix || s.alternative_name) continue;
    const added = s.version_added;
    if (added === null) unknown = true;
    if (added === null || added === false || added === 'preview') continue;
    if (added !== true && compareVersions(version, plainVersion(added)) < 0) continue;
    const removed = s.version_removed;
    if (typeof removed === 'string' && compareVersions(version, plainVersion(removed)) >= 0) continue;
    return true;
  }
  return unknown;
}

/** The first version with the feature, per browser of the floor: 'safari_ios 15.4, webview_android 92'. */
function addedIn(compat: Compat, floor: FloorBrowser[]): string {
  const browsers = [...new Set(floor.map((b) => b.bcd))];
  return browsers
    .map((b) => {
      const raw = compat.support[b];
      const first = Array.isArray(raw) ? raw[0] : raw;
      return `${b} ${first?.version_added === false ? 'never' : String(first?.version_added)}`;
    })
    .join(', ');
}

/** Per family, the newest version that lacks it ('ios_saf 15.2-15.3 and older'): browserslist lists newest first. */
function newestMissing(missing: string[]): string {
  const newest = new Map<string, string>();
  for (const label of missing) {
    const family = label.split(' ')[0]!;
    if (!newest.has(family)) newest.set(family, label);
  }
  return [...newest.values()].map((label) => `${label} and older`).join(', ');
}

/** A compat-data entry and whether the whole floor has it. */
interface Entry {
  key: string;
  compat: Compat;
  missing: string[];
}

function entry(key: string, compat: Compat, floor: FloorBrowser[]): Entry {
  const missing = floor.filter((b) => !hasFeature(compat, b.bcd, b.version)).map((b) => b.label);
  return { key, compat, missing };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Static or prototype member of a built-in, by the spec's anchor, else by what Node has. */
function memberKind(global: string, member: string, compat: Compat): 'static' | 'instance' | null {
  if (!IDENTIFIER.test(member) || member === global) return null;
  const spec = [compat.spec_url ?? []].flat().join(' ').toLowerCase();
  if (spec.includes('.prototype.')) return 'instance';
  const ctor = (globalThis as Record<string, unknown>)[global] as
    | { prototype?: object; [k: string]: unknown }
    | undefined;
  if (ctor && Object.hasOwn(ctor, member)) return 'static';
  if (ctor?.prototype && member in ctor.prototype) return 'instance';
  if (spec.includes(`sec-${global.toLowerCase()}.${member.toLowerCase()}`)) return 'static';
  return null;
}

/** The compat data, indexed by what code names: globals, `Global.member`, and `.member` of instances. */
export interface CompatIndex {
  floor: FloorBrowser[];
  globals: Map<string, Entry>;
  statics: Map<string, Entry>;
  /** `.name` → every built-in prototype member of that name (`at` → Array, String, TypedArray …). */
  instances: Map<string, { owner: string; entry: Entry }[]>;
  syntax: (key: string) => Entry;
}

export function compatIndex(floor: FloorBrowser[] = floorForCompatData()): CompatIndex {
  const globals = new Map<string, Entry>();
  const statics = new Map<string, Entry>();
  const instances = new Map<string, { owner: string; entry: Entry }[]>();
  const addInstance = (owner: string, member: string, e: Entry) => {
    const list = instances.get(member) ?? [];
    list.push({ owner, entry: e });
    instances.set(member, list);
  };
  const areas: [string, Record<string, Feature>][] = [
    ['javascript.builtins', bcd.javascript.builtins],
    ['api', bcd.api],
  ];
  for (const [area, features] of areas) {
    for (const [name, feature] of Object.entries(features)) {
      if (!IDENTIFIER.test(name)) continue;
      if (feature.__compat && name !== 'Window')
        globals.set(name, entry(`${area}.${name}`, feature.__compat, floor));
      for (const [member, sub] of Object.entries(feature)) {
        const compat = (sub as Feature | undefined)?.__compat;
        if (member === '__compat' || !compat) continue;
        const key = `${area}.${name}.${member}`;
        // Window's members are globals (requestIdleCallback, structuredClone …).
        if (name === 'Window') {
          if (IDENTIFIER.test(member) && !globals.has(member)) globals.set(member, entry(key, compat, floor));
          continue;
        }
        const kind = memberKind(name, member, compat);
        if (kind === 'static') statics.set(`${name}.${member}`, entry(key, compat, floor));
        // Prototype members of the language's built-ins only: a call on a receiver of unknown type is matched by
        // name, and the thousands of DOM members (`.range()`, `.from()`, `.show()` …) are named like our own.
        else if (kind === 'instance' && area === 'javascript.builtins')
          addInstance(name, member, entry(key, compat, floor));
      }
    }
  }
  const syntax = (key: string) => {
    let node: Feature | undefined = bcd as unknown as Feature;
    for (const part of key.split('.')) node = node?.[part] as Feature | undefined;
    if (!node?.__compat) throw new Error(`browser-compat-data has no ${key}: update floor-check.ts`);
    return entry(key, node.__compat, floor);
  };
  return { floor, globals, statics, instances, syntax };
}

/** A use of something the floor lacks. */
export interface Finding {
  file: string;
  line: number;
  column: number;
  /** What the code uses: 'Object.hasOwn', '.at()', 'structuredClone', 'regexp lookbehind', 'syntax ?.' … */
  api: string;
  /** Compat-data key and where it was added. */
  why: string;
  snippet: string;
}

type AnyNode = Node & Record<string, unknown>;

/** Whether a statement always leaves its block (return, throw, or a block ending in one). */
const exits = (statement: AnyNode): boolean =>
  statement.type === 'ReturnStatement' ||
  statement.type === 'ThrowStatement' ||
  (statement.type === 'BlockStatement' &&
    (statement.body as AnyNode[]).length > 0 &&
    exits((statement.body as AnyNode[])[(statement.body as AnyNode[]).length - 1]!));

const isNode = (v: unknown): v is AnyNode =>
  typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

function children(node: AnyNode): AnyNode[] {
  const out: AnyNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'regex') continue;
    if (Array.isArray(value)) for (const v of value) isNode(v) && out.push(v);
    else if (isNode(value)) out.push(value);
  }
  return out;
}

/** Names bound anywhere in the program (a global of that name may be shadowed: not checked). */
function boundNames(program: AnyNode): Set<string> {
  const names = new Set<string>();
  const pattern = (p: AnyNode | null | undefined): void => {
    if (!p) return;
    if (p.type === 'Identifier') names.add(p.name as string);
    else if (p.type === 'ObjectPattern')
      for (const prop of p.properties as AnyNode[]) pattern((prop.value ?? prop.argument) as AnyNode);
    else if (p.type === 'ArrayPattern') for (const el of p.elements as (AnyNode | null)[]) pattern(el);
    else if (p.type === 'AssignmentPattern') pattern(p.left as AnyNode);
    else if (p.type === 'RestElement') pattern(p.argument as AnyNode);
  };
  const stack = [program];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'VariableDeclarator') pattern(n.id as AnyNode);
    if (/Function/.test(n.type)) {
      pattern(n.id as AnyNode);
      for (const p of n.params as AnyNode[]) pattern(p);
    }
    if (n.type === 'ClassDeclaration' || n.type === 'ClassExpression') pattern(n.id as AnyNode);
    if (n.type === 'CatchClause') pattern(n.param as AnyNode);
    if (/^Import(Default|Namespace)?Specifier$/.test(n.type)) pattern(n.local as AnyNode);
    stack.push(...children(n));
  }
  return names;
}

/** Flags of a regular expression → the compat-data key of each. */
const REGEXP_FLAGS: Record<string, string> = {
  s: 'javascript.builtins.RegExp.dotAll',
  y: 'javascript.builtins.RegExp.sticky',
  u: 'javascript.builtins.RegExp.unicode',
  d: 'javascript.builtins.RegExp.hasIndices',
  v: 'javascript.builtins.RegExp.unicodeSets',
};

/** The syntax of a pattern that compat data lists separately, found outside escapes and character classes. */
export function regexpFeatures(pattern: string, flags: string): string[] {
  const found = new Set<string>();
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1];
      if ((next === 'p' || next === 'P') && /[uv]/.test(flags) && pattern[i + 2] === '{')
        found.add('javascript.regular_expressions.unicode_character_class_escape');
      if (next === 'k' && pattern[i + 2] === '<')
        found.add('javascript.regular_expressions.named_backreference');
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') inClass = true;
    else if (c === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2, i + 4);
      if (rest === '<=' || rest === '<!') found.add('javascript.regular_expressions.lookbehind_assertion');
      else if (rest[0] === '<') found.add('javascript.regular_expressions.named_capturing_group');
      else if (/^[ims-]/.test(rest)) found.add('javascript.regular_expressions.modifier');
    }
  }
  for (const f of flags) if (REGEXP_FLAGS[f]) found.add(REGEXP_FLAGS[f]);
  return [...found];
}

/** Receivers whose built-in is known from the syntax alone. */
function receiverBuiltin(node: AnyNode): string | null {
  if (node.type === 'ArrayExpression') return 'Array';
  if (node.type === 'TemplateLiteral') return 'String';
  if (node.type === 'Literal') {
    if (typeof node.value === 'string') return 'String';
    if (node.regex) return 'RegExp';
  }
  return null;
}

const GLOBAL_OBJECTS = new Set(['window', 'self', 'globalThis']);

/**
 * Everything in one script or module that the floor lacks. `file` names it in the findings; `sourceType`
 * 'script' for index.html's classic inline scripts.
 */
export function checkCode(
  code: string,
  file: string,
  index: CompatIndex,
  sourceType: 'module' | 'script' = 'module',
): Finding[] {
  const findings: Finding[] = [];
  let program: AnyNode;
  try {
    // One year past the floor's: the ES2020 syntax it parses is then looked up one form at a time (below).
    program = Parser.parse(code, {
      ecmaVersion: (FLOOR_ES_YEAR + 1) as 2020,
      sourceType,
      locations: true,
    }) as unknown as AnyNode;
  } catch (error) {
    const e = error as SyntaxError & { loc?: { line: number; column: number } };
    return [
      {
        file,
        line: e.loc?.line ?? 0,
        column: e.loc?.column ?? 0,
        api: `syntax newer than ES${FLOOR_ES_YEAR + 1}`,
        why: e.message,
        snippet: '',
      },
    ];
  }
  const bound = boundNames(program);
  const report = (node: AnyNode, api: string, e: Entry) => {
    if (e.missing.length === 0) return;
    const loc = node.loc as { start: { line: number; column: number } };
    findings.push({
      file,
      line: loc.start.line,
      column: loc.start.column,
      api,
      why: `${e.key}: ${addedIn(e.compat, index.floor)}; the floor lacks it in ${newestMissing(e.missing)}`,
      snippet: code
        .slice(Math.max(0, node.start - 30), Math.min(code.length, node.end + 30))
        .replace(/\s+/g, ' '),
    });
  };
  const source = (n: AnyNode) => code.slice(n.start, n.end);

  /**
   * A use that feature-detects: the thing itself (not called) as a test or in `typeof`, or any use inside the
   * branch of a test that names it (`typeof Object.hasOwn == "function" ? Object.hasOwn(o, k) : …`).
   */
  const guarded = (node: AnyNode, path: AnyNode[], mention: RegExp): boolean => {
    const parent = path[path.length - 1]!;
    if (parent.type === 'UnaryExpression' && parent.operator === 'typeof') return true;
    const called =
      (parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.callee === node;
    if (!called) {
      let child = node;
      for (let i = path.length - 1; i >= 0; i--) {
        const a = path[i]!;
        if (a.type === 'LogicalExpression' && a.left === child) return true;
        if ((a.type === 'IfStatement' || a.type === 'ConditionalExpression') && a.test === child) return true;
        if (
          !(a.type === 'UnaryExpression' || a.type === 'BinaryExpression' || a.type === 'LogicalExpression')
        )
          break;
        child = a;
      }
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const a = path[i]!;
      const child = path[i + 1] ?? node;
      if ((a.type === 'IfStatement' || a.type === 'ConditionalExpression') && a.test !== child)
        if (mention.test(source(a.test as AnyNode))) return true;
      if (a.type === 'LogicalExpression' && a.operator === '&&' && a.right === child)
        if (mention.test(source(a.left as AnyNode))) return true;
      // An early exit before it: `if (typeof createImageBitmap != "function") return file;`
      if (a.type === 'BlockStatement' || a.type === 'Program') {
        const body = a.body as AnyNode[];
        for (const statement of body.slice(0, body.indexOf(child))) {
          if (statement.type !== 'IfStatement' || !exits(statement.consequent as AnyNode)) continue;
          if (mention.test(source(statement.test as AnyNode))) return true;
        }
      }
    }
    return false;
  };

  const visit = (node: AnyNode, path: AnyNode[]) => {
    const parent = path[path.length - 1];
    switch (node.type) {
      case 'ChainExpression':
        report(node, 'syntax ?.', index.syntax('javascript.operators.optional_chaining'));
        break;
      case 'LogicalExpression':
        if (node.operator === '??')
          report(node, 'syntax ??', index.syntax('javascript.operators.nullish_coalescing'));
        break;
      case 'ImportExpression':
        report(node, 'syntax import()', index.syntax('javascript.operators.import'));
        break;
      case 'MetaProperty':
        if ((node.meta as AnyNode).name === 'import')
          report(node, 'syntax import.meta', index.syntax('javascript.operators.import_meta'));
        break;
      case 'ExportAllDeclaration':
        if (node.exported)
          report(node, 'syntax export * as', index.syntax('javascript.statements.export.namespace'));
        break;
      case 'Literal':
        if (typeof node.bigint === 'string')
          report(node, 'BigInt literal', index.syntax('javascript.builtins.BigInt'));
        if (node.regex) {
          const { pattern, flags } = node.regex as { pattern: string; flags: string };
          for (const key of regexpFeatures(pattern, flags))
            report(node, `regexp ${key.split('.').pop()}`, index.syntax(key));
        }
        break;
      case 'NewExpression':
      case 'CallExpression': {
        const callee = node.callee as AnyNode;
        const [first, second] = node.arguments as AnyNode[];
        if (callee.type === 'Identifier' && callee.name === 'RegExp' && first?.type === 'Literal') {
          const flags = second?.type === 'Literal' && typeof second.value === 'string' ? second.value : '';
          if (typeof first.value === 'string')
            for (const key of regexpFeatures(first.value, flags))
              report(node, `regexp ${key.split('.').pop()}`, index.syntax(key));
        }
        break;
      }
      case 'Identifier': {
        const name = node.name as string;
        const e = index.globals.get(name);
        if (!e || e.missing.length === 0 || bound.has(name) || !parent) break;
        const p = parent;
        if (p.type === 'MemberExpression' && p.property === node && !p.computed) break;
        if (
          (p.type === 'Property' || p.type === 'MethodDefinition' || p.type === 'PropertyDefinition') &&
          p.key === node &&
          !p.computed
        )
          break;
        if (/^(LabeledStatement|BreakStatement|ContinueStatement)$/.test(p.type)) break;
        if (/^Export/.test(p.type)) break;
        if (guarded(node, path, new RegExp(`\\b${name}\\b`))) break;
        report(node, name, e);
        break;
      }
      case 'MemberExpression': {
        const object = node.object as AnyNode;
        const property = node.property as AnyNode;
        const name = node.computed
          ? property.type === 'Literal' && typeof property.value === 'string'
            ? property.value
            : null
          : (property.name as string);
        if (!name) break;
        const mention = new RegExp(
          `\\.${name.replace(/\$/g, '\\$')}\\b|["'\`]${name.replace(/\$/g, '\\$')}["'\`]`,
        );
        const objectName =
          object.type === 'Identifier' && !bound.has(object.name as string) ? (object.name as string) : null;
        if (objectName && GLOBAL_OBJECTS.has(objectName)) {
          // Reading a missing property of the global object is `undefined`, not an error: only a call fails.
          const called =
            (parent?.type === 'CallExpression' || parent?.type === 'NewExpression') && parent.callee === node;
          const e = index.globals.get(name);
          if (e && called && !guarded(node, path, mention)) report(node, name, e);
          break;
        }
        if (objectName && index.globals.has(objectName)) {
          const e = index.statics.get(`${objectName}.${name}`);
          if (e && !guarded(node, path, mention)) report(node, `${objectName}.${name}`, e);
          break;
        }
        // `Array.prototype.at`: that built-in's member.
        let owner: string | null = null;
        if (
          object.type === 'MemberExpression' &&
          (object.property as AnyNode).name === 'prototype' &&
          (object.object as AnyNode).type === 'Identifier'
        )
          owner = (object.object as AnyNode).name as string;
        else if (parent?.type === 'CallExpression' && parent.callee === node)
          owner = receiverBuiltin(object) ?? '*';
        if (!owner) break;
        const candidates = (index.instances.get(name) ?? []).filter(
          (c) => owner === '*' || c.owner === owner,
        );
        // Flagged only when no built-in with a member of that name has it on the whole floor.
        if (candidates.length === 0 || candidates.some((c) => c.entry.missing.length === 0)) break;
        if (guarded(node, path, mention)) break;
        report(node, owner === '*' ? `.${name}()` : `${owner}.prototype.${name}`, candidates[0]!.entry);
        break;
      }
    }
  };

  const walk = (node: AnyNode, path: AnyNode[]) => {
    visit(node, path);
    path.push(node);
    for (const child of children(node)) walk(child, path);
    path.pop();
  };
  walk(program, []);
  return findings;
}

/** A proven false positive, allowed by chunk, API and exact count (a new use of the same name fails again). */
export interface Allowed {
  /** The chunk's name without its hash: 'index' for index-lUoyhW3T.js. */
  chunk: string;
  api: string;
  count: number;
  why: string;
}

/**
 * The proven false positives: a method of our own or of a library named like a built-in the floor lacks, which a
 * check of minified code matches by name only, and uses guarded in a way it cannot follow. Each one read in the
 * source; the count is exact, so another use of the same name in that chunk fails the check again.
 */
export const FLOOR_ALLOW_LIST: Allowed[] = [
  {
    chunk: 'index',
    api: '.at()',
    count: 3,
    why: "app-shell's RouteTable.at(path) (routes.tsx twice, create-hospital-app.tsx), not Array.prototype.at",
  },
  {
    chunk: 'dialog',
    api: '.toArray()',
    count: 2,
    why: "React's Children.toArray, twice in react-vant's ActionBar, not Iterator.prototype.toArray",
  },
  {
    chunk: 'vendor',
    api: '.toArray()',
    count: 1,
    why: "axios's utils.toArray (form data), not Iterator.prototype.toArray",
  },
  {
    chunk: 'render',
    api: '.move()',
    count: 1,
    why: "react-vant's useTouch().move(event), not AsyncDisposableStack",
  },
  {
    chunk: 'TrendChart',
    api: '.move()',
    count: 2,
    why: "uPlot's cursor.move option, not AsyncDisposableStack",
  },
  {
    chunk: 'vendor',
    api: 'setImmediate',
    count: 1,
    why: "axios's _setImmediate: used only when its argument `typeof setImmediate === 'function'` is true",
  },
  {
    chunk: 'vendor',
    api: 'IntersectionObserver',
    count: 1,
    why: 'react-router\'s <Link prefetch="viewport"> (framework mode); the apps never pass `prefetch`',
  },
  {
    chunk: 'CallingScreenPage',
    api: 'SpeechSynthesisUtterance',
    count: 1,
    why: "feature-queue speaks only when `'speechSynthesis' in window` (an early return on another name)",
  },
];

export const chunkName = (file: string) => file.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');

/** Findings less those the allow-list proves false, and the allow-list entries that no longer match. */
export function applyAllowList(
  findings: Finding[],
  allowed: Allowed[] = FLOOR_ALLOW_LIST,
): { findings: Finding[]; stale: string[] } {
  const stale: string[] = [];
  let rest = findings;
  for (const a of allowed) {
    const matching = rest.filter((f) => chunkName(f.file) === a.chunk && f.api === a.api);
    if (matching.length !== a.count) {
      stale.push(`allow-list: ${a.api} in chunk ${a.chunk}: ${a.count} expected, ${matching.length} found`);
      continue;
    }
    rest = rest.filter((f) => !matching.includes(f));
  }
  return { findings: rest, stale };
}

/**
 * Findings less the APIs the floor's polyfills supply (browser-floor.ts `FLOOR_POLYFILLS`), when the built
 * index.html carries them; problems: the polyfills missing from index.html, and a polyfill the whole floor no
 * longer needs.
 */
export function applyPolyfills(
  findings: Finding[],
  html: string,
  index: CompatIndex,
  polyfills: Record<string, string> = FLOOR_POLYFILLS,
): { findings: Finding[]; problems: string[] } {
  const problems: string[] = [];
  const script = Object.values(polyfills).join('');
  const inPage =
    script === floorPolyfillScript() ? html.includes(`<script>${script}</script>`) : html.includes(script);
  if (!inPage) problems.push("index.html lacks the floor's polyfill script (vite.app.ts floorPolyfills)");
  for (const name of Object.keys(polyfills)) {
    const e = index.globals.get(name) ?? index.statics.get(name);
    if (!e)
      problems.push(
        `polyfill ${name}: not in the compat data (FLOOR_POLYFILLS names it as the check reports it)`,
      );
    else if (e.missing.length === 0)
      problems.push(`polyfill ${name}: the whole floor has it (${e.key}); remove it`);
  }
  return { findings: inPage ? findings.filter((f) => !(f.api in polyfills)) : findings, problems };
}
