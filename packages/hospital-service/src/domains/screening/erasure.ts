import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { screenings } from './tables.ts';

/** Deletes the account's screenings (personal and health forms, risk results). */
export async function erasePersonalData(tx: Tx, accountId: number): Promise<void> {
  await tx.delete(screenings).where(eq(screenings.userId, accountId));
}
