import { users } from '../../platform/auth/tables.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { BANNED_DEMO_PHONE, DEMO_PHONE } from './seed-data.ts';

/** Seeds the demo account (DEMO_PHONE) and the banned one. Returns the demo account's user id. */
export async function seedDemoAccounts(
  tx: DbOrTx,
  now: Date,
): Promise<{ demoUserId: number; users: number }> {
  const [demo] = await tx
    .insert(users)
    .values({ phone: DEMO_PHONE, createdAt: now })
    .returning({ id: users.id });
  await tx.insert(users).values({
    phone: BANNED_DEMO_PHONE,
    status: 'banned',
    bannedReason: '演示账号：用于查看封禁提示',
    createdAt: now,
  });
  return { demoUserId: demo.id, users: 2 };
}
