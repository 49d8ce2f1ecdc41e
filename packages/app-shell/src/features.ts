import { accountFeature } from '@patient/feature-account';
import { appointmentFeature } from '@patient/feature-appointment';
import { authFeature } from '@patient/feature-auth';
import { bedReservationFeature } from '@patient/feature-bed-reservation';
import { checkupFeature } from '@patient/feature-checkup';
import { companionCardFeature } from '@patient/feature-companion-card';
import { consentFeature } from '@patient/feature-consent';
import { feedbackFeature } from '@patient/feature-feedback';
import { feesFeature } from '@patient/feature-fees';
import { hospitalInfoFeature } from '@patient/feature-hospital-info';
import { insuranceFeature } from '@patient/feature-insurance';
import { notificationsFeature } from '@patient/feature-notifications';
import { nucleicAcidFeature } from '@patient/feature-nucleic-acid';
import { patientsFeature } from '@patient/feature-patients';
import { queueFeature } from '@patient/feature-queue';
import { recordCopyFeature } from '@patient/feature-record-copy';
import { reportsFeature } from '@patient/feature-reports';
import { screeningFeature } from '@patient/feature-screening';
import type { Feature } from '@patient/ui-kit';

/** The feature packages every hospital gets. Spec routes no feature provides yet show a 'coming soon' screen. */
export const STANDARD_FEATURES: Feature[] = [
  authFeature,
  patientsFeature,
  appointmentFeature,
  checkupFeature,
  insuranceFeature,
  reportsFeature,
  queueFeature,
  hospitalInfoFeature,
  feedbackFeature,
  accountFeature,
  recordCopyFeature,
  feesFeature,
  nucleicAcidFeature,
  screeningFeature,
  notificationsFeature,
  companionCardFeature,
  bedReservationFeature,
  consentFeature,
];
