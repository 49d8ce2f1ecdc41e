/** 隐私与授权: the hospitals' privacy documents and the accounts' consents (the only file another domain imports). */
export {
  checkLoginAgreement,
  consentRoutes,
  type LoginAgreement,
  recordLoginAgreement,
} from './routes.ts';
export { seedPrivacyDocuments } from './seed.ts';
export * from './tables.ts';
