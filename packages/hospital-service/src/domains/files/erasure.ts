import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import type { FileStorage } from './storage.ts';
import { uploadedFiles } from './tables.ts';

/**
 * Deletes the account's uploaded files' rows and answers their storage keys: the bytes are removed with
 * {@link eraseStoredFiles} once the transaction has committed (a storage cannot roll back).
 */
export async function erasePersonalData(tx: Tx, accountId: number): Promise<string[]> {
  const rows = await tx
    .delete(uploadedFiles)
    .where(eq(uploadedFiles.userId, accountId))
    .returning({ key: uploadedFiles.storageKey });
  return rows.map((r) => r.key);
}

/** Removes the bytes of deleted files from the storage. */
export async function eraseStoredFiles(storage: FileStorage, keys: string[]): Promise<void> {
  for (const key of keys) await storage.delete(key);
}
