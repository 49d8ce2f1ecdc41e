/** Electronic invoices: the platform's invoices of a contact's paid settlements, merge-printing, page images. */

export { erasePersonalData } from './erasure.ts';
export { type HisSettlements, simulatedHisSettlements } from './his.ts';
export { type EInvoicePlatform, simulatedEInvoicePlatform } from './platform.ts';
export { invoiceRoutes, invoiceTypeOf } from './routes.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import { invoiceRoutes } from './routes.ts';
import * as tables from './tables.ts';

/** Electronic invoices (no seed). */
export const invoicesModule = defineDomain({ name: 'invoices', tables, routes: () => invoiceRoutes });
