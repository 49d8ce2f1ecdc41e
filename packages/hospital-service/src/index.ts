/** Entry points for tests and the e2e runner. */
export { BODY_LIMIT, type BuildAppOptions, buildApp, setUserBanned } from './app.ts';
export { CODE_RULES } from './auth/codes.ts';
export { SESSION_TTL_MS } from './auth/sessions.ts';
export { settleDueOrders } from './booking/orders.ts';
export {
  addDays,
  type Clock,
  chinaDate,
  DAY,
  HOUR,
  MINUTE,
  SECOND,
  StartedClock,
  systemClock,
  TestClock,
} from './clock.ts';
export { readConfig } from './config.ts';
export { connect, createDatabase, type Database, type DatabaseTarget, type Db } from './db/connect.ts';
export { MIGRATIONS_DIR, migrate } from './db/migrate.ts';
export * as schema from './db/schema.ts';
export {
  completeSeed,
  isSeeded,
  prepareDatabase,
  refreshSchedules,
  resetDatabase,
  SCHEDULE_DAYS,
  seed,
} from './db/seed.ts';
export { BANNED_DEMO_PHONE, DEMO_CONTACTS, DEMO_PHONE, HOSPITALS } from './db/seed-data.ts';
export { signNotification } from './handlers/payments.ts';
export { cardsOfFiledPerson } from './his.ts';
export { createLogger } from './logger.ts';
export { CASHIER_PREFIX } from './sandbox.ts';
export { DevSmsSender, type SmsMessage, type SmsSender, WebhookSmsSender } from './sms.ts';
