/** Prepaid accounts: open, recharge (payments' ACCOUNT_RECHARGE), transactions, close with the balance refunded. */

export { blockersOfDeletion, erasePersonalData } from './erasure.ts';
export { type HisAccountLedger, simulatedHisLedger } from './his.ts';
export { rechargePayable } from './payable.ts';
export { prepaidRoutes } from './routes.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import { rechargePayable } from './payable.ts';
import { prepaidRoutes } from './routes.ts';
import * as tables from './tables.ts';

/** Prepaid accounts and their recharges (no seed). */
export const prepaidModule = defineDomain({
  name: 'prepaid',
  tables,
  routes: () => prepaidRoutes,
  payables: [rechargePayable()],
});
