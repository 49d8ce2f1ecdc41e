/** Queue calling: the hospital's queues, the simulated HIS's calls, sign-ins and places, their live events. */

export { erasePersonalData } from './erasure.ts';
export { registerQueueDevRoutes, registerQueueEvents, SharedQueueStates } from './events.ts';
export {
  type Prescription,
  QUEUE_HIS_NAME,
  type QueueHis,
  type QueueHisState,
  type QueueSignInRequest,
  SimulatedQueueHis,
} from './his.ts';
export { queueRoutes } from './routes.ts';
export { seedQueues } from './seed.ts';
export * from './tables.ts';

import type { Db } from '../../platform/database/connect.ts';
import { defineDomain } from '../../platform/module.ts';
import { HOSPITALS } from '../hospitals/index.ts';
import './deps.ts';
import { registerQueueDevRoutes, registerQueueEvents } from './events.ts';
import { SimulatedQueueHis } from './his.ts';
import { queueRoutes } from './routes.ts';
import { seedQueues } from './seed.ts';
import * as tables from './tables.ts';

/** Queue calling; seeds every hospital's queues (one per clinic of the booking catalogue). */
export const queueModule = defineDomain({
  name: 'queue',
  tables,
  ports: {
    // The simulation keeps its desks' books in the service's database (none when the ports are only inspected).
    queueHis: ({ db, clock }) => new SimulatedQueueHis(db as Db, clock),
  },
  routes: ({ ports }) => queueRoutes(ports.queueHis),
  http: (app, { deps, ports }) => registerQueueEvents(app, deps, ports.queueHis),
  devRoutes: (app, { deps, ports }) => registerQueueDevRoutes(app, deps, ports.queueHis),
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
