declare module '../../platform/module.ts' {
  interface SeedFacts {
    /** The demo account's user id. */
    demoUserId: number;
  }
}

export {};
