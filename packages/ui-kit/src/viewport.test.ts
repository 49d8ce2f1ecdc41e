import { describe, expect, it } from 'vitest';
import { applyRootFontSize, rootFontSizeFor } from './viewport.ts';

describe('root font size', () => {
  it('is the screen width divided by 3.75', () => {
    expect(rootFontSizeFor(375)).toBe(100);
    expect(rootFontSizeFor(414)).toBeCloseTo(110.4);
  });

  it('keeps a phone-sized column on wide and tiny screens', () => {
    expect(rootFontSizeFor(1920)).toBe(144);
    expect(rootFontSizeFor(200)).toBeCloseTo(85.33, 1);
  });

  it('follows resizing until stopped', () => {
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 375 });
    const stop = applyRootFontSize();
    expect(document.documentElement.style.fontSize).toBe('100px');
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 390 });
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('104px');
    stop();
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 375 });
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('104px');
  });
});
