import { isCancelled } from '@patient/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How the screen is kept up to date: the service's event stream, or asking again every `pollMs`. */
export type LiveMode = 'connecting' | 'live' | 'polling';

/** Timings of live data (tests shorten them). */
export const LIVE_TIMING = {
  /** Asking again this often while the event stream is down. */
  pollMs: 10_000,
  /** Trying the event stream again this long after it dropped. */
  reconnectMs: 30_000,
};

export interface Live<T> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: T | null;
  error: unknown;
  mode: LiveMode;
  reload(): void;
}

/**
 * Data that changes on its own (a queue calling numbers): loaded once with `load`, then kept up to date by the
 * service's server-sent events at `eventsUrl` (event `event`, whose data is the same JSON `load` resolves
 * to). When the stream drops, or the browser has no EventSource, it asks `load` again every
 * LIVE_TIMING.pollMs and tries the stream again after LIVE_TIMING.reconnectMs. `key` restarts it all.
 */
export function useLive<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  eventsUrl: string | null,
  event: string,
  key: string,
): Live<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [round, setRound] = useState(0);
  const [state, setState] = useState<Omit<Live<T>, 'reload'>>({
    status: load ? 'loading' : 'idle',
    data: null,
    error: null,
    mode: 'connecting',
  });
  const enabled = load !== null;

  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle', data: null, error: null, mode: 'connecting' });
      return;
    }
    const controller = new AbortController();
    let source: EventSource | null = null;
    let poll: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let fetching = false;
    const stopped = () => controller.signal.aborted;

    const fetchNow = async () => {
      const current = loadRef.current;
      if (!current || fetching || stopped()) return;
      fetching = true;
      try {
        const data = await current(controller.signal);
        if (!stopped()) setState((s) => ({ ...s, status: 'ready', data, error: null }));
      } catch (error) {
        if (!stopped() && !isCancelled(error)) setState((s) => ({ ...s, status: 'error', error }));
      } finally {
        fetching = false;
      }
    };

    const startPolling = () => {
      if (stopped()) return;
      setState((s) => ({ ...s, mode: 'polling' }));
      clearInterval(poll);
      poll = setInterval(() => void fetchNow(), LIVE_TIMING.pollMs);
      if (eventsUrl && typeof EventSource === 'function') {
        clearTimeout(retry);
        retry = setTimeout(connect, LIVE_TIMING.reconnectMs);
      }
    };

    function connect() {
      if (stopped() || !eventsUrl || typeof EventSource !== 'function') return startPolling();
      source?.close();
      const stream = new EventSource(eventsUrl, { withCredentials: true });
      source = stream;
      stream.addEventListener('open', () => {
        if (stopped() || source !== stream) return;
        clearInterval(poll);
        setState((s) => ({ ...s, mode: 'live' }));
      });
      stream.addEventListener(event, (e) => {
        if (stopped() || source !== stream) return;
        try {
          const data = JSON.parse((e as MessageEvent<string>).data) as T;
          setState((s) => ({ ...s, status: 'ready', data, error: null, mode: 'live' }));
        } catch {
          // A broken event: the next one, or polling, brings the data.
        }
      });
      stream.addEventListener('error', () => {
        if (stopped() || source !== stream) return;
        stream.close();
        source = null;
        // What changed while the stream was down is fetched now, then every pollMs.
        void fetchNow();
        startPolling();
      });
    }

    setState((s) => ({ ...s, status: 'loading', mode: 'connecting' }));
    void fetchNow().then(() => {
      if (!stopped()) connect();
    });
    return () => {
      controller.abort();
      source?.close();
      clearInterval(poll);
      clearTimeout(retry);
    };
  }, [key, round, enabled, eventsUrl, event]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
