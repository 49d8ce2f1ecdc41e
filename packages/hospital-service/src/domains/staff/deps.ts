import type { CorpDirectory } from './corp-directory.ts';
import type { WardsOf } from './routes.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /**
     * The corporate-messaging platform of staff sign-in (企业微信). Default: WECOM_* (the real adapter), else the
     * simulated one outside production (none in production).
     */
    corpDirectory: CorpDirectory | null;
  }
  interface SeedFacts {
    /** The seeded staff members' ids, by their corporate user id. */
    staffIds: Map<string, number>;
  }
}

declare module '../../platform/http/context.ts' {
  interface DomainDeps {
    /** The wards of a hospital, by code (the beds domain's catalogue, given by the composition root). */
    wardsOf: WardsOf;
  }
}
