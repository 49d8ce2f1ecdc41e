import { isCancelled } from '@patient/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';

/** What a rotating code's fetcher is told about the fetch. */
export interface RotatingFetch {
  /** Aborted when the screen goes away, is hidden, or the code's subject changes. */
  signal: AbortSignal;
  /**
   * True for the automatic refreshes (timer, page shown again): pass it as `silent` to api.request so a
   * failed refresh does not toast every minute; the hook shows a retry instead.
   */
  background: boolean;
}

export interface RotatingCodeOptions {
  /** Fetch the next code this long before `expiresAt` (default 5 s). */
  leadMs?: number;
  /** Never refresh sooner than this after a fetch, e.g. when the phone's clock runs ahead (default 5 s). */
  minDelayMs?: number;
  /** Never wait longer than this, e.g. when the phone's clock runs behind (default 60 s). */
  maxDelayMs?: number;
}

export interface RotatingCode<T> {
  /** The latest code, or null before the first one arrived. */
  code: T | null;
  /** loading: no code yet; error: the first fetch failed; ready: a code is on screen. */
  status: 'loading' | 'ready' | 'error';
  /** The last fetch failed (the code on screen may be out of date); `error` says why. */
  failed: boolean;
  error: unknown;
  /** When the code on screen was fetched. */
  fetchedAt: Date | null;
  /** Fetches a new code now (a retry button). */
  refresh(): void;
}

const DEFAULTS = { leadMs: 5_000, minDelayMs: 5_000, maxDelayMs: 60_000 };

/** When to fetch the code that replaces one expiring at `expiresAt` (ms from now). */
export function refreshDelay(expiresAt: string, now: number, options: RotatingCodeOptions = {}): number {
  const { leadMs, minDelayMs, maxDelayMs } = { ...DEFAULTS, ...options };
  const expiry = Date.parse(expiresAt);
  if (Number.isNaN(expiry)) return maxDelayMs;
  return Math.min(maxDelayMs, Math.max(minDelayMs, expiry - now - leadMs));
}

/**
 * A code shown for on-site scanning that the service rotates (patient code, health code, health-card QR):
 * fetched when `subject` is set (again when it changes), then again shortly before each `expiresAt` while
 * the screen is open and visible. Hidden page: no timer and the request in flight is aborted; shown
 * again: fetched at once. Unmount stops everything. `subject` null: nothing is fetched.
 */
export function useRotatingCode<T extends { expiresAt: string }>(
  fetcher: (request: RotatingFetch) => Promise<T>,
  subject: string | null,
  options: RotatingCodeOptions = {},
): RotatingCode<T> {
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const runRef = useRef<(background: boolean) => void>(() => {});
  const [state, setState] = useState<Omit<RotatingCode<T>, 'refresh'>>({
    code: null,
    status: 'loading',
    failed: false,
    error: null,
    fetchedAt: null,
  });

  useEffect(() => {
    setState({ code: null, status: 'loading', failed: false, error: null, fetchedAt: null });
    if (subject === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    let disposed = false;

    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
      controller?.abort();
      controller = null;
    };
    const run = (background: boolean) => {
      if (disposed) return;
      stop();
      const current = new AbortController();
      controller = current;
      setState((s) =>
        s.failed ? { ...s, failed: false, error: null, status: s.code ? 'ready' : 'loading' } : s,
      );
      fetcherRef.current({ signal: current.signal, background }).then(
        (code) => {
          if (disposed || current.signal.aborted) return;
          setState({ code, status: 'ready', failed: false, error: null, fetchedAt: new Date() });
          if (document.visibilityState !== 'hidden') {
            timer = setTimeout(() => run(true), refreshDelay(code.expiresAt, Date.now(), optionsRef.current));
          }
        },
        (error: unknown) => {
          if (disposed || current.signal.aborted || isCancelled(error)) return;
          // No automatic retry: the screen offers one, and a broken service is not asked every few seconds.
          setState((s) => ({ ...s, status: s.code ? 'ready' : 'error', failed: true, error }));
        },
      );
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') stop();
      else run(true);
    };

    runRef.current = run;
    run(false);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      disposed = true;
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
      runRef.current = () => {};
    };
  }, [subject]);

  const refresh = useCallback(() => runRef.current(false), []);
  return { ...state, refresh };
}
