import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { type Detached, ERASED } from '../../platform/privacy/erasure.ts';
import { nucleicAcidOrders } from './tables.ts';

/**
 * Nucleic acid orders are kept (the origin of their payments), detached: no name, no document number, no
 * health declaration. `contactId`: only that contact's rows (a contact deleted from the account; `detached.userId` is then the account).
 */
export async function erasePersonalData(
  tx: Tx,
  accountId: number,
  detached: Detached,
  contactId?: number,
): Promise<void> {
  await tx
    .update(nucleicAcidOrders)
    .set({
      userId: detached.userId,
      contactId: detached.contactId,
      patientName: ERASED,
      documentNumber: ERASED,
      health: null,
    })
    .where(
      and(
        eq(nucleicAcidOrders.userId, accountId),
        contactId === undefined ? undefined : eq(nucleicAcidOrders.contactId, contactId),
      ),
    );
}
