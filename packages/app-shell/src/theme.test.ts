import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServiceTheme, knownTheme, rememberedTheme, themeBootScript } from './theme.ts';

const KEY = 'patient-h5:theme:1001';
const html = document.documentElement;

/** A storage that throws on every use, as with storage disabled. */
const brokenStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
} as unknown as Storage;

beforeEach(() => {
  localStorage.clear();
  html.dataset.theme = 'purple';
  window.history.replaceState(null, '', '/homepage');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('THEME_CONFIG from the service (000 §3, §9)', () => {
  it('knows only the themes of styles.css', () => {
    expect(knownTheme('blue')).toBe('blue');
    expect(knownTheme(' RED ')).toBe('red');
    expect(knownTheme('pink')).toBeNull();
    expect(knownTheme('')).toBeNull();
    expect(knownTheme(undefined)).toBeNull();
    expect(knownTheme(42)).toBeNull();
  });

  it('switches data-theme at once and remembers it for the hospital', () => {
    expect(applyServiceTheme('1001', 'blue')).toBe('blue');
    expect(html.dataset.theme).toBe('blue');
    expect(localStorage.getItem(KEY)).toBe('blue');
    expect(localStorage.getItem('patient-h5:theme:1002')).toBeNull();
  });

  it('remembers a THEME_CONFIG equal to the current theme without touching the page', () => {
    const observer = new MutationObserver(() => {});
    observer.observe(html, { attributes: true });
    expect(applyServiceTheme('1001', 'purple')).toBe('purple');
    expect(observer.takeRecords()).toEqual([]);
    observer.disconnect();
    expect(html.dataset.theme).toBe('purple');
    expect(localStorage.getItem(KEY)).toBe('purple');
  });

  it('ignores an unknown or missing THEME_CONFIG: theme and what is remembered stay', () => {
    localStorage.setItem(KEY, 'orange');
    for (const value of ['pink', '', undefined, null]) {
      expect(applyServiceTheme('1001', value)).toBeNull();
      expect(html.dataset.theme).toBe('purple');
      expect(localStorage.getItem(KEY)).toBe('orange');
    }
  });

  it('still switches when storage is off, remembering nothing', () => {
    expect(applyServiceTheme('1001', 'red', brokenStorage)).toBe('red');
    expect(html.dataset.theme).toBe('red');
  });
});

describe('the remembered theme at mount', () => {
  it('is the one kept for the hospital', () => {
    localStorage.setItem(KEY, 'blue');
    expect(rememberedTheme('1001', 'purple')).toBe('blue');
    expect(rememberedTheme('1002', 'purple')).toBe('purple');
    expect(rememberedTheme(null, 'purple')).toBe('purple');
  });

  it('falls back to the build theme for an unknown or corrupt value, or storage off', () => {
    for (const value of ['pink', '', '{"theme":"blue"}', 'blue\u0000']) {
      localStorage.setItem(KEY, value);
      expect(rememberedTheme('1001', 'purple')).toBe('purple');
    }
    expect(rememberedTheme('1001', 'purple', brokenStorage)).toBe('purple');
  });
});

describe('the boot script (first in index.html, before the first paint)', () => {
  const run = (id: string | null) => new Function(themeBootScript({ id }))();

  it("paints the theme remembered for the configured hospital over the build's", () => {
    localStorage.setItem(KEY, 'blue');
    run('1001');
    expect(html.dataset.theme).toBe('blue');
  });

  it('finds the hospital by the state parameter first, as the app does', () => {
    localStorage.setItem('patient-h5:theme:1007', 'orange');
    window.history.replaceState(null, '', '/homepage?x=1&state=1007');
    run('1001');
    expect(html.dataset.theme).toBe('orange');
  });

  it("leaves the build's theme with nothing remembered, an unknown or corrupt value, or no hospital", () => {
    run('1001');
    expect(html.dataset.theme).toBe('purple');
    for (const value of ['pink', '', '<script>', 'blue; x']) {
      localStorage.setItem(KEY, value);
      run('1001');
      expect(html.dataset.theme).toBe('purple');
    }
    localStorage.setItem(KEY, 'blue');
    run(null);
    expect(html.dataset.theme).toBe('purple');
  });

  it("leaves the build's theme when storage is off", () => {
    localStorage.setItem(KEY, 'blue');
    vi.stubGlobal('localStorage', brokenStorage);
    expect(() => run('1001')).not.toThrow();
    expect(html.dataset.theme).toBe('purple');
  });
});
