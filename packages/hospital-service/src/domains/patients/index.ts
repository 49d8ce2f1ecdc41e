export {
  type ContactRow,
  ownedContact,
  provenContact,
  provenContacts,
  requireHisProven,
} from './common.ts';
export { erasedContactId, erasePersonalData } from './erasure.ts';
export { registerFaceVerificationPage } from './face-page.ts';
export { faceRoutes } from './face-routes.ts';
export {
  type FaceVerification,
  FaceVerificationError,
  type FaceVerificationRequest,
  type FaceVerificationResult,
  faceVerificationFor,
  SimulatedFaceVerification,
} from './face-verification.ts';
export { HEALTH_CODE_WATCHLIST } from './health-code-platform.ts';
export {
  cardsOfFiledPerson,
  filedBeforehand,
  type HisPerson,
  hisPhoneOf,
  identityKeyOf,
  isFiled,
} from './his.ts';
export { completeDemoProofs, seedDemoPatients } from './seed.ts';
export { DEMO_CONTACTS } from './seed-data.ts';
export * from './tables.ts';
