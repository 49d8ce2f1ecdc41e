export { requesterOf, sendCode, verifyCode } from './codes.ts';
export * from './tables.ts';
