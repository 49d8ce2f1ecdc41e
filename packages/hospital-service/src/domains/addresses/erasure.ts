import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { expressAddresses } from './tables.ts';

/** Deletes the account's delivery addresses. */
export async function erasePersonalData(tx: Tx, accountId: number): Promise<void> {
  await tx.delete(expressAddresses).where(eq(expressAddresses.userId, accountId));
}
