import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { type Detached, ERASED } from '../../platform/privacy/erasure.ts';
import { nucleicAcidOrders } from './tables.ts';

/**
 * Nucleic acid orders are kept (the origin of their payments), detached: no name, no document number, no
 * health declaration.
 */
export async function erasePersonalData(tx: Tx, accountId: number, detached: Detached): Promise<void> {
  await tx
    .update(nucleicAcidOrders)
    .set({
      userId: detached.userId,
      contactId: detached.contactId,
      patientName: ERASED,
      documentNumber: ERASED,
      health: null,
    })
    .where(eq(nucleicAcidOrders.userId, accountId));
}
