/**
 * WCAG 2 colour contrast: relative luminance and contrast ratio of sRGB colours, as axe-core and the
 * guideline compute them (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio).
 */

/** An sRGB colour: channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** WCAG AA minimums: normal text; large text (24 px, or 18.66 px bold); UI component boundaries and icons. */
export const AA = { text: 4.5, largeText: 3, nonText: 3 } as const;

const NAMED: Record<string, Rgba> = {
  white: { r: 255, g: 255, b: 255, a: 1 },
  black: { r: 0, g: 0, b: 0, a: 1 },
  transparent: { r: 0, g: 0, b: 0, a: 0 },
};

/** Parses #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() (comma or space syntax) and white/black/transparent. */
export function parseColor(value: string): Rgba | null {
  const text = value.trim().toLowerCase();
  if (text in NAMED) return { ...NAMED[text] };
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((d) => d + d) : (hex.match(/../g) ?? []);
    const [r, g, b, a = 'ff'] = digits;
    return { r: parseInt(r, 16), g: parseInt(g, 16), b: parseInt(b, 16), a: parseInt(a, 16) / 255 };
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(text)?.[1];
  if (fn) {
    const parts = fn.split(/[\s,/]+/).filter(Boolean);
    if (parts.length !== 3 && parts.length !== 4) return null;
    const channel = (p: string) => (p.endsWith('%') ? (parseFloat(p) * 255) / 100 : parseFloat(p));
    const alpha =
      parts[3] === undefined ? 1 : parts[3].endsWith('%') ? parseFloat(parts[3]) / 100 : parseFloat(parts[3]);
    const [r, g, b] = parts.slice(0, 3).map(channel);
    if ([r, g, b, alpha].some(Number.isNaN)) return null;
    return { r, g, b, a: alpha };
  }
  return null;
}

const toColor = (value: string | Rgba): Rgba => {
  if (typeof value !== 'string') return value;
  const parsed = parseColor(value);
  if (!parsed) throw new Error(`不是可计算的颜色：${value}`);
  return parsed;
};

/** Blends a translucent colour over an opaque one (source-over). */
export function composite(top: string | Rgba, bottom: string | Rgba): Rgba {
  const t = toColor(top);
  const b = toColor(bottom);
  const mix = (x: number, y: number) => x * t.a + y * (1 - t.a);
  return { r: mix(t.r, b.r), g: mix(t.g, b.g), b: mix(t.b, b.b), a: 1 };
}

/** WCAG relative luminance of an opaque colour: 0 for black, 1 for white. */
export function relativeLuminance(color: string | Rgba): number {
  const { r, g, b } = toColor(color);
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The contrast ratio (1–21) of a foreground on a background. A translucent background is laid on white first
 * (the page's cards), a translucent foreground on the background.
 */
export function contrastRatio(foreground: string | Rgba, background: string | Rgba): number {
  const bg = composite(background, NAMED.white);
  const fg = composite(foreground, bg);
  const [light, dark] = [relativeLuminance(fg), relativeLuminance(bg)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
