import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import type { Detached } from '../../platform/privacy/erasure.ts';
import { insuranceAuthorisations, insuranceSettlements } from './tables.ts';

/** Pay authorisations are deleted; settlements (accounting records of the insurance fund) are kept, detached. */
export async function erasePersonalData(tx: Tx, accountId: number, detached: Detached): Promise<void> {
  await tx.delete(insuranceAuthorisations).where(eq(insuranceAuthorisations.userId, accountId));
  await tx
    .update(insuranceSettlements)
    .set({ userId: detached.userId })
    .where(eq(insuranceSettlements.userId, accountId));
}
