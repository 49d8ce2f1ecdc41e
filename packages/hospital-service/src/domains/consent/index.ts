/** 隐私与授权: the account's items per hospital (the only file another domain imports). */
export { consentRoutes } from './routes.ts';
export { seedConsent } from './seed.ts';
export { type ConsentSource, SimulatedConsentSource } from './source.ts';
export * from './tables.ts';
