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
export {
  faceVerificationFrom,
  type TencentFaceIdConfig,
  TencentFaceVerification,
} from './face-verification-tencent.ts';
export {
  HEALTH_CODE_WATCHLIST,
  type HealthCardHolder,
  type HealthCardPlatform,
  HealthCardPlatformError,
  SimulatedHealthCardPlatform,
} from './health-code-platform.ts';
export {
  askPatientIndex,
  cardsOfFiledPerson,
  filedBeforehand,
  HIS_SYSTEM,
  type HisCardRecord,
  type HisPerson,
  hisPhoneOf,
  identityKeyOf,
  isFiled,
  memoryFilings,
  type PatientIndex,
  PatientIndexError,
  SimulatedPatientIndex,
} from './his.ts';
export * from './person-story.ts';
export { completeDemoProofs, seedDemoPatients } from './seed.ts';
export { DEMO_CONTACTS } from './seed-data.ts';
export * from './tables.ts';

import { defineDomain, seedFact } from '../../platform/module.ts';
import { HOSPITALS } from '../hospitals/index.ts';
import { cardRoutes } from './card-routes.ts';
import { contactRoutes } from './contact-routes.ts';
import './deps.ts';
import { registerFaceVerificationPage } from './face-page.ts';
import { faceRoutes } from './face-routes.ts';
import { faceVerificationFor, SimulatedFaceVerification } from './face-verification.ts';
import { faceVerificationFrom } from './face-verification-tencent.ts';
import { SimulatedHealthCardPlatform } from './health-code-platform.ts';
import { healthRoutes } from './health-routes.ts';
import { memoryFilings, SimulatedPatientIndex, tableFilings } from './his.ts';
import { completeDemoProofs, seedDemoPatients } from './seed.ts';
import * as tables from './tables.ts';

/** Contacts, certification, proofs, cards, health cards and codes; seeds the demo contacts (`demoContacts`). */
export const patientsModule = defineDomain({
  name: 'patients',
  tables,
  ports: {
    // Tencent FaceID when TENCENT_FACEID_* configure it; else the simulation outside production, none in production.
    faceVerification: ({ production, clock, env }) =>
      faceVerificationFrom(env, production, () => clock.now().getTime()),
    // The simulated HIS keeps whom the app filed in his_patients (every instance sees them).
    patientIndex: ({ db, clock }) =>
      new SimulatedPatientIndex(db ? tableFilings(db, clock) : memoryFilings()),
    healthCardPlatform: () => new SimulatedHealthCardPlatform(),
  },
  routes: ({ ports, production, deps }) => [
    ...contactRoutes(ports.patientIndex),
    // In production a simulated platform is never used (none: 人脸核身暂未开通).
    ...faceRoutes(faceVerificationFor(production, ports.faceVerification, () => deps.clock.now().getTime())),
    ...cardRoutes(ports),
    ...healthRoutes(ports.patientIndex, ports.healthCardPlatform),
  ],
  devRoutes: (app, { ports }) => {
    const face = ports.faceVerification;
    if (face instanceof SimulatedFaceVerification) registerFaceVerificationPage(app, face);
  },
  seed: async (tx, ctx) => {
    const patients = await seedDemoPatients(tx, {
      userId: seedFact(ctx, 'demoUserId'),
      hospitalIds: HOSPITALS.map((h) => h.id),
      now: ctx.now,
    });
    return {
      facts: { demoContacts: patients.contacts },
      summary: { contacts: patients.contacts.length, medicalCards: patients.medicalCards },
    };
  },
  completeSeed: async (tx, { facts, now }) => {
    if (facts.demoUserId !== undefined) await completeDemoProofs(tx, facts.demoUserId, now);
    return {};
  },
});
