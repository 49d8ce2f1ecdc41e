/** Queue calling: the hospital's queues, the simulated HIS's calls, sign-ins and places, their live events. */

export { erasePersonalData } from './erasure.ts';
export { registerQueueDevRoutes, registerQueueEvents } from './events.ts';
export { queueRoutes } from './routes.ts';
export { seedQueues } from './seed.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import { HOSPITALS } from '../hospitals/index.ts';
import { registerQueueDevRoutes, registerQueueEvents } from './events.ts';
import { queueRoutes } from './routes.ts';
import { seedQueues } from './seed.ts';
import * as tables from './tables.ts';

/** Queue calling; seeds every hospital's queues (one per clinic of the booking catalogue). */
export const queueModule = defineDomain({
  name: 'queue',
  tables,
  routes: () => queueRoutes,
  http: (app, { deps }) => registerQueueEvents(app, deps),
  devRoutes: (app, { deps }) => registerQueueDevRoutes(app, deps),
  seed: async (tx) => ({
    summary: {
      queues: await seedQueues(
        tx,
        HOSPITALS.map((h) => h.id),
      ),
    },
  }),
  completeSeed: async (tx) => {
    await seedQueues(
      tx,
      HOSPITALS.map((h) => h.id),
    );
    return {};
  },
});
