/** Electronic invoices: the platform's invoices of a contact's paid settlements, merge-printing, page images. */

export { erasePersonalData } from './erasure.ts';
export { type HisSettlements, simulatedHisSettlements } from './his.ts';
export { type EInvoicePlatform, simulatedEInvoicePlatform } from './platform.ts';
export { invoiceRoutes, invoiceTypeOf } from './routes.ts';
export * from './tables.ts';
