import { customType, timestamp } from 'drizzle-orm/pg-core';
import { fieldCipher } from '../crypto/field-cipher.ts';

/** The `created_at` column every table has. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A text column kept encrypted at rest (`platform/crypto/field-cipher.ts`): written encrypted under the current
 * key, read back plain, through the ORM only (raw SQL sees the ciphertext). Every write has a new IV, so the
 * column cannot be compared or indexed: find rows by a lookup hash column beside it (`fieldCipher().lookupHash`).
 */
const encryptOnWrite = (value: string) => fieldCipher().encrypt(value);

export const encryptedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: encryptOnWrite,
  fromDriver: (value) => fieldCipher().decrypt(value),
});

/** Whether a table's column is an {@link encryptedText} (the re-encryption job finds them so). */
export const isEncryptedColumn = (column: unknown): boolean =>
  typeof column === 'object' && column !== null && (column as { mapTo?: unknown }).mapTo === encryptOnWrite;
