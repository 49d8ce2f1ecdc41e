import { isCancelled } from '@patient/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Remote<T> {
  /** 'idle' while there is nothing to load (load is null). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The last data loaded; kept while reloading the same key, so the screen does not flicker. */
  data: T | null;
  /** Why it failed (an ApiError, already shown by api-client). */
  error: unknown;
  reload(): void;
}

/**
 * Loads a screen's data: again when `key` changes (forgetting the old data) or on reload(); the request in
 * flight is aborted on change and on unmount. `load` null: nothing to load (e.g. a bad link).
 */
export function useRemote<T>(load: ((signal: AbortSignal) => Promise<T>) | null, key: string): Remote<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const loadedKey = useRef(key);
  const enabled = load !== null;
  const [round, setRound] = useState(0);
  const [state, setState] = useState<Omit<Remote<T>, 'reload'>>({
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
  return { ...state, reload };
}
