/** Entry points for tests and the e2e runner. */
export {
  BODY_LIMIT,
  type BuildAppOptions,
  buildApp,
  type PortStatus,
  portsOf,
  setUserBanned,
  simulatedPorts,
} from './app.ts';
export { CODE_RULES } from './domains/accounts/codes.ts';
export { BANNED_DEMO_PHONE, DEMO_PHONE } from './domains/accounts/index.ts';
export { refreshSchedules, SCHEDULE_DAYS } from './domains/booking/index.ts';
export { settleDueOrders } from './domains/booking/orders.ts';
export { HOSPITALS } from './domains/hospitals/index.ts';
export { cardsOfFiledPerson, hisPhoneOf } from './domains/patients/his.ts';
export { DEMO_CONTACTS } from './domains/patients/index.ts';
export { signNotification } from './domains/payments/routes.ts';
export { CASHIER_PREFIX } from './domains/payments/sandbox-cashier.ts';
export { SESSION_TTL_MS } from './platform/auth/sessions.ts';
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
} from './platform/clock.ts';
export { readConfig } from './platform/config.ts';
export {
  connect,
  createDatabase,
  type Database,
  type DatabaseTarget,
  type Db,
} from './platform/database/connect.ts';
export { MIGRATIONS_DIR, migrate } from './platform/database/migrate.ts';
export { createLogger } from './platform/logging/logger.ts';
export { DevSmsSender, type SmsMessage, type SmsSender, WebhookSmsSender } from './platform/sms.ts';
export { schema } from './schema.ts';
export { completeSeed, isSeeded, prepareDatabase, resetDatabase, seed } from './seed.ts';
