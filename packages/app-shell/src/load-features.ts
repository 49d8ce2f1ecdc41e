import type { Feature } from '@patient/ui-kit';

/**
 * The feature packages every hospital gets, as a chunk of their own: their route lists grow with every slice
 * and the homepage does not need them (createHospitalApp loads them when the patient goes elsewhere).
 */
export const loadStandardFeatures = (): Promise<Feature[]> =>
  import('./features.ts').then((m) => m.STANDARD_FEATURES);
