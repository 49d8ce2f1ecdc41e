import { api, isCancelled } from '@patient/api-client';
import { getCompanionCardStatus } from '@patient/contract';
import { useEffect, useRef } from 'react';

/** How often a waiting application's status is asked for. */
export const STATUS_POLL_MS = 5_000;

/**
 * While an application waits for review (`status` APPLYING), asks for its status only
 * (queryChaperonageStatus) every {@link STATUS_POLL_MS}, quietly (a failed ask just waits for the next), and
 * calls `onChange` once the status differs. Stops when the status is no longer APPLYING, on unmount, and while
 * the page is hidden; asks at once when it is shown again.
 */
export function useStatusPoll(cardId: string | null, status: string | null, onChange: () => void): void {
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (!cardId || status !== 'APPLYING') return;
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | null = null;

    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
      inFlight?.abort();
      inFlight = null;
    };
    const schedule = () => {
      if (!disposed && document.visibilityState !== 'hidden') timer = setTimeout(ask, STATUS_POLL_MS);
    };
    const ask = async () => {
      timer = undefined;
      const controller = new AbortController();
      inFlight = controller;
      try {
        const answer = await api.request(
          getCompanionCardStatus,
          { query: { cardId } },
          { signal: controller.signal, silent: true },
        );
        if (disposed || controller.signal.aborted) return;
        if (answer.status !== status) {
          changed.current();
          return;
        }
      } catch (error) {
        if (disposed || controller.signal.aborted || isCancelled(error)) return;
      } finally {
        if (inFlight === controller) inFlight = null;
      }
      schedule();
    };
    const onVisibility = () => {
      stop();
      if (document.visibilityState !== 'hidden') void ask();
    };

    schedule();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      disposed = true;
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [cardId, status]);
}
