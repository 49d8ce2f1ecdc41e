import { MODULES } from './modules.ts';
import * as platformTables from './platform/auth/tables.ts';
import type { TablesOf } from './platform/module.ts';

/**
 * Every table of the service: the platform's (users, sessions) and each module's (`tables` of its definition, its
 * `tables.ts`). drizzle-kit reads the same files (drizzle.config.ts); migrations stay one ordered stream in
 * drizzle/. After changing a `tables.ts` run `pnpm --filter @patient/hospital-service db:generate`.
 */
export const schema = Object.assign(
  { ...platformTables },
  ...MODULES.map((m) => ('tables' in m ? m.tables : {})),
) as typeof platformTables & TablesOf<typeof MODULES>;
