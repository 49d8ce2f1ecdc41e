/** Bed reservation: the patient's applications and the ward's handling of them (nurse side, staff role). */

export { erasePersonalData } from './erasure.ts';
export { bedRoutes } from './routes.ts';
export { seedDemoBedOrders } from './seed.ts';
export { BED_WARDS, wardsOf } from './seed-data.ts';
export * from './tables.ts';
