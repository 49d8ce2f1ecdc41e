import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { type Detached, ERASED } from '../../platform/privacy/erasure.ts';
import { recordCopyOrders } from './tables.ts';

/**
 * Record copy orders are kept (the origin of their payments), detached: no patient or applicant name, no
 * address, no ID photos (the files are deleted with the account).
 */
export async function erasePersonalData(tx: Tx, accountId: number, detached: Detached): Promise<void> {
  await tx
    .update(recordCopyOrders)
    .set({
      userId: detached.userId,
      contactId: detached.contactId,
      patientName: ERASED,
      applicant: ERASED,
      address: null,
      photos: [],
    })
    .where(eq(recordCopyOrders.userId, accountId));
}
