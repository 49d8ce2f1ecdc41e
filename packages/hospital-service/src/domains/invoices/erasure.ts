import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { type Detached, ERASED } from '../../platform/privacy/erasure.ts';
import { eInvoices } from './tables.ts';

/**
 * Invoices are accounting records: kept, detached, the payer's name and ID number removed (the e-invoice
 * platform holds the issued original). `contactId`: only that contact's rows (a contact deleted from the account; `detached.userId` is then the account).
 */
export async function erasePersonalData(
  tx: Tx,
  accountId: number,
  detached: Detached,
  contactId?: number,
): Promise<void> {
  await tx
    .update(eInvoices)
    .set({ userId: detached.userId, contactId: detached.contactId, payerName: ERASED, payerIdNumber: ERASED })
    .where(
      and(
        eq(eInvoices.userId, accountId),
        contactId === undefined ? undefined : eq(eInvoices.contactId, contactId),
      ),
    );
}
