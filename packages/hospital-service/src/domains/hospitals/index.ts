export { hospitalParams, requireHospital } from './routes.ts';
export { seedHospitals, setAppointmentDays } from './seed.ts';
export { type BookingRuleSeed, HOSPITALS, type HospitalSeed, type Theme } from './seed-data.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import { startupRoutes } from './routes.ts';
import { seedHospitals } from './seed.ts';
import * as tables from './tables.ts';

/** The nine hospitals and their system parameters; the start-up calls. Seeded first. */
export const hospitalsModule = defineDomain({
  name: 'hospitals',
  tables,
  routes: () => startupRoutes,
  seed: async (tx, { now }) => ({ summary: { hospitals: await seedHospitals(tx, now) } }),
});
