import * as account from './account.ts';
import * as addresses from './addresses.ts';
import * as appointment from './appointment.ts';
import * as auth from './auth.ts';
import * as beds from './beds.ts';
import * as checkup from './checkup.ts';
import * as companionCard from './companion-card.ts';
import * as consent from './consent.ts';
import * as contacts from './contacts.ts';
import type { Endpoint } from './endpoint.ts';
import * as exams from './exams.ts';
import * as feedback from './feedback.ts';
import * as fees from './fees.ts';
import * as health from './health.ts';
import * as information from './information.ts';
import * as insurance from './insurance.ts';
import * as invoices from './invoices.ts';
import * as notifications from './notifications.ts';
import * as nucleicAcid from './nucleic-acid.ts';
import * as payment from './payment.ts';
import * as privacy from './privacy.ts';
import * as queue from './queue.ts';
import * as recordCopy from './record-copy.ts';
import * as records from './records.ts';
import * as reports from './reports.ts';
import * as screening from './screening.ts';
import * as startup from './startup.ts';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'results' in value;

/** Every endpoint of the contract, for the service and the OpenAPI document (not for app bundles). */
export const ALL_ENDPOINTS: readonly Endpoint[] = [
  startup,
  auth,
  contacts,
  health,
  appointment,
  payment,
  insurance,
  checkup,
  records,
  reports,
  exams,
  queue,
  information,
  feedback,
  account,
  invoices,
  addresses,
  recordCopy,
  companionCard,
  fees,
  nucleicAcid,
  screening,
  notifications,
  beds,
  consent,
  privacy,
].flatMap((module) => Object.values(module).filter(isEndpoint));
