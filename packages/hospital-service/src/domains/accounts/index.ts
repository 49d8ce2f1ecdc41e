export { requesterOf, sendCode, verifyCode } from './codes.ts';
export { ERASED_ACCOUNT_PHONE, erasedAccountId, erasePersonalData } from './erasure.ts';
export { seedDemoAccounts } from './seed.ts';
export { BANNED_DEMO_PHONE, DEMO_PHONE } from './seed-data.ts';
export { type AliyunSmsConfig, AliyunSmsSender } from './sms-aliyun.ts';
export { SMS_PROVIDERS, smsSenderFrom } from './sms-config.ts';
export { type TencentSmsConfig, TencentSmsSender } from './sms-tencent.ts';
export * from './tables.ts';

import { eq } from 'drizzle-orm';
import { users } from '../../platform/auth/tables.ts';
import { defineDomain } from '../../platform/module.ts';
import { DevSmsSender } from '../../platform/sms.ts';
import './deps.ts';
import { purgeExpiredAccountData } from './retention.ts';
import { authRoutes } from './routes.ts';
import { seedDemoAccounts } from './seed.ts';
import { DEMO_PHONE } from './seed-data.ts';
import { smsSenderFrom } from './sms-config.ts';
import * as tables from './tables.ts';

/** SMS login; seeds the demo account and the banned one (provides `demoUserId`). */
export const accountsModule = defineDomain({
  name: 'accounts',
  tables,
  // The SMS platform SMS_PROVIDER configures (Alibaba Cloud, Tencent Cloud, a webhook); else the dev sender
  // outside production, none in production.
  ports: {
    smsSender: ({ production, env }) => smsSenderFrom(env) ?? (production ? null : new DevSmsSender()),
  },
  routes: () => authRoutes,
  jobs: ({ deps }) => [
    {
      name: 'accounts-retention',
      cron: '10 3 * * *',
      run: () => purgeExpiredAccountData(deps.db, deps.clock.now()),
    },
  ],
  seed: async (tx, { now }) => {
    const accounts = await seedDemoAccounts(tx, now);
    return { facts: { demoUserId: accounts.demoUserId }, summary: { users: accounts.users } };
  },
  completeSeed: async (tx) => {
    const [demo] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_PHONE));
    return demo ? { facts: { demoUserId: demo.id } } : {};
  },
});
