import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { FLOOR_POLYFILLS, floorBuildTargets, floorMinimums, floorPolyfillScript } from './browser-floor.ts';
import {
  applyAllowList,
  applyPolyfills,
  checkCode,
  compatIndex,
  floorForCompatData,
  regexpFeatures,
} from './floor-check.ts';
import { withFloorPolyfills } from './vite.app.ts';

const index = compatIndex();
const apis = (code: string) => checkCode(code, 'chunk-AbCd1234.js', index).map((f) => f.api);

describe('the declared floor', () => {
  it('is the root package.json query, iOS 12 and Chrome 69, and the build targets come from it', () => {
    expect(Object.fromEntries(floorMinimums())).toEqual({ chrome: '69', ios_saf: '12.0' });
    expect(floorBuildTargets()).toEqual(['es2019', 'chrome69', 'ios12']);
  });

  it('maps every family to compat data, and refuses one it cannot', () => {
    expect(floorForCompatData(['ios_saf 12.0-12.1', 'chrome 69'])).toEqual([
      { label: 'ios_saf 12.0-12.1', bcd: 'safari_ios', version: '12.0' },
      { label: 'chrome 69', bcd: 'webview_android', version: '69' },
    ]);
    expect(() => floorForCompatData(['op_mini all'])).toThrow(/op_mini/);
    expect(() => floorBuildTargets(['op_mini all'])).toThrow(/op_mini/);
  });
});

describe('the check of built code', () => {
  it('flags the built-ins the floor lacks, from the compat data', () => {
    expect(apis('[1].at(-1); x.at(-1); Object.hasOwn(a, b); "a".replaceAll("a", "b")')).toEqual([
      'Array.prototype.at',
      '.at()',
      'Object.hasOwn',
      'String.prototype.replaceAll',
    ]);
    expect(apis('Promise.allSettled([]); structuredClone(x); new ResizeObserver(f); x.findLast(f)')).toEqual([
      'Promise.allSettled',
      'structuredClone',
      'ResizeObserver',
      '.findLast()',
    ]);
    const [finding] = checkCode('let d = [1, 2];\nd.at(-1)', 'a.js', index);
    expect(finding).toMatchObject({ file: 'a.js', line: 2, column: 0, api: '.at()' });
    expect(finding?.why).toMatch(/javascript\.builtins\.Array\.at: .*safari_ios 15\.4/);
    expect(finding?.why).toMatch(/lacks it in chrome 91 and older, ios_saf 15\.2-15\.3 and older$/);
  });

  it('passes what the floor has and names that are not built-ins', () => {
    expect(
      apis('[1].flat(); Object.entries(o); Promise.resolve().finally(f); x.includes(1); x.route(1)'),
    ).toEqual([]);
  });

  it('takes feature detection as such', () => {
    expect(apis('typeof structuredClone == "function" ? structuredClone(x) : copy(x)')).toEqual([]);
    expect(apis('var own = Object.hasOwn || fallback; if (Object.hasOwn) Object.hasOwn(a, b)')).toEqual([]);
    expect(
      apis(
        'function f(x) { if (typeof createImageBitmap != "function") return x; return createImageBitmap(x) }',
      ),
    ).toEqual([]);
    expect(apis('window.cookieStore && window.cookieStore.get("a")')).toEqual([]);
    // A call that is not tested is not guarded by one that is somewhere else.
    expect(apis('if (typeof structuredClone == "function") a(); structuredClone(x)')).toEqual([
      'structuredClone',
    ]);
  });

  it('does not take a binding of our own for the global', () => {
    expect(apis('const queueMicrotask = (f) => setTimeout(f); queueMicrotask(g)')).toEqual([]);
  });

  it('checks the syntax: ES2019, and the ES2020 forms the floor has according to the data', () => {
    expect(apis('import("./a.js"); import.meta.url; try { a() } catch { b() }')).toEqual([]);
    expect(apis('a?.b; a ?? b')).toEqual(['syntax ?.', 'syntax ??']);
    expect(apis('class A { #x = 1 }')).toEqual(['syntax newer than ES2020']);
  });

  it('checks regular expressions', () => {
    expect(regexpFeatures('(?<=a)b(?<n>c)\\k<n>', '')).toEqual([
      'javascript.regular_expressions.lookbehind_assertion',
      'javascript.regular_expressions.named_capturing_group',
      'javascript.regular_expressions.named_backreference',
    ]);
    expect(regexpFeatures('\\(?<=a\\)[(?<=]', '')).toEqual([]);
    expect(apis('/(?<=\\$)\\d+/.test(s); new RegExp("(?<!a)b")')).toEqual([
      'regexp lookbehind_assertion',
      'regexp lookbehind_assertion',
    ]);
    expect(apis('/(?<y>\\d{4})/su.exec(s)')).toEqual([]);
  });

  it('drops the allow-listed uses by chunk and exact count, and fails a count that changed', () => {
    const findings = checkCode('t.at(p); t.at(q)', 'assets/index-AbCd12_3.js', index);
    const allowed = [{ chunk: 'index', api: '.at()', count: 2, why: 'RouteTable.at' }];
    expect(applyAllowList(findings, allowed)).toEqual({ findings: [], stale: [] });
    const more = checkCode('t.at(p); t.at(q); [1].at(-1); d.at(-1)', 'assets/index-AbCd12_3.js', index);
    const result = applyAllowList(more, allowed);
    expect(result.findings.map((f) => f.api)).toEqual(['.at()', '.at()', 'Array.prototype.at', '.at()']);
    expect(result.stale).toEqual(['allow-list: .at() in chunk index: 2 expected, 3 found']);
  });
});

