/** Outpatient and inpatient fees over the simulated billing HIS; paid through payments (three Payables). */
export { dischargeInpatient, invalidateOutpatientOrder, registerFeesDevRoutes } from './dev.ts';
export { erasePersonalData } from './erasure.ts';
export type { BillingHis } from './his.ts';
export { type StayFacts, stayOfAccount, staysInHospital, staysStillIn } from './inpatients.ts';
export { inpatientDepositPayable, inpatientSettlementPayable, outpatientFeePayable } from './payable.ts';
export { feeRoutes } from './routes.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import { registerFeesDevRoutes } from './dev.ts';
import { inpatientDepositPayable, inpatientSettlementPayable, outpatientFeePayable } from './payable.ts';
import { feeRoutes } from './routes.ts';
import * as tables from './tables.ts';

/** Outpatient and inpatient fees (copied from the simulated billing HIS on first listing, no seed). */
export const feesModule = defineDomain({
  name: 'fees',
  tables,
  routes: () => feeRoutes,
  payables: [outpatientFeePayable, inpatientDepositPayable, inpatientSettlementPayable],
  devRoutes: (app, { deps }) => registerFeesDevRoutes(app, deps),
});
