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
