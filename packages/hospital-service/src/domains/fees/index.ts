/** Outpatient and inpatient fees over the simulated billing HIS; paid through payments (three Payables). */
export { dischargeInpatient, invalidateOutpatientOrder, registerFeesDevRoutes } from './dev.ts';
export { erasePersonalData } from './erasure.ts';
export type { BillingHis } from './his.ts';
export { type StayFacts, stayOfAccount, staysInHospital, staysStillIn } from './inpatients.ts';
export { inpatientDepositPayable, inpatientSettlementPayable, outpatientFeePayable } from './payable.ts';
export { feeRoutes } from './routes.ts';
export * from './tables.ts';
