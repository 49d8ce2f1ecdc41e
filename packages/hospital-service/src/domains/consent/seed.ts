import type { DbOrTx } from '../../platform/database/connect.ts';
import { consentItems } from './tables.ts';

/** The demo account's one item at the default hospital. Returns how many rows. */
export async function seedConsent(tx: DbOrTx, userId: number, now: Date): Promise<number> {
  await tx
    .insert(consentItems)
    .values({ userId, hospitalId: '1000', title: '示例：隐私与授权', createdAt: now });
  return 1;
}
