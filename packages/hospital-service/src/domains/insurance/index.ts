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
