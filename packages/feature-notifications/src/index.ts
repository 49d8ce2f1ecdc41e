import { defineFeature } from '@patient/ui-kit';

/**
 * The notifications inbox (000 §1 'read notifications'): /messages lists the account's messages newest first
 * with unread marks and their count, 全部已读; /messages/:notificationId opens one (marking it read), leads to
 * what it is about and deletes it after a confirm. Not spec routes: the spec names the reading of notifications
 * but no screen for it (its /messageNotify is feature-patients' switch per contact).
 */
export const notificationsFeature = defineFeature({
  name: 'notifications',
  routes: [
    { path: '/messages', page: () => import('./pages/MessagesPage.tsx'), meta: { title: '我的消息' } },
    {
      path: '/messages/:notificationId',
      page: () => import('./pages/MessageDetailPage.tsx'),
      meta: { title: '消息详情' },
    },
  ],
});
