export { type ContactRow, ownedContact } from './common.ts';
export { HEALTH_CODE_WATCHLIST } from './health-code-platform.ts';
export { filedBeforehand, type HisPerson, identityKeyOf, isFiled } from './his.ts';
export * from './tables.ts';
