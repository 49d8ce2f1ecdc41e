import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id } from './primitives.ts';

/**
 * The notifications inbox (000 §1 'read notifications'): the messages the service keeps for an account in one
 * hospital — an appointment booked, money refunded, a feedback replied, a follow-up pushed — newest first, with
 * their read state. The domains write them when those things happen; a message about a contact is written only
 * while that contact's switch (/messageNotify, `updateContactNotification`) is on.
 */

/** What a message is about. */
export const notificationKind = z.enum([
  'APPOINTMENT',
  'PAYMENT',
  'REFUND',
  'REPORT',
  'QUEUE',
  'FEEDBACK',
  'FOLLOW_UP',
  'ADMISSION',
]);
export type NotificationKind = z.output<typeof notificationKind>;
export const NOTIFICATION_KIND_NAMES: Record<NotificationKind, string> = {
  APPOINTMENT: '预约挂号',
  PAYMENT: '缴费',
  REFUND: '退款',
  REPORT: '报告',
  QUEUE: '排队叫号',
  FEEDBACK: '投诉建议',
  FOLLOW_UP: '随访宣教',
  ADMISSION: '住院预约',
};

/** Most messages a list answers (newest first); older ones are still counted as unread. */
export const NOTIFICATIONS_PAGE = 100;

export const notificationItem = z.object({
  notificationId: z.string(),
  kind: notificationKind,
  title: z.string(),
  /** Its paragraphs. */
  body: z.array(z.string()),
  /** Where the app shows what it is about (an app path), or null. */
  link: z.nullable(z.string()),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.output<typeof notificationItem>;

export const notificationList = z.object({
  items: z.array(notificationItem),
  unread: z.int(),
});
export type NotificationList = z.output<typeof notificationList>;

const hospitalQuery = z.object({ hospitalId: id() });
const notificationParams = z.object({ notificationId: id() });

export const listNotifications = endpoint({
  id: 'listNotifications',
  method: 'GET',
  path: '/v1/notifications',
  summary: '我的消息（最新在前，含未读数）',
  query: hospitalQuery,
  results: notificationList,
});

export const countUnreadNotifications = endpoint({
  id: 'countUnreadNotifications',
  method: 'GET',
  path: '/v1/notifications/unread',
  summary: '未读消息数',
  query: hospitalQuery,
  results: z.object({ unread: z.int() }),
});

export const openNotification = endpoint({
  id: 'openNotification',
  method: 'POST',
  path: '/v1/notifications/:notificationId/open',
  summary: '查看一条消息（并标为已读）',
  params: notificationParams,
  results: notificationItem,
});

export const readAllNotifications = endpoint({
  id: 'readAllNotifications',
  method: 'POST',
  path: '/v1/notifications/readAll',
  summary: '全部标为已读',
  body: hospitalQuery,
  results: z.object({ unread: z.int() }),
});

export const deleteNotification = endpoint({
  id: 'deleteNotification',
  method: 'POST',
  path: '/v1/notifications/:notificationId/delete',
  summary: '删除一条消息',
  params: notificationParams,
  results: z.boolean(),
});
