/** Companion cards (陪护证): applications, the ward's review, the rotating QR pass and its check at the door. */
export { registerCompanionDevRoutes } from './dev.ts';
export { erasePersonalData } from './erasure.ts';
export { issuePass, PASS_WINDOW_MS, readPass } from './pass.ts';
export { companionRoutes, ONE_CARD_PER_STAY } from './routes.ts';
export { seedCompanionQuestions } from './seed.ts';
export * from './tables.ts';
