import { useEffect, useRef } from 'react';

/**
 * Calls `retry` each time the page comes back: it becomes visible again (the patient returns to the app, the
 * phone wakes up) or the network comes back (`online`). Returns the function that stops listening.
 *
 * This is how an error state retries by itself: what failed is asked again at the moments it is likely to
 * work, without a timer polling a service that is down.
 */
export function onBackAgain(retry: () => void, win: Window = window): () => void {
  const onVisibility = () => {
    if (win.document.visibilityState === 'visible') retry();
  };
  win.document.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('online', retry);
  return () => {
    win.document.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('online', retry);
  };
}

/**
 * While `active` (e.g. while an error is on screen), calls `retry` whenever the page comes back
 * ({@link onBackAgain}). The latest `retry` is called; changing it does not re-subscribe.
 */
export function useRetryWhenBack(retry: () => void, active = true): void {
  const latest = useRef(retry);
  latest.current = retry;
  useEffect(() => (active ? onBackAgain(() => latest.current()) : undefined), [active]);
}
