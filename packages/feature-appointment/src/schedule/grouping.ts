import type { ScheduleItem, SourceState } from '@patient/contract';
import { isBookable } from './labels.ts';

const HALF_ORDER = { AM: 0, PM: 1 } as const;

/** By date, then morning before afternoon. */
export const byTime = (a: ScheduleItem, b: ScheduleItem) =>
  a.date === b.date ? HALF_ORDER[a.halfDay] - HALF_ORDER[b.halfDay] : a.date < b.date ? -1 : 1;

export const itemBookable = (item: ScheduleItem) => isBookable(item.state, item.remaining);

/** The best summary of several half-days: bookable (with the places added up) before full, stopped, none. */
export function summarize(
  items: readonly ScheduleItem[],
): { state: SourceState; remaining: number | null } | null {
  if (items.length === 0) return null;
  const open = items.filter(itemBookable);
  if (open.length > 0) {
    const remaining = open.some((i) => i.remaining === null)
      ? null
      : open.reduce((sum, i) => sum + (i.remaining ?? 0), 0);
    return { state: 'APPOINTABLE', remaining };
  }
  for (const state of ['ALL_APPOINTED', 'STOPED'] as const) {
    if (items.some((i) => i.state === state || (state === 'ALL_APPOINTED' && i.state === 'APPOINTABLE'))) {
      return { state, remaining: null };
    }
  }
  return { state: 'NO_SOURCE', remaining: null };
}

/** The item to open a doctor's page with: the first bookable one, else the first. */
export function preferredItem(items: readonly ScheduleItem[]): ScheduleItem | null {
  const sorted = [...items].sort(byTime);
  return sorted.find(itemBookable) ?? sorted[0] ?? null;
}

/** Groups items by a key, keeping the first-seen order of the keys. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
