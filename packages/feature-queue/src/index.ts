import { defineFeature } from '@patient/ui-kit';
import { QUEUE_ROUTES } from './paths.ts';

/** Queue calling (000 §2 'Queue'): sign in on arrival, my place in each queue, the public queues, the calling screen. */
export const queueFeature = defineFeature({
  name: 'queue',
  routes: [
    {
      path: QUEUE_ROUTES.index,
      page: () => import('./pages/QueueIndexPage.tsx'),
      meta: { title: '排队叫号' },
    },
    {
      path: QUEUE_ROUTES.indexFor,
      page: () => import('./pages/QueueIndexPage.tsx'),
      meta: { title: '排队叫号' },
    },
    { path: QUEUE_ROUTES.signIn, page: () => import('./pages/SignInPage.tsx'), meta: { title: '到院签到' } },
    {
      path: QUEUE_ROUTES.queues,
      page: () => import('./pages/RealQueuePage.tsx'),
      meta: { title: '实时排队' },
    },
    {
      path: QUEUE_ROUTES.detail,
      page: () => import('./pages/QueueDetailPage.tsx'),
      meta: { title: '队列叫号' },
    },
    {
      path: QUEUE_ROUTES.play,
      page: () => import('./pages/CallingScreenPage.tsx'),
      meta: { title: '叫号屏' },
    },
  ],
});
