import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RotatingFetch, refreshDelay, useRotatingCode } from './useRotatingCode.ts';

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
};

/** A fetcher whose codes last `lifetimeMs` from the (fake) clock, recording every call. */
function codes(lifetimeMs = 60_000) {
  const calls: RotatingFetch[] = [];
  let n = 0;
  const fetcher = vi.fn(async (request: RotatingFetch) => {
    calls.push(request);
    n += 1;
    return { value: `CODE${n}`, expiresAt: new Date(Date.now() + lifetimeMs).toISOString() };
  });
  return { fetcher, calls };
}

/** Lets the fetcher's promise settle and React apply the state. */
const settle = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T08:00:00Z') });
  setVisibility('visible');
});
afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('refreshDelay', () => {
  const now = Date.parse('2026-03-01T08:00:00Z');
  it('asks 5 s before expiry, within 5 s and 60 s', () => {
    expect(refreshDelay('2026-03-01T08:00:30Z', now)).toBe(25_000);
    expect(refreshDelay('2026-03-01T08:10:00Z', now)).toBe(60_000);
    // The phone's clock runs ahead of the service: never a tight loop.
    expect(refreshDelay('2026-03-01T07:59:00Z', now)).toBe(5_000);
    expect(refreshDelay('not a date', now)).toBe(60_000);
    expect(refreshDelay('2026-03-01T08:00:30Z', now, { leadMs: 0, minDelayMs: 100 })).toBe(30_000);
  });
});

describe('useRotatingCode', () => {
  it('fetches at once, then shortly before each expiry, in the background', async () => {
    const { fetcher, calls } = codes(30_000);
    const { result } = renderHook(() => useRotatingCode(fetcher, 'c1'));
    expect(result.current.status).toBe('loading');
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', code: { value: 'CODE1' }, failed: false });
    expect(calls[0].background).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(24_000));
    expect(fetcher).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(calls[1].background).toBe(true);
    expect(result.current.code?.value).toBe('CODE2');
  });

  it('stops on unmount: no timer, the request in flight aborted', async () => {
    const { fetcher, calls } = codes(30_000);
    const { unmount } = renderHook(() => useRotatingCode(fetcher, 'c1'));
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(fetcher).toHaveBeenCalledTimes(2);
    unmount();
    expect(calls[1].signal.aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('pauses while the page is hidden and fetches as soon as it is shown again', async () => {
    const { fetcher } = codes(30_000);
    const { result } = renderHook(() => useRotatingCode(fetcher, 'c1'));
    await settle();
    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(fetcher).toHaveBeenCalledTimes(1);
    act(() => setVisibility('visible'));
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(result.current.code?.value).toBe('CODE2');
  });

  it('keeps the last code after a failed refresh, marks it and waits for the patient to retry', async () => {
    let fail = false;
    const fetcher = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return { value: 'OK', expiresAt: new Date(Date.now() + 30_000).toISOString() };
    });
    const { result } = renderHook(() => useRotatingCode(fetcher, 'c1'));
    await settle();
    fail = true;
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(result.current).toMatchObject({ status: 'ready', failed: true, code: { value: 'OK' } });
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(fetcher).toHaveBeenCalledTimes(2);

    fail = false;
    act(() => result.current.refresh());
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(result.current.failed).toBe(false);
  });

  it('reports a failed first fetch as an error, starts over for a new subject, fetches nothing for null', async () => {
    const fetcher = vi.fn(async () => {
      throw new Error('nope');
    });
    const { result, rerender } = renderHook(({ subject }) => useRotatingCode(fetcher, subject), {
      initialProps: { subject: null as string | null },
    });
    await settle();
    expect(fetcher).not.toHaveBeenCalled();
    rerender({ subject: 'c1' });
    await settle();
    expect(result.current).toMatchObject({ status: 'error', code: null, failed: true });

    const { fetcher: good } = codes();
    const hook = renderHook(({ subject }) => useRotatingCode(good, subject), {
      initialProps: { subject: 'a' },
    });
    await settle();
    expect(hook.result.current.code?.value).toBe('CODE1');
    hook.rerender({ subject: 'b' });
    expect(hook.result.current.code).toBeNull();
    await settle();
    expect(hook.result.current.code?.value).toBe('CODE2');
  });
});
