/** Hospital information: profile, notices, navigation, the visit guide and prices. */
export { informationRoutes } from './routes.ts';
export { seedInformation } from './seed.ts';
export * from './tables.ts';

import { type DomainModule, defineDomain } from '../../platform/module.ts';
import { informationRoutes } from './routes.ts';
import { seedInformation } from './seed.ts';
import * as tables from './tables.ts';

const seedAll: NonNullable<DomainModule['seed']> = async (tx, { now }) => {
  await seedInformation(tx, now);
  return {};
};

/** Hospital information; seeds every hospital's profile, notices and prices. */
export const informationModule = defineDomain({
  name: 'information',
  tables,
  routes: () => informationRoutes,
  seed: seedAll,
  completeSeed: seedAll,
});
