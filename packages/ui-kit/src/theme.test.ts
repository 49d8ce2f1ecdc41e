import { describe, expect, it } from 'vitest';
import { applyTheme, isElderMode, resolveTheme, setElderMode } from './theme.ts';

describe('theme', () => {
  it('defaults to green and normalises THEME_CONFIG values', () => {
    expect(resolveTheme(undefined)).toBe('green');
    expect(resolveTheme('')).toBe('green');
    expect(resolveTheme(' Blue ')).toBe('blue');
    expect(resolveTheme('pink')).toBe('green');
  });

  it('sets data-theme on the page root', () => {
    expect(applyTheme('red')).toBe('red');
    expect(document.documentElement.dataset.theme).toBe('red');
    applyTheme(null);
    expect(document.documentElement.dataset.theme).toBe('green');
  });

  it('switches elder mode with one attribute', () => {
    setElderMode(true);
    expect(document.documentElement.dataset.elder).toBe('true');
    expect(isElderMode()).toBe(true);
    setElderMode(false);
    expect(document.documentElement.dataset.elder).toBeUndefined();
    expect(isElderMode()).toBe(false);
  });
});
