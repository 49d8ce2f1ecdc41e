/** 隐私与授权: the hospitals' privacy documents and the accounts' consents (the only file another domain imports). */
export { erasePersonalData } from './erasure.ts';
export {
  checkGuardianConsent,
  checkLoginAgreement,
  consentRoutes,
  type LoginAgreement,
  recordLoginAgreement,
} from './routes.ts';
export { seedPrivacyDocuments } from './seed.ts';
export {
  hasSensitiveConsent,
  requireSensitiveConsent,
  sensitiveConsentRequired,
} from './sensitive.ts';
export * from './tables.ts';

import { type DomainModule, defineDomain } from '../../platform/module.ts';
import { consentRoutes } from './routes.ts';
import { seedPrivacyDocuments } from './seed.ts';
import * as tables from './tables.ts';

const seedDocuments: NonNullable<DomainModule['seed']> = async (tx, { now }) => {
  await seedPrivacyDocuments(tx, now);
  return {};
};

/** Privacy documents and consents; seeds every hospital's first 隐私政策 and 用户协议. */
export const consentModule = defineDomain({
  name: 'consent',
  tables,
  routes: () => consentRoutes(),
  seed: seedDocuments,
  completeSeed: seedDocuments,
});
