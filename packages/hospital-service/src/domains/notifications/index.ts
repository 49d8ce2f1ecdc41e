/** The notifications inbox: messages per account and hospital, written by the domains through `notify` only. */

export { erasePersonalData } from './erasure.ts';
export { type NewNotification, notify } from './notify.ts';
export { notificationRoutes } from './routes.ts';
export { seedDemoNotifications } from './seed.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import { notificationRoutes } from './routes.ts';
import * as tables from './tables.ts';

/** The inbox (its demo messages are seeded by feedback, through `seedDemoNotifications`). */
export const notificationsModule = defineDomain({
  name: 'notifications',
  tables,
  routes: () => notificationRoutes,
});
