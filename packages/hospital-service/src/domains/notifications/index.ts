/** The notifications inbox: messages per account and hospital, written by the domains through `notify` only. */

export { erasePersonalData } from './erasure.ts';
export { type NewNotification, notify } from './notify.ts';
export { notificationRoutes } from './routes.ts';
export { seedDemoNotifications } from './seed.ts';
export * from './tables.ts';
