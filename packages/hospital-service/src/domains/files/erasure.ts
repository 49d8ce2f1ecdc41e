import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/database/connect.ts';
import { parseId } from '../../platform/database/ids.ts';
import type { FileStorage } from './storage.ts';
import { uploadedFiles } from './tables.ts';

/**
 * Deletes the account's uploaded files' rows (`fileIds`: only those) and answers their storage keys: the bytes
 * are removed with {@link eraseStoredFiles} once the transaction has committed (a storage cannot roll back).
 */
export async function erasePersonalData(tx: Tx, accountId: number, fileIds?: string[]): Promise<string[]> {
  const ids = fileIds?.map(parseId).filter((id): id is number => id !== null);
  if (ids?.length === 0) return [];
  const rows = await tx
    .delete(uploadedFiles)
    .where(and(eq(uploadedFiles.userId, accountId), ids ? inArray(uploadedFiles.id, ids) : undefined))
    .returning({ key: uploadedFiles.storageKey });
  return rows.map((r) => r.key);
}

/** Removes the bytes of deleted files from the storage. */
export async function eraseStoredFiles(storage: FileStorage, keys: string[]): Promise<void> {
  for (const key of keys) await storage.delete(key);
}
