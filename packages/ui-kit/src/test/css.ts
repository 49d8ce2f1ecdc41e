/**
 * Just enough CSS for the contrast test: rules and declarations, the cascade of custom properties on the page
 * root (`:root`, `html`, `html[data-theme="…"]`) and var() resolution. Not a general CSS parser: no nesting
 * beyond at-rule blocks, no strings containing braces.
 */

/** One style rule: its selector list, declarations in order, the file it came from and its at-rule, if any. */
export interface CssRule {
  selector: string;
  declarations: [property: string, value: string][];
  file: string;
  atRule: string | null;
}

/** Splits on a separator outside parentheses and quotes. */
export function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The rules of a style sheet; those inside an at-rule block (@media, @keyframes) carry its prelude. */
export function parseCss(css: string, file: string): CssRule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: CssRule[] = [];
  const walk = (from: number, to: number, atRule: string | null) => {
    let i = from;
    while (i < to) {
      const open = text.indexOf('{', i);
      if (open === -1 || open >= to) return;
      const prelude = text.slice(i, open).trim();
      let depth = 1;
      let close = open + 1;
      while (depth > 0 && close < to) {
        if (text[close] === '{') depth++;
        else if (text[close] === '}') depth--;
        close++;
      }
      const body = text.slice(open + 1, close - 1);
      if (prelude.startsWith('@')) walk(open + 1, close - 1, prelude);
      else {
        const declarations = splitTopLevel(body, ';').flatMap((d): [string, string][] => {
          const colon = d.indexOf(':');
          return colon === -1 ? [] : [[d.slice(0, colon).trim().toLowerCase(), d.slice(colon + 1).trim()]];
        });
        rules.push({ selector: prelude.replace(/\s+/g, ' '), declarations, file, atRule });
      }
      i = close;
    }
  };
  walk(0, text.length, null);
  return rules;
}

/**
 * Whether a selector applies to the page root `<html data-theme={theme}>` (no other attribute set), and its
 * specificity as one comparable number. null when it does not apply.
 */
export function rootSpecificity(selector: string, theme: string): number | null {
  const match = /^(html|:root)?((?:\[[^\]]+\])*)$/.exec(selector.trim());
  if (!match || (!match[1] && !match[2])) return null;
  let ids = match[1] === ':root' ? 1 : 0;
  const types = match[1] === 'html' ? 1 : 0;
  for (const attribute of match[2].match(/\[[^\]]+\]/g) ?? []) {
    const theming = /^\[data-theme=["']?([\w-]+)["']?\]$/.exec(attribute);
    if (!theming || theming[1] !== theme) return null;
    ids += 1;
  }
  return ids * 1000 + types;
}

/** The custom properties the page root ends up with for a theme, by cascade over the sheets in load order. */
export function rootTokens(sheets: CssRule[][], theme: string): Map<string, string> {
  const winners = new Map<string, { specificity: number; value: string }>();
  for (const rule of sheets.flat()) {
    if (rule.atRule) continue;
    const specificity = Math.max(-1, ...rule.selector.split(',').map((s) => rootSpecificity(s, theme) ?? -1));
    if (specificity < 0) continue;
    for (const [property, value] of rule.declarations) {
      if (!property.startsWith('--')) continue;
      const current = winners.get(property);
      // Later rules win at equal specificity: the sheets are in load order.
      if (!current || specificity >= current.specificity) winners.set(property, { specificity, value });
    }
  }
  return new Map([...winners].map(([name, { value }]) => [name, value]));
}

/** Thrown when a var() has neither a value nor a fallback. */
export class UnresolvedVariable extends Error {}

/** Replaces every var(--name[, fallback]) in a value, recursively; throws UnresolvedVariable. */
export function resolveVars(value: string, tokens: ReadonlyMap<string, string>, seen: string[] = []): string {
  const start = value.indexOf('var(');
  if (start === -1) return value;
  let depth = 0;
  let end = start + 3;
  for (; end < value.length; end++) {
    if (value[end] === '(') depth++;
    else if (value[end] === ')' && --depth === 0) break;
  }
  // The name comes first, so the first comma is the one before the fallback.
  const inner = value.slice(start + 4, end);
  const comma = inner.indexOf(',');
  const name = (comma === -1 ? inner : inner.slice(0, comma)).trim();
  const fallback = comma === -1 ? undefined : inner.slice(comma + 1).trim();
  if (seen.includes(name)) throw new UnresolvedVariable(`循环引用：${[...seen, name].join(' → ')}`);
  const own = tokens.get(name);
  const replacement =
    own !== undefined
      ? resolveVars(own, tokens, [...seen, name])
      : fallback !== undefined
        ? resolveVars(fallback, tokens, seen)
        : undefined;
  if (replacement === undefined) throw new UnresolvedVariable(`${name} 没有值`);
  return resolveVars(value.slice(0, start) + replacement + value.slice(end + 1), tokens, seen);
}

const COLOUR = /#[0-9a-f]{3,8}\b|rgba?\([^)]*\)|hsla?\([^)]*\)|\b(?:white|black)\b/gi;

/** Every colour literal in a resolved value (the stops of a gradient, a border's colour …). */
export function coloursIn(value: string): string[] {
  return value.match(COLOUR) ?? [];
}

/** Named colours a stylesheet might use instead of a token (the common ones). */
export const NAMED_COLOURS =
  /\b(?:white|black|red|green|blue|orange|yellow|purple|gray|grey|silver|pink|brown|navy|teal|gold)\b/i;
