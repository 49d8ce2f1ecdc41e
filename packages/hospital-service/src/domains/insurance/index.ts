/** Medical insurance mobile payment: pay authorisations, order splits, the insurance centre behind them. */
import './deps.ts';

export { registerInsuranceAuthPage } from './auth-page.ts';
export { type InsuranceCentre, InsuranceCentreError } from './centre.ts';
export { erasePersonalData } from './erasure.ts';
export { insuranceRoutes } from './routes.ts';
export { seedInsurancePolicies } from './seed.ts';
export {
  confirmSettlement,
  dropPreSettlement,
  type OrderToSettle,
  preSettleOrder,
  reverseSettlement,
  type SettlementRow,
  settlementOfOrder,
} from './settlements.ts';
export { SimulatedInsuranceCentre } from './simulated-centre.ts';
export type { FeeItem, Split } from './split.ts';
export * from './tables.ts';

import { type DomainModule, defineDomain } from '../../platform/module.ts';
import { HOSPITALS } from '../hospitals/index.ts';
import { registerInsuranceAuthPage } from './auth-page.ts';
import { insuranceRoutes } from './routes.ts';
import { seedInsurancePolicies } from './seed.ts';
import { SimulatedInsuranceCentre } from './simulated-centre.ts';
import * as tables from './tables.ts';

const seedPolicies: NonNullable<DomainModule['seed']> = async (tx) => {
  await seedInsurancePolicies(
    tx,
    HOSPITALS.map((h) => h.id),
  );
  return {};
};

/** Pay authorisations and order splits over the insurance centre; seeds every hospital's policies. */
export const insuranceModule = defineDomain({
  name: 'insurance',
  tables,
  ports: { insuranceCentre: () => new SimulatedInsuranceCentre() },
  routes: () => insuranceRoutes,
  devRoutes: (app, { deps, ports }) => {
    if (ports.insuranceCentre instanceof SimulatedInsuranceCentre) {
      registerInsuranceAuthPage(app, deps, ports.insuranceCentre);
    }
  },
  seed: seedPolicies,
  completeSeed: seedPolicies,
});
