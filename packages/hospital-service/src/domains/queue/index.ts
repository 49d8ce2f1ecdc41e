/** Queue calling: the hospital's queues, the simulated HIS's calls, sign-ins and places, their live events. */

export { erasePersonalData } from './erasure.ts';
export { registerQueueDevRoutes, registerQueueEvents } from './events.ts';
export { queueRoutes } from './routes.ts';
export { seedQueues } from './seed.ts';
export * from './tables.ts';
