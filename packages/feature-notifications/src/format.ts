import { NOTIFICATION_KIND_NAMES, type NotificationKind } from '@patient/contract';
import { chinaDate, chinaTimeOfDay } from '@patient/validation';

/** A message's time as the inbox shows it, China time: 今天 08:30, 昨天 19:05, else 2030-05-10 08:30. */
export function sentAt(iso: string, now: Date = new Date()): string {
  const day = chinaDate(iso);
  const time = chinaTimeOfDay(iso);
  if (day === chinaDate(now)) return `今天 ${time}`;
  if (day === chinaDate(now.getTime() - 86_400_000)) return `昨天 ${time}`;
  return `${day} ${time}`;
}

/** The kind's tag. */
export const kindName = (kind: NotificationKind): string => NOTIFICATION_KIND_NAMES[kind];
