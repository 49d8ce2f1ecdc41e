import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { companionCards } from './tables.ts';

/** Deletes the account's companion cards (their health declarations included). */
export async function erasePersonalData(tx: Tx, accountId: number): Promise<void> {
  await tx.delete(companionCards).where(eq(companionCards.userId, accountId));
}
