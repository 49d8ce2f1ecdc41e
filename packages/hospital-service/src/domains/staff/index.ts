/** Staff identity: the corporate-messaging sign-in (企业微信 OAuth), staff sessions, the staff role. */

export { type DataAccess, dataAccessRoutes, recordDataAccess } from './access.ts';
export {
  type CorpDirectory,
  CorpDirectoryError,
  corpDirectoryFrom,
  SimulatedCorpDirectory,
  WeComDirectory,
} from './corp-directory.ts';
export { registerStaffDevPage } from './dev-page.ts';
export { staffRoutes, type WardsOf } from './routes.ts';
export { seedStaff } from './seed.ts';
export { STAFF_SEED } from './seed-data.ts';
export { requireStaff, STAFF_COOKIE, type StaffRow } from './sessions.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import { HOSPITALS } from '../hospitals/index.ts';
import { dataAccessRoutes } from './access.ts';
import { corpDirectoryFrom, SimulatedCorpDirectory } from './corp-directory.ts';
import './deps.ts';
import { registerStaffDevPage } from './dev-page.ts';
import { purgeExpiredStaffData } from './retention.ts';
import { staffRoutes } from './routes.ts';
import { seedStaff } from './seed.ts';
import * as tables from './tables.ts';

/** Staff sign-in (企业微信), sessions and the access log of staff reads; seeds three ward staff per hospital (provides `staffIds`). */
export const staffModule = defineDomain({
  name: 'staff',
  tables,
  ports: {
    corpDirectory: ({ env, production, clock }) =>
      corpDirectoryFrom(env, production, () => clock.now().getTime()),
  },
  routes: ({ ports, deps }) => [...staffRoutes(ports.corpDirectory, deps.wardsOf), ...dataAccessRoutes],
  jobs: ({ deps }) => [
    {
      name: 'staff-retention',
      cron: '20 3 * * *',
      run: () => purgeExpiredStaffData(deps.db, deps.clock.now()),
    },
  ],
  devRoutes: (app, { deps, ports }) => {
    if (ports.corpDirectory instanceof SimulatedCorpDirectory)
      registerStaffDevPage(app, deps, ports.corpDirectory);
  },
  seed: async (tx, { now }) => ({
    facts: {
      staffIds: await seedStaff(
        tx,
        HOSPITALS.map((h) => h.id),
        now,
      ),
    },
  }),
});
