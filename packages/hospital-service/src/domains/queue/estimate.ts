import type { WaitEstimate } from '@patient/contract';

/** How many recent calls the pace is read from (so 5 pauses). */
export const PACE_CALLS = 6;

/**
 * The wait for `ahead` numbers, as a range of whole minutes, from the instants of the latest calls (newest
 * first): each remaining call is taken to last as long as the recent ones did on average, give or take their
 * spread (the spread of a sum of `ahead` pauses grows with its square root), and never less than a sixth of
 * the whole. Null when fewer than three calls have been made today (no pace to read yet).
 */
export function estimateWait(calledAt: readonly Date[], ahead: number): WaitEstimate | null {
  if (calledAt.length < 3 || ahead < 0) return null;
  const pauses: number[] = [];
  for (let i = 0; i + 1 < calledAt.length; i++) {
    pauses.push((calledAt[i].getTime() - calledAt[i + 1].getTime()) / 1000);
  }
  const mean = pauses.reduce((a, b) => a + b, 0) / pauses.length;
  const variance = pauses.reduce((a, b) => a + (b - mean) ** 2, 0) / pauses.length;
  const centre = ahead * mean;
  const spread = Math.max(1.5 * Math.sqrt(variance) * Math.sqrt(Math.max(ahead, 1)), centre / 6);
  const low = Math.max(0, Math.floor((centre - spread) / 60));
  const high = Math.max(low + 1, Math.ceil((centre + spread) / 60));
  return { low, high, paceSeconds: Math.round(mean), calls: calledAt.length };
}
