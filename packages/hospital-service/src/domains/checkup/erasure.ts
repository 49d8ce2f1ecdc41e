import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { checkupApplications } from './tables.ts';

/** Deletes the account's check-up requests. */
export async function erasePersonalData(tx: Tx, accountId: number): Promise<void> {
  await tx.delete(checkupApplications).where(eq(checkupApplications.userId, accountId));
}
