/** 个人信息权利: account deletion (composed from every domain's erasePersonalData) and the copy of one's data. */
export { collectPersonalData } from './copy.ts';
export { blockersOf, deleteAccountData } from './deletion.ts';
export { privacyRoutes } from './routes.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import { purgeExpiredCopies } from './retention.ts';
import { privacyRoutes } from './routes.ts';
import * as tables from './tables.ts';

/** Account deletion and the copy of one's data (no seed). */
export const privacyModule = defineDomain({
  name: 'privacy',
  tables,
  routes: ({ ports }) => privacyRoutes(ports.fileStorage),
  jobs: ({ deps }) => [
    {
      name: 'privacy-expired-copies',
      cron: '30 3 * * *',
      run: () => purgeExpiredCopies(deps.db, deps.clock.now()),
    },
  ],
});
