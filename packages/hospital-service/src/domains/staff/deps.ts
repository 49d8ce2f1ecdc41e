import type { CorpDirectory } from './corp-directory.ts';

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
