export { erasePersonalData } from './erasure.ts';
export {
  CHECKUP_HIS_NAME,
  type CheckupHis,
  type CheckupRequest,
  ITEM_TYPES,
  SimulatedCheckupHis,
  type TakenPlaces,
} from './his.ts';
export { seedDemoCheckups } from './seed.ts';
export * from './tables.ts';

import { defineDomain, seedFact } from '../../platform/module.ts';
import './deps.ts';
import { SimulatedCheckupHis } from './his.ts';
import { checkupRoutes } from './routes.ts';
import { seedDemoCheckups } from './seed.ts';
import * as tables from './tables.ts';

/** Check-up requests and their appointments; seeds the demo contacts' requests. */
export const checkupModule = defineDomain({
  name: 'checkup',
  tables,
  ports: { checkupHis: ({ clock }) => new SimulatedCheckupHis(() => clock.now()) },
  routes: ({ ports }) => checkupRoutes(ports.checkupHis),
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
