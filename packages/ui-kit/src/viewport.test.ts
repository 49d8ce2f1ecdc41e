import { describe, expect, it, vi } from 'vitest';
import { applyRootFontSize, hostTextScale, rootFontSizeFor } from './viewport.ts';

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

describe('the host’s text size', () => {
  const reset = () => {
    document.documentElement.style.cssText = '';
    document.body.style.cssText = '';
  };

  it('is 1 when nothing enlarges text', () => {
    reset();
    document.documentElement.style.fontSize = '100px';
    expect(hostTextScale()).toBe(1);
  });

  it('reads WeChat iOS’s -webkit-text-size-adjust on the root or the body', () => {
    reset();
    document.documentElement.style.setProperty('-webkit-text-size-adjust', '120%');
    expect(hostTextScale()).toBeCloseTo(1.2);
    reset();
    document.body.style.setProperty('-webkit-text-size-adjust', '140%');
    expect(hostTextScale()).toBeCloseTo(1.4);
    reset();
  });

  it('reads an Android text zoom as a computed root font size above the one set', () => {
    reset();
    document.documentElement.style.fontSize = '100px';
    const real = window.getComputedStyle.bind(window);
    const spy = vi.spyOn(window, 'getComputedStyle').mockImplementation((el) => {
      const style = real(el);
      return el === document.documentElement
        ? ({ fontSize: '125px', getPropertyValue: () => '' } as unknown as CSSStyleDeclaration)
        : style;
    });
    expect(hostTextScale()).toBeCloseTo(1.25);
    spy.mockRestore();
    reset();
  });
});
