/** 隐私与授权: the hospitals' privacy documents and the accounts' consents (the only file another domain imports). */
export { erasePersonalData } from './erasure.ts';
export {
  checkLoginAgreement,
  consentRoutes,
  type LoginAgreement,
  recordLoginAgreement,
} from './routes.ts';
export { seedPrivacyDocuments } from './seed.ts';
export * from './tables.ts';
