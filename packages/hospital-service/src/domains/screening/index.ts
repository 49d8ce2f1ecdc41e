/** Community health screening: campaigns by street, their communities, residents' screenings and risk results. */

export { erasePersonalData } from './erasure.ts';
export { screeningRoutes } from './routes.ts';
export { completeScreening, seedScreening } from './seed.ts';
export * from './tables.ts';

import { defineDomain, seedFact } from '../../platform/module.ts';
import { HOSPITALS } from '../hospitals/index.ts';
import { screeningRoutes } from './routes.ts';
import { completeScreening, seedScreening } from './seed.ts';
import * as tables from './tables.ts';

/** Community screening; seeds every hospital's campaigns and communities, and the demo account's screening. */
export const screeningModule = defineDomain({
  name: 'screening',
  tables,
  routes: () => screeningRoutes,
  seed: async (tx, ctx) => {
    await seedScreening(
      tx,
      HOSPITALS.map((h) => h.id),
      ctx.now,
      { userId: seedFact(ctx, 'demoUserId'), contacts: seedFact(ctx, 'demoContacts') },
    );
    return {};
  },
  completeSeed: async (tx, { now }) => {
    await completeScreening(
      tx,
      HOSPITALS.map((h) => h.id),
      now,
    );
    return {};
  },
});
