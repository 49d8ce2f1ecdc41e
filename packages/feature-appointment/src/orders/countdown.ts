import { serverNow } from '@patient/api-client';
import { useEffect, useState } from 'react';

/** mm:ss of a number of seconds (never negative): 600 → '10:00', 59 → '00:59'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Whole seconds from `now` until `until` (an ISO timestamp), rounded up; 0 once passed. null: no end given. */
export function secondsUntil(until: string | null, now: number): number | null {
  if (until === null) return null;
  const end = Date.parse(until);
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

export interface HoldCountdown {
  /** false when there is no end (null holdExpiresAt): nothing to count down. */
  active: boolean;
  secondsLeft: number;
  /** mm:ss */
  text: string;
  /** The hold has run out. */
  expired: boolean;
}

/**
 * Counts down to the end of a slot's hold (holdExpiresAt), once a second; stops at 0. It runs on the
 * service's clock as the api-client has learned it (serverNow), so a phone set to the wrong time still
 * shows the hold the service will enforce; the page reloads the order when this ends.
 */
export function useHoldCountdown(holdExpiresAt: string | null): HoldCountdown {
  const [now, setNow] = useState(() => serverNow());
  const left = secondsUntil(holdExpiresAt, now);

  useEffect(() => {
    setNow(serverNow());
    if (holdExpiresAt === null) return;
    const timer = setInterval(() => {
      const current = serverNow();
      setNow(current);
      if ((secondsUntil(holdExpiresAt, current) ?? 0) === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [holdExpiresAt]);

  if (left === null) return { active: false, secondsLeft: 0, text: formatCountdown(0), expired: false };
  return { active: true, secondsLeft: left, text: formatCountdown(left), expired: left === 0 };
}
