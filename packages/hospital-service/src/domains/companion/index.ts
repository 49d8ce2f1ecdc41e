/** Companion cards (陪护证): applications, the ward's review, the rotating QR pass and its check at the door. */
export { registerCompanionDevRoutes } from './dev.ts';
export { erasePersonalData } from './erasure.ts';
export { issuePass, PASS_WINDOW_MS, readPass } from './pass.ts';
export { companionRoutes, ONE_CARD_PER_STAY } from './routes.ts';
export { seedCompanionQuestions } from './seed.ts';
export * from './tables.ts';

import { type DomainModule, defineDomain } from '../../platform/module.ts';
import { HOSPITALS } from '../hospitals/index.ts';
import { registerCompanionDevRoutes } from './dev.ts';
import { companionRoutes } from './routes.ts';
import { seedCompanionQuestions } from './seed.ts';
import * as tables from './tables.ts';

const seedQuestions: NonNullable<DomainModule['seed']> = async (tx) => {
  await seedCompanionQuestions(
    tx,
    HOSPITALS.map((h) => h.id),
  );
  return {};
};

/** Companion cards; seeds every hospital's health questions of an application. */
export const companionModule = defineDomain({
  name: 'companion',
  tables,
  routes: ({ ports }) => companionRoutes(ports.billingHis),
  devRoutes: (app, { deps }) => registerCompanionDevRoutes(app, deps),
  seed: seedQuestions,
  completeSeed: seedQuestions,
});
