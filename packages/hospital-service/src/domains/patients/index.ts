export { type ContactRow, isHisProven, ownedContact, requireHisProven } from './common.ts';
export { HEALTH_CODE_WATCHLIST } from './health-code-platform.ts';
export { filedBeforehand, type HisPerson, hisPhoneOf, identityKeyOf, isFiled } from './his.ts';
export { seedDemoPatients } from './seed.ts';
export { DEMO_CONTACTS } from './seed-data.ts';
export * from './tables.ts';
