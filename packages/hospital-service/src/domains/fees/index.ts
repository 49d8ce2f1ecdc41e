/** Outpatient and inpatient fees over the hospital's billing HIS (a port); paid through payments (three Payables). */
export { dischargeInpatient, invalidateOutpatientOrder, registerFeesDevRoutes } from './dev.ts';
export { erasePersonalData } from './erasure.ts';
export {
  BILLING_HIS,
  type BillingHis,
  BillingHisError,
  type HisChargeDay,
  type HisOutpatientOrder,
  type HisStay,
  SimulatedBillingHis,
} from './his.ts';
export { type StayFacts, stayOfAccount, staysInHospital, staysStillIn } from './inpatients.ts';
export { inpatientDepositPayable, inpatientSettlementPayable, outpatientFeePayable } from './payable.ts';
export { feeRoutes } from './routes.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import './deps.ts';
import { registerFeesDevRoutes } from './dev.ts';
import { SimulatedBillingHis } from './his.ts';
import { inpatientDepositPayable, inpatientSettlementPayable, outpatientFeePayable } from './payable.ts';
import { feeRoutes } from './routes.ts';
import * as tables from './tables.ts';

/** Outpatient and inpatient fees (copied from the billing HIS on first listing, no seed). */
export const feesModule = defineDomain({
  name: 'fees',
  tables,
  ports: { billingHis: ({ clock }) => new SimulatedBillingHis(() => clock.now()) },
  routes: ({ ports }) => feeRoutes(ports.billingHis),
  payables: ({ billingHis }) => [
    outpatientFeePayable(billingHis),
    inpatientDepositPayable(billingHis),
    inpatientSettlementPayable(billingHis),
  ],
  devRoutes: (app, { deps }) => registerFeesDevRoutes(app, deps),
});
