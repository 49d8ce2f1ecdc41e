import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { type Detached, ERASED } from '../../platform/privacy/erasure.ts';
import { eInvoices } from './tables.ts';

/**
 * Invoices are accounting records: kept, detached, the payer's name and ID number removed (the e-invoice
 * platform holds the issued original).
 */
export async function erasePersonalData(tx: Tx, accountId: number, detached: Detached): Promise<void> {
  await tx
    .update(eInvoices)
    .set({ userId: detached.userId, contactId: detached.contactId, payerName: ERASED, payerIdNumber: ERASED })
    .where(eq(eInvoices.userId, accountId));
}
