export { erasePersonalData } from './erasure.ts';
export { ITEM_TYPES } from './his.ts';
export { seedDemoCheckups } from './seed.ts';
export * from './tables.ts';

import { defineDomain, seedFact } from '../../platform/module.ts';
import { checkupRoutes } from './routes.ts';
import { seedDemoCheckups } from './seed.ts';
import * as tables from './tables.ts';

/** Check-up requests and their appointments; seeds the demo contacts' requests. */
export const checkupModule = defineDomain({
  name: 'checkup',
  tables,
  routes: () => checkupRoutes,
  seed: async (tx, ctx) => ({
    summary: {
      checkupApplications: await seedDemoCheckups(
        tx,
        seedFact(ctx, 'demoUserId'),
        seedFact(ctx, 'demoContacts'),
        ctx.now,
      ),
    },
  }),
});
