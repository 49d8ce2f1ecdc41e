import { authFeature } from '@patient/feature-auth';
import type { Feature } from '@patient/ui-kit';

/** The feature packages every hospital gets. Spec routes no feature provides yet show a 'coming soon' screen. */
export const STANDARD_FEATURES: Feature[] = [authFeature];
