import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AA, composite, contrastRatio, parseColor, relativeLuminance } from './contrast.ts';
import {
  type CssRule,
  coloursIn,
  NAMED_COLOURS,
  parseCss,
  resolveVars,
  rootTokens,
  UnresolvedVariable,
} from './test/css.ts';
import { THEMES } from './theme.ts';

/*
 * Colour contrast of the design, computed from the style sheets themselves: ui-kit's tokens and react-vant's
 * variables, every theme, every app's theme.css, every rule of the packages' and apps' CSS, and each app's
 * boot screen. The values are read from the files, never copied here.
 */

const ROOT = join(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const parsed = new Map<string, CssRule[]>();
const sheet = (path: string): CssRule[] => {
  if (!parsed.has(path)) parsed.set(path, parseCss(read(path), path));
  return parsed.get(path) as CssRule[];
};
const cssFilesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : cssFilesUnder(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });

const APPS = readdirSync(join(ROOT, 'apps'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const TOKENS_FILE = 'packages/ui-kit/src/styles.css';
const PACKAGE_CSS = readdirSync(join(ROOT, 'packages'))
  .flatMap((name) => {
    try {
      return cssFilesUnder(`packages/${name}/src`);
    } catch {
      return [];
    }
  })
  .filter((path) => path !== TOKENS_FILE);
const appTheme = (app: string) => `apps/${app}/src/theme.css`;
/** Files that may give a custom property a literal colour: the tokens and each app's theme. */
const TOKEN_FILES = new Set([TOKENS_FILE, ...APPS.map(appTheme)]);
/** Every rule of our own CSS (packages and apps). */
const PROJECT_RULES: CssRule[] = [TOKENS_FILE, ...PACKAGE_CSS, ...APPS.map(appTheme)].flatMap(sheet);

// react-vant's variables, and those of the components the product uses (Dialog with its Button, Toast).
const reactVant = (path: string) => {
  return sheet(relative(ROOT, join(import.meta.dirname, '../node_modules/react-vant/es', path)));
};
const RV_BASE = reactVant('styles/css-variables.css');
const RV_COMPONENTS = ['button', 'dialog', 'toast'].flatMap((c) => reactVant(`${c}/style/index.css`));

/** The sheets in the order the app loads them: react-vant's base, ours, the app's theme, lazy components. */
const sheetsOf = (app: string) => [
  RV_BASE,
  sheet(TOKENS_FILE),
  PACKAGE_CSS.flatMap(sheet),
  sheet(appTheme(app)),
  RV_COMPONENTS,
];
/** The page root's custom properties for an app in a theme. */
const tokensOf = (app: string, theme: string) => rootTokens(sheetsOf(app), theme);

/** Every page root an app can have: the app's theme.css with each theme. */
const CASES = APPS.flatMap((app) => THEMES.map((theme) => ({ app, theme })));

interface Pair {
  fg: string;
  bg: string;
  min: number;
}
const pairs = (fgs: string[], bgs: string[], min: number = AA.text): Pair[] =>
  fgs.flatMap((fg) => bgs.map((bg) => ({ fg, bg, min })));

/** Text tokens: each passes as text on the card and the page. */
const TEXT = [
  '--color-text',
  '--color-text-secondary',
  '--color-text-weak',
  '--color-primary',
  '--color-success',
  '--color-warning',
  '--color-danger',
];
/** Fills with --color-on-fill text or icons on them (buttons, badges, banners, headers, switches). */
const FILLS = ['--color-primary', '--color-success', '--color-warning', '--color-danger', '--color-muted'];

/** Every foreground/background pair the design uses, by token. */
const DESIGN_PAIRS: Pair[] = [
  ...pairs(TEXT, ['--color-card', '--color-page']),
  // Selected choices, chips, avatars and tags on the theme's tint; notices and badges on their tone's tint.
  ...pairs(['--color-text', '--color-text-secondary', '--color-primary'], ['--color-primary-light']),
  ...pairs(['--color-text', '--color-text-secondary', '--color-warning'], ['--color-warning-light']),
  ...pairs(['--color-text', '--color-text-secondary', '--color-danger'], ['--color-danger-light']),
  ...pairs(['--color-on-fill'], FILLS),
  // The health code's yellow band carries dark text; its label and QR code use the darker shade.
  ...pairs(['--color-text'], ['--color-hcode-yellow']),
  ...pairs(['--color-hcode-yellow-text'], ['--color-card']),
  // UI component boundaries and states: checked borders, focus rings, tab underlines, input lines, switches.
  ...pairs(['--color-primary', '--color-border-strong'], ['--color-card', '--color-page'], AA.nonText),
  ...pairs(['--color-primary'], ['--color-primary-light'], AA.nonText),
  ...pairs(['--color-on-fill'], ['--color-border-strong'], AA.nonText),
  // react-vant: dialog title, message, cancel and confirm buttons (also red when destructive); toast text.
  ...pairs(
    [
      '--rv-text-color',
      '--rv-dialog-has-title-message-text-color',
      '--rv-dialog-confirm-button-text-color',
      '--rv-danger-color',
      '--rv-button-default-color',
    ],
    ['--rv-dialog-background-color', '--rv-button-default-background-color'],
  ),
  ...pairs(['--rv-button-primary-color'], ['--rv-button-primary-background-color']),
  ...pairs(['--rv-toast-text-color'], ['--rv-toast-background-color']),
];

const colourOf = (value: string, tokens: ReadonlyMap<string, string>) => {
  const found = coloursIn(resolveVars(value, tokens));
  if (found.length !== 1) throw new Error(`${value} 不是单一颜色：${found.join(', ') || '无'}`);
  return found[0];
};
const ratio = (fg: string, bg: string) => Math.round(contrastRatio(fg, bg) * 100) / 100;
const last = (rule: CssRule, ...properties: string[]) =>
  rule.declarations.filter(([p]) => properties.includes(p)).at(-1)?.[1];

/** Inactive controls are exempt from contrast (WCAG 1.4.3 and 1.4.11). */
const INACTIVE = /:disabled|\[data-disabled[\]=]|\[aria-disabled/;
/** Custom properties declared on something other than the page root (`.mc-hcode { --hcode-color … }`). */
const SCOPED = new Set(
  PROJECT_RULES.filter((r) => !/^(:root|html)\b/.test(r.selector)).flatMap((r) =>
    r.declarations.filter(([p]) => p.startsWith('--')).map(([p]) => p),
  ),
);
/**
 * The values scoped custom properties take: one set per rule declaring them, on top of its BEM block's
 * (`.mc-hcode--yellow` over `.mc-hcode`).
 */
const scopedVariants = (names: string[]): Map<string, string>[] => {
  const declaring = PROJECT_RULES.filter((r) => r.declarations.some(([p]) => names.includes(p)));
  return declaring.map((rule) => {
    const block = PROJECT_RULES.find((r) => r.selector === rule.selector.replace(/--[\w-]+$/, ''));
    return new Map(
      [...(block?.declarations ?? []), ...rule.declarations].filter(([p]) => p.startsWith('--')),
    );
  });
};
const scopedNamesIn = (...values: string[]) =>
  [...new Set(values.flatMap((v) => [...v.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1])))].filter((n) =>
    SCOPED.has(n),
  );

describe('contrast formula (WCAG 2)', () => {
  it('computes relative luminance and ratios as the guideline does', () => {
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000')).toBe(0);
    expect(ratio('#000000', '#ffffff')).toBe(21);
    expect(ratio('#ffffff', '#ffffff')).toBe(1);
    // The audit's figures for the old colours.
    expect(ratio('#07a871', '#ffffff')).toBe(3.07);
    expect(ratio('#07a871', '#e6f7f0')).toBe(2.76);
    expect(ratio('#9aa0a6', '#f5f6f7')).toBe(2.44);
    expect(ratio('#1677ff', '#ffffff')).toBe(4.1);
    expect(ratio('#f07c14', '#ffffff')).toBe(2.76);
  });

  it('parses the colour syntaxes of our CSS and blends translucent colours', () => {
    expect(parseColor('#FFF')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('rgba(0, 0, 0, 0.7)')).toEqual({ r: 0, g: 0, b: 0, a: 0.7 });
    expect(parseColor('rgb(7 168 113 / 50%)')).toEqual({ r: 7, g: 168, b: 113, a: 0.5 });
    expect(parseColor('var(--x)')).toBeNull();
    expect(composite('rgba(0, 0, 0, 0.5)', '#ffffff')).toMatchObject({ r: 127.5, a: 1 });
    // White text on a 70 % black toast over a white page.
    expect(contrastRatio('#fff', 'rgba(0, 0, 0, 0.7)')).toBeCloseTo(
      contrastRatio('#fff', { r: 76.5, g: 76.5, b: 76.5, a: 1 }),
      10,
    );
  });
});

describe('colour contrast of every theme and app', () => {
  it('defines brand, primary and tint for every theme', () => {
    const rules = sheet(TOKENS_FILE);
    for (const theme of THEMES) {
      const block = rules.find((r) => r.selector === `html[data-theme="${theme}"]`);
      expect(block?.declarations.map(([p]) => p)).toEqual(
        expect.arrayContaining(['--color-brand', '--color-primary', '--color-primary-light']),
      );
    }
  });

  it.each(CASES)('$app in $theme: every design pair passes AA', ({ app, theme }) => {
    const tokens = tokensOf(app, theme);
    const design = tokens.has('--app-accent')
      ? [...DESIGN_PAIRS, ...pairs(['--color-on-fill'], ['--app-accent'])]
      : DESIGN_PAIRS;
    const failures = design.flatMap(({ fg, bg, min }) => {
      const r = ratio(colourOf(`var(${fg})`, tokens), colourOf(`var(${bg})`, tokens));
      return r >= min ? [] : [`${fg} on ${bg}: ${r} < ${min}`];
    });
    expect(failures).toEqual([]);
  });

  it.each(CASES)(
    '$app in $theme: every rule with a text colour and a background passes',
    ({ app, theme }) => {
      const tokens = tokensOf(app, theme);
      const failures: string[] = [];
      for (const rule of PROJECT_RULES) {
        const fg = last(rule, 'color');
        const bg = last(rule, 'background', 'background-color');
        if (!fg || !bg || INACTIVE.test(rule.selector) || /^(inherit|currentcolor)$/i.test(fg)) continue;
        const own = rule.declarations.filter(([p]) => p.startsWith('--'));
        const variants =
          scopedNamesIn(fg, bg).length > 0 ? scopedVariants(scopedNamesIn(fg, bg)) : [new Map()];
        for (const variant of variants) {
          const scope = new Map([...tokens, ...variant, ...own]);
          const background = coloursIn(resolveVars(bg, scope));
          const foreground = colourOf(fg, scope);
          for (const stop of background) {
            const r = ratio(foreground, stop);
            if (r < AA.text) failures.push(`${rule.file} ${rule.selector}: ${foreground} on ${stop} = ${r}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it.each(CASES)('$app in $theme: scoped text colours pass on the card and the page', ({ app, theme }) => {
    const tokens = tokensOf(app, theme);
    const failures: string[] = [];
    for (const rule of PROJECT_RULES) {
      const fg = last(rule, 'color');
      if (!fg || last(rule, 'background', 'background-color')) continue;
      for (const variant of scopedNamesIn(fg).length > 0 ? scopedVariants(scopedNamesIn(fg)) : []) {
        const foreground = colourOf(fg, new Map([...tokens, ...variant]));
        for (const surface of ['--color-card', '--color-page']) {
          const r = ratio(foreground, colourOf(`var(${surface})`, tokens));
          if (r < AA.text) failures.push(`${rule.file} ${rule.selector}: ${foreground} on ${surface} = ${r}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('our CSS uses the colour tokens', () => {
  const COLOUR_PROPERTY = /color|background|border|outline|shadow|fill|stroke|caret|column-rule|decoration/;

  it('has no literal opaque colour outside the token files', () => {
    const literals: string[] = [];
    for (const rule of PROJECT_RULES) {
      for (const [property, value] of rule.declarations) {
        const custom = property.startsWith('--');
        if (custom ? TOKEN_FILES.has(rule.file) : !COLOUR_PROPERTY.test(property)) continue;
        const opaque = coloursIn(value).filter((c) => (parseColor(c)?.a ?? 1) === 1);
        if (opaque.length > 0 || NAMED_COLOURS.test(value.replace(/var\([^)]*\)/g, '')))
          literals.push(`${rule.file} ${rule.selector} { ${property}: ${value} }`);
      }
    }
    expect(literals).toEqual([]);
  });

  it('gives text only colours whose contrast is checked', () => {
    const foregrounds = new Set([...TEXT, '--color-on-fill']);
    const unchecked = PROJECT_RULES.flatMap((rule) => {
      const fg = last(rule, 'color');
      if (!fg || /^(inherit|currentcolor|transparent)$/i.test(fg)) return [];
      const name = /^var\((--[\w-]+)\)$/.exec(fg)?.[1];
      const checked = name !== undefined && (foregrounds.has(name) || SCOPED.has(name));
      return checked ? [] : [`${rule.file} ${rule.selector} { color: ${fg} }`];
    });
    expect(unchecked).toEqual([]);
  });

  it('dims text with opacity only for inactive controls', () => {
    const dimmed = PROJECT_RULES.filter(
      (rule) =>
        !rule.atRule?.startsWith('@keyframes') &&
        !INACTIVE.test(rule.selector) &&
        !/\[data-stale\]/.test(rule.selector) &&
        rule.declarations.some(([p, v]) => p === 'opacity' && Number(v) < 1),
    ).map((rule) => `${rule.file} ${rule.selector}`);
    expect(dimmed).toEqual([]);
  });

  it('resolves every colour variable it uses', () => {
    const unresolved: string[] = [];
    const tokens = tokensOf(APPS[0], THEMES[0]);
    for (const rule of PROJECT_RULES) {
      for (const [, value] of rule.declarations) {
        const names = scopedNamesIn(value);
        for (const variant of names.length > 0 ? scopedVariants(names) : [new Map<string, string>()]) {
          try {
            resolveVars(value, new Map([...tokens, ...variant, ...rule.declarations]));
          } catch (error) {
            if (!(error instanceof UnresolvedVariable)) throw error;
            unresolved.push(`${rule.file} ${rule.selector}: ${error.message}`);
          }
        }
      }
    }
    expect(unresolved).toEqual([]);
  });
});

describe('boot screen', () => {
  // Every app's index.html inlines configs/boot.css (configs/vite.app.ts, indexHtmlOf).
  it('the loading text before any script passes on its background', () => {
    const rules = parseCss(read('configs/boot.css'), 'configs/boot.css');
    const body = rules.find((r) => r.selector === 'body');
    const boot = rules.find((r) => r.selector === '.boot');
    const bg = body && last(body, 'background', 'background-color');
    const fg = boot && last(boot, 'color');
    expect(bg && fg).toBeTruthy();
    expect(ratio(fg as string, bg as string)).toBeGreaterThanOrEqual(AA.text);
  });
});
