export { requesterOf, sendCode, verifyCode } from './codes.ts';
export { ERASED_ACCOUNT_PHONE, erasedAccountId, erasePersonalData } from './erasure.ts';
export { seedDemoAccounts } from './seed.ts';
export { BANNED_DEMO_PHONE, DEMO_PHONE } from './seed-data.ts';
export * from './tables.ts';
