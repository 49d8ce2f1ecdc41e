import { serverClock } from '@patient/api-client';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, secondsUntil, useHoldCountdown } from './countdown.ts';

const START = Date.parse('2030-05-01T08:00:00Z');
const at = (ms: number) => new Date(START + ms).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
  serverClock.reset();
});

describe('formatCountdown', () => {
  it('writes mm:ss, never negative', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(599)).toBe('09:59');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(3725)).toBe('62:05');
  });
});

describe('secondsUntil', () => {
  it('rounds up to whole seconds and stops at 0', () => {
    expect(secondsUntil(at(10 * 60_000), START)).toBe(600);
    expect(secondsUntil(at(1), START)).toBe(1);
    expect(secondsUntil(at(-1000), START)).toBe(0);
    expect(secondsUntil(null, START)).toBeNull();
    expect(secondsUntil('not a date', START)).toBe(0);
  });
});

describe('useHoldCountdown', () => {
  it('counts on the service’s clock, not the phone’s: a phone two hours behind still shows the real hold', async () => {
    // The service said it is START + 2 h; the hold it gave ends 5 minutes after that.
    serverClock.observe(START + 2 * 3_600_000, START, START);
    const { result } = renderHook(() => useHoldCountdown(at(2 * 3_600_000 + 5 * 60_000)));
    expect(result.current.text).toBe('05:00');
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(result.current).toMatchObject({ secondsLeft: 0, expired: true });
  });

  it('counts down once a second from the hold end and reports expiry at 0', async () => {
    const { result } = renderHook(() => useHoldCountdown(at(10 * 60_000)));
    expect(result.current).toEqual({ active: true, secondsLeft: 600, text: '10:00', expired: false });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.text).toBe('09:59');
    await act(() => vi.advanceTimersByTimeAsync(9 * 60_000 - 1000));
    expect(result.current.text).toBe('01:00');
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(result.current).toMatchObject({ text: '00:01', expired: false });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toEqual({ active: true, secondsLeft: 0, text: '00:00', expired: true });
    // Stopped: no timer left running.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is expired at once for a hold that has already ended', () => {
    const { result } = renderHook(() => useHoldCountdown(at(-1)));
    expect(result.current).toMatchObject({ active: true, expired: true, text: '00:00' });
  });

  it('counts nothing without an end, and follows a new end', async () => {
    const { result, rerender } = renderHook(({ end }) => useHoldCountdown(end), {
      initialProps: { end: null as string | null },
    });
    expect(result.current).toEqual({ active: false, secondsLeft: 0, text: '00:00', expired: false });
    expect(vi.getTimerCount()).toBe(0);
    rerender({ end: at(90_000) });
    expect(result.current.text).toBe('01:30');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(result.current.text).toBe('01:00');
  });

  it('clears its timer on unmount', () => {
    const { unmount } = renderHook(() => useHoldCountdown(at(60_000)));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
