/** Bed reservation: the patient's applications and the ward's handling of them (nurse side, staff role). */

export { erasePersonalData } from './erasure.ts';
export { bedRoutes } from './routes.ts';
export { seedDemoBedOrders } from './seed.ts';
export { BED_WARDS, wardsOf } from './seed-data.ts';
export * from './tables.ts';

import { defineDomain, seedFact } from '../../platform/module.ts';
import { bedRoutes } from './routes.ts';
import { seedDemoBedOrders } from './seed.ts';
import * as tables from './tables.ts';

/** Bed orders; seeds the demo account's three bed orders (after the staff). */
export const bedsModule = defineDomain({
  name: 'beds',
  tables,
  routes: () => bedRoutes,
  seed: async (tx, ctx) => {
    await seedDemoBedOrders(
      tx,
      seedFact(ctx, 'demoUserId'),
      seedFact(ctx, 'demoContacts'),
      seedFact(ctx, 'staffIds'),
      ctx.now,
    );
    return {};
  },
});
