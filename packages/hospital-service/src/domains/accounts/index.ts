export { sendCode, verifyCode } from './codes.ts';
export * from './tables.ts';
