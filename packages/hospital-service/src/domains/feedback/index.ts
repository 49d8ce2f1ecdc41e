/** Feedback and follow-up: complaints and suggestions with the hospital's reply, questionnaires and reminders. */

export { erasePersonalData } from './erasure.ts';
export {
  followUpPlatformKey,
  PLATFORM_CLOCK_SKEW_MS,
  platformRoutes as followUpPlatformRoutes,
  signFollowUpCall,
} from './platform.ts';
export {
  PUSH_CODE_MAX_FAILURES,
  PUSH_CODE_TTL_MS,
  pushFollowUpTask,
  pushRoutes,
  registerFeedbackDevRoutes,
} from './push.ts';
export { feedbackRoutes } from './routes.ts';
export { seedDemoFeedback } from './seed.ts';
export * from './tables.ts';
export { followUpsOfVisit, type PlannedFollowUp, type VisitFollowUpPlan } from './visit-tasks.ts';

import { defineDomain, seedFact } from '../../platform/module.ts';
import { platformRoutes } from './platform.ts';
import { pushRoutes, registerFeedbackDevRoutes } from './push.ts';
import { feedbackRoutes } from './routes.ts';
import { seedDemoFeedback } from './seed.ts';
import * as tables from './tables.ts';

/** Feedback and follow-up; seeds the demo account's complaint, follow-up tasks and their inbox messages. */
export const feedbackModule = defineDomain({
  name: 'feedback',
  tables,
  routes: () => [...feedbackRoutes, ...pushRoutes, ...platformRoutes],
  devRoutes: (app, { deps }) => registerFeedbackDevRoutes(app, deps),
  seed: async (tx, ctx) => {
    await seedDemoFeedback(tx, seedFact(ctx, 'demoUserId'), seedFact(ctx, 'demoContacts'), ctx.now);
    return {};
  },
});
