import { ApiError, isCancelled } from '@patient/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Remote<T> {
  /** 'idle' while there is nothing to load (load is null). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The last data loaded; kept while reloading the same key, so the screen does not flicker. */
  data: T | null;
  /** What went wrong (an ApiError, already shown by api-client); errorText(error) reads it. */
  error: unknown;
  /** Loads again (after an action, or from a retry button). */
  reload(): void;
  /**
   * Replaces the data on screen. With a value (what an action answered, e.g. the order after cancelOrder):
   * the data is that, status 'ready'. With a function (an optimistic edit): the data is what it returns from
   * the current data, status unchanged.
   */
  set(next: T | ((current: T | null) => T | null)): void;
}

/** The Chinese text of a failure. */
export function errorText(error: unknown, fallback = '加载失败，请稍后重试'): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * Loads data for a screen: again whenever `key` changes (forgetting the old data) or reload() is called; the
 * request in flight is aborted on change and on unmount. Pass `load` null when there is nothing to load (e.g.
 * a bad link).
 */
export function useRemote<T>(load: ((signal: AbortSignal) => Promise<T>) | null, key: string): Remote<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const loadedKey = useRef(key);
  const enabled = load !== null;
  const [round, setRound] = useState(0);
  const [state, setState] = useState<Pick<Remote<T>, 'status' | 'data' | 'error'>>({
    status: enabled ? 'loading' : 'idle',
    data: null,
    error: null,
  });

  useEffect(() => {
    const current = loadRef.current;
    if (!current) {
      setState({ status: 'idle', data: null, error: null });
      return;
    }
    const controller = new AbortController();
    // Data of another key (another contact, another order) must not show while this one loads.
    const keep = loadedKey.current === key;
    loadedKey.current = key;
    setState((s) => ({ status: 'loading', data: keep ? s.data : null, error: null }));
    current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isCancelled(error)) return;
        setState((s) => ({ ...s, status: 'error', error }));
      },
    );
    return () => controller.abort();
  }, [key, round, enabled]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback((next: T | ((current: T | null) => T | null)) => {
    if (typeof next === 'function') {
      const update = next as (current: T | null) => T | null;
      setState((s) => ({ ...s, data: update(s.data) }));
    } else {
      setState({ status: 'ready', data: next, error: null });
    }
  }, []);
  return { ...state, reload, set };
}
