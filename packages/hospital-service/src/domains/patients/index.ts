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
import { healthRoutes } from './health-routes.ts';
import { completeDemoProofs, seedDemoPatients } from './seed.ts';
import * as tables from './tables.ts';

/** Contacts, certification, proofs, cards, health cards and codes; seeds the demo contacts (`demoContacts`). */
export const patientsModule = defineDomain({
  name: 'patients',
  tables,
  ports: {
    faceVerification: ({ production, clock }) =>
      production ? null : new SimulatedFaceVerification(() => clock.now().getTime()),
  },
  routes: ({ ports, production, deps }) => [
    ...contactRoutes,
    // In production a simulated platform is never used (none: 人脸核身暂未开通).
    ...faceRoutes(faceVerificationFor(production, ports.faceVerification, () => deps.clock.now().getTime())),
    ...cardRoutes,
    ...healthRoutes,
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
