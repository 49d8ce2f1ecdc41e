export { erasePersonalData } from './erasure.ts';
export { ITEM_TYPES } from './his.ts';
export { seedDemoCheckups } from './seed.ts';
export * from './tables.ts';
