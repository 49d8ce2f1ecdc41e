import type { DbOrTx } from '../../platform/database/connect.ts';
import { HOSPITALS } from '../hospitals/index.ts';
import { FIRST_VERSION, privacyPolicy, userAgreement } from './seed-data.ts';
import { privacyDocuments } from './tables.ts';

/**
 * Every hospital's 隐私政策 and 用户协议 at FIRST_VERSION. Idempotent (adds what is missing), so it also
 * completes an older database. Returns how many rows it wrote.
 */
export async function seedPrivacyDocuments(tx: DbOrTx, now: Date): Promise<number> {
  const rows = HOSPITALS.flatMap((h) => [
    { hospitalId: h.id, kind: 'POLICY', version: FIRST_VERSION, ...privacyPolicy(h), createdAt: now },
    { hospitalId: h.id, kind: 'AGREEMENT', version: FIRST_VERSION, ...userAgreement(h), createdAt: now },
  ]);
  const written = await tx
    .insert(privacyDocuments)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: privacyDocuments.id });
  return written.length;
}
