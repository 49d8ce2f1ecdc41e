/**
 * Every table of the service, gathered from the platform and the domains (each domain owns its tables in
 * its `tables.ts`). drizzle-kit reads the same files (drizzle.config.ts); migrations stay one ordered stream
 * in drizzle/. After changing a `tables.ts` run `pnpm --filter @patient/hospital-service db:generate`.
 */
export * from './domains/accounts/tables.ts';
export * from './domains/addresses/tables.ts';
export * from './domains/beds/tables.ts';
export * from './domains/booking/tables.ts';
export * from './domains/checkup/tables.ts';
export * from './domains/companion/tables.ts';
export * from './domains/consent/tables.ts';
export * from './domains/feedback/tables.ts';
export * from './domains/fees/tables.ts';
export * from './domains/files/tables.ts';
export * from './domains/hospitals/tables.ts';
export * from './domains/information/tables.ts';
export * from './domains/insurance/tables.ts';
export * from './domains/invoices/tables.ts';
export * from './domains/notifications/tables.ts';
export * from './domains/nucleicacid/tables.ts';
export * from './domains/patients/tables.ts';
export * from './domains/payments/tables.ts';
export * from './domains/prepaid/tables.ts';
export * from './domains/privacy/tables.ts';
export * from './domains/queue/tables.ts';
export * from './domains/recordcopy/tables.ts';
export * from './domains/screening/tables.ts';
export * from './domains/staff/tables.ts';
export * from './platform/auth/tables.ts';
