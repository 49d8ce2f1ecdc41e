/** Electronic invoices: the platform's invoices of a contact's paid settlements, merge-printing, page images. */

export { erasePersonalData } from './erasure.ts';
export {
  HIS_SETTLEMENTS,
  type HisSettlement,
  type HisSettlements,
  HisSettlementsError,
  SimulatedHisSettlements,
} from './his.ts';
export {
  EINVOICE_PLATFORM,
  type EInvoicePlatform,
  EInvoicePlatformError,
  SimulatedEInvoicePlatform,
} from './platform.ts';
export { invoiceRoutes, invoiceTypeOf } from './routes.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import './deps.ts';
import { SimulatedHisSettlements } from './his.ts';
import { SimulatedEInvoicePlatform } from './platform.ts';
import { invoiceRoutes } from './routes.ts';
import * as tables from './tables.ts';

/** Electronic invoices over the HIS's settlements and the e-invoice platform (no seed). */
export const invoicesModule = defineDomain({
  name: 'invoices',
  tables,
  ports: {
    hisSettlements: () => new SimulatedHisSettlements(),
    eInvoicePlatform: () => new SimulatedEInvoicePlatform(),
  },
  routes: ({ ports }) => invoiceRoutes({ his: ports.hisSettlements, platform: ports.eInvoicePlatform }),
});
