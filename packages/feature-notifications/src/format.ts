import { NOTIFICATION_KIND_NAMES, type NotificationKind } from '@patient/contract';

/** A message's time as the inbox shows it, China time: 今天 08:30, 昨天 19:05, else 2030-05-10 08:30. */
export function sentAt(iso: string, now: Date = new Date()): string {
  const china = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString();
  const at = china(new Date(iso));
  const today = china(now).slice(0, 10);
  const yesterday = china(new Date(now.getTime() - 86_400_000)).slice(0, 10);
  const time = at.slice(11, 16);
  if (at.slice(0, 10) === today) return `今天 ${time}`;
  if (at.slice(0, 10) === yesterday) return `昨天 ${time}`;
  return `${at.slice(0, 10)} ${time}`;
}

/** The kind's tag. */
export const kindName = (kind: NotificationKind): string => NOTIFICATION_KIND_NAMES[kind];

export const NO_HOSPITAL_MESSAGE = '未选择医院，请从医院首页进入';