describe('the polyfills', () => {
  it('each supplies its API where it is missing, and only there', () => {
    const run = (setup: string) =>
      runInNewContext(
        `${setup}; var window = this; ${floorPolyfillScript()};
         var order = []; queueMicrotask(function () { order.push('micro') }); order.push('sync');
         var o = Object.fromEntries([['a', 1], ['__proto__', 2]]);
         Promise.resolve().then(function () {
           return { global: globalThis === this, a: o.a, proto: Object.getPrototypeOf(o) === Object.prototype,
             own: Object.keys(o), order: order };
         }.bind(this))`,
        {},
      );
    return Promise.all([
      run('delete globalThis.queueMicrotask; delete Object.fromEntries; delete this.globalThis'),
      run(''),
    ]).then(([missing, present]) => {
      for (const r of [missing, present])
        expect(JSON.parse(JSON.stringify(r))).toEqual({
          global: true,
          a: 1,
          proto: true,
          own: ['a', '__proto__'],
          order: ['sync', 'micro'],
        });
    });
  });

  it('are what the check takes as present, and only in a page that has them', () => {
    const findings = checkCode(
      'Object.fromEntries(e); queueMicrotask(f); globalThis.x; [].at(0)',
      'a.js',
      index,
    );
    const page = withFloorPolyfills('<html><head><meta charset="UTF-8" /><title>t</title></head></html>');
    expect(page).toMatch(/^<html><head><meta charset="UTF-8" \/>\n {4}<script>if\(typeof globalThis/);
    expect(applyPolyfills(findings, page, index).findings.map((f) => f.api)).toEqual(['Array.prototype.at']);
    expect(applyPolyfills(findings, page, index).problems).toEqual([]);
    expect(applyPolyfills(findings, '<html></html>', index).problems).toHaveLength(1);
    expect(Object.keys(FLOOR_POLYFILLS)).toEqual(['globalThis', 'queueMicrotask', 'Object.fromEntries']);
  });

  it('fails a polyfill the floor no longer needs', () => {
    const stale = { 'Object.entries': 'x' };
    expect(applyPolyfills([], 'x', index, stale).problems).toEqual([
      'polyfill Object.entries: the whole floor has it (javascript.builtins.Object.entries); remove it',
    ]);
  });
});
