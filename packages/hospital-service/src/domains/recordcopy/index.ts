/** Medical record copies: applications, their fee through payments, review, posting or pickup, tracking. */
export { type Courier, SimulatedCourier } from './courier.ts';
export { nextStatus, registerRecordCopyDevRoutes } from './dev.ts';
export { erasePersonalData } from './erasure.ts';
export { pastStays } from './his.ts';
export { recordCopyPayable } from './payable.ts';
export { MAX_OPEN_APPLICATIONS, recordCopyRoutes } from './routes.ts';
export * from './tables.ts';
