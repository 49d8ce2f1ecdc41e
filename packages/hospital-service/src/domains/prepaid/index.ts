/** Prepaid accounts: open, recharge (payments' ACCOUNT_RECHARGE), transactions, close with the balance refunded. */

export { blockersOfDeletion, erasePersonalData } from './erasure.ts';
export {
  type LedgerCredit,
  type LedgerMovement,
  PREPAID_LEDGER,
  type PrepaidLedger,
  PrepaidLedgerError,
  SimulatedPrepaidLedger,
} from './his.ts';
export { rechargePayable } from './payable.ts';
export { prepaidRoutes } from './routes.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import './deps.ts';
import { SimulatedPrepaidLedger } from './his.ts';
import { rechargePayable } from './payable.ts';
import { prepaidRoutes } from './routes.ts';
import * as tables from './tables.ts';

/** Prepaid accounts and their recharges over the HIS's ledger (no seed). */
export const prepaidModule = defineDomain({
  name: 'prepaid',
  tables,
  ports: { prepaidLedger: () => new SimulatedPrepaidLedger() },
  routes: ({ ports }) => prepaidRoutes(ports.prepaidLedger),
  payables: ({ prepaidLedger }) => [rechargePayable(prepaidLedger)],
});
