import { accountsModule } from './domains/accounts/index.ts';
import { addressesModule } from './domains/addresses/index.ts';
import { bedsModule } from './domains/beds/index.ts';
import { bookingModule } from './domains/booking/index.ts';
import { checkupModule } from './domains/checkup/index.ts';
import { companionModule } from './domains/companion/index.ts';
import { consentModule } from './domains/consent/index.ts';
import { feedbackModule } from './domains/feedback/index.ts';
import { feesModule } from './domains/fees/index.ts';
import { filesModule } from './domains/files/index.ts';
import { hospitalsModule } from './domains/hospitals/index.ts';
import { informationModule } from './domains/information/index.ts';
import { insuranceModule } from './domains/insurance/index.ts';
import { invoicesModule } from './domains/invoices/index.ts';
import { notificationsModule } from './domains/notifications/index.ts';
import { nucleicacidModule } from './domains/nucleicacid/index.ts';
import { patientsModule } from './domains/patients/index.ts';
import { paymentsModule } from './domains/payments/index.ts';
import { prepaidModule } from './domains/prepaid/index.ts';
import { privacyModule } from './domains/privacy/index.ts';
import { queueModule } from './domains/queue/index.ts';
import { recordcopyModule } from './domains/recordcopy/index.ts';
import { recordsModule } from './domains/records/index.ts';
import { referenceModule } from './domains/reference/index.ts';
import { screeningModule } from './domains/screening/index.ts';
import { staffModule } from './domains/staff/index.ts';

/**
 * Every domain, in the order their seeds run (a row refers only to rows of the domains before it; a seed's facts —
 * the demo user's id, the demo contacts, the staff ids — go to the ones after it). A new domain is wired here, once:
 * src/schema.ts gathers the tables, src/app.ts the routes, ports, payables and pages, src/seed.ts the seeds.
 */
export const MODULES = [
  hospitalsModule,
  referenceModule,
  bookingModule,
  accountsModule,
  patientsModule,
  checkupModule,
  feedbackModule,
  notificationsModule,
  paymentsModule,
  insuranceModule,
  queueModule,
  informationModule,
  screeningModule,
  companionModule,
  staffModule,
  bedsModule,
  consentModule,
  recordsModule,
  feesModule,
  prepaidModule,
  invoicesModule,
  addressesModule,
  filesModule,
  recordcopyModule,
  nucleicacidModule,
  privacyModule,
] as const;
