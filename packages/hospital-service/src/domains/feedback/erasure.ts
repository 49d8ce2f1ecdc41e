import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { feedbacks, followUpPushes, followUpTasks } from './tables.ts';

/** Deletes the account's complaints and suggestions (with their replies), follow-up tasks and pushes. */
export async function erasePersonalData(tx: Tx, accountId: number): Promise<void> {
  await tx.delete(followUpPushes).where(eq(followUpPushes.userId, accountId));
  await tx.delete(followUpTasks).where(eq(followUpTasks.userId, accountId));
  await tx.delete(feedbacks).where(eq(feedbacks.userId, accountId));
}
