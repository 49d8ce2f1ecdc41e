import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './useCountdown.ts';

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds down to 0, and is 0 for a time passed', () => {
    const { result, rerender } = renderHook(({ until }) => useCountdown(until), {
      initialProps: { until: 1_000_000 + 60_000 },
    });
    expect(result.current).toBe(60);
    act(() => vi.advanceTimersByTime(1_500));
    expect(result.current).toBe(59);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(0);
    rerender({ until: 0 });
    expect(result.current).toBe(0);
  });
});
