import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import type { Detached } from '../../platform/privacy/erasure.ts';
import { consents } from './tables.ts';

/** Consents keep their history (which version was agreed to, when) but no longer name the account. */
export async function erasePersonalData(tx: Tx, accountId: number, detached: Detached): Promise<void> {
  await tx.update(consents).set({ userId: detached.userId }).where(eq(consents.userId, accountId));
}
