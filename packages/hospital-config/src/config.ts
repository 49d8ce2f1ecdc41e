import type { ThemeName } from '@patient/ui-kit';
import type { IdDocumentType } from '@patient/validation';

/** Homepage layouts built from the shared homepage pieces. */
export type HomepageLayout =
  /** Banner, a row of large quick entries, then the service grid. */
  | 'classic'
  /** Hospital name header over a coloured band, quick entries as cards. */
  | 'header'
  /** Dense grid without quick entries, for hospitals with many services. */
  | 'compact';

/** Keys of the service entries a homepage may show (the catalogue lives in app-shell). */
export type ServiceKey =
  | 'appointment'
  | 'todayAppointment'
  | 'appointmentList'
  | 'outpatientFee'
  | 'inpatientFee'
  | 'reportSearch'
  | 'patientRecord'
  | 'queue'
  | 'contacts'
  | 'patientCode'
  | 'healthCard'
  | 'checkup'
  | 'invoice'
  | 'medicalRecordCopy'
  | 'prepaidAccount'
  | 'hosIntroduction'
  | 'hospitalNavigation'
  | 'priceInquiry'
  | 'medicalGuidance'
  | 'examReport'
  | 'nucleicAcid'
  | 'companionCard'
  | 'medicalInsurance'
  | 'bedReservation'
  | 'screening'
  | 'feedback';

export interface HomepageConfig {
  layout: HomepageLayout;
  /** Banner image(s) for the swiper; paths under the app's public folder. */
  banners: string[];
  /** Up to four large entries at the top (ignored by 'compact'). */
  quickEntries: ServiceKey[];
  /** The service grid, in order. */
  services: ServiceKey[];
  /** A one-line notice under the banner, or null. */
  notice: string | null;
}

/**
 * Everything that makes one hospital's build differ from another's. Each app holds exactly one of these
 * (apps/<key>/src/hospital.config.ts); nothing hospital-specific lives in packages/.
 */
export interface HospitalConfig {
  /** hospitalKey: names the app, its subdomain and its release tag. */
  key: string;
  /**
   * Hospital id used when the address has no `state` parameter. null: the app starts without a hospital
   * and shows the page at once, without start-up calls (000 §1).
   */
  id: string | null;
  /** Hospital name shown until the hospital description arrives, and in page titles. */
  name: string;
  /**
   * The build's colour theme: the first paint (the Vite app factory writes it into index.html as
   * `<html data-theme>`) and the fallback. The service's THEME_CONFIG is the hospital's theme: a known value
   * other than this one is applied when the start-up call answers and remembered on the device, so the next
   * visit paints it from the first frame (app-shell theme.ts). Keep it equal to the seeded THEME_CONFIG.
   */
  theme: ThemeName;
  /** Name of the health authority shown on the electronic health card pages (healthGovName). */
  healthGovName: string;
  /**
   * The host hands over a session key in the address (needSessionKey): `?sessionKey=` is kept in a cookie for a
   * day. Off (default): the parameter is removed from the address and not kept (a key in a link is someone
   * else's session).
   */
  needSessionKey: boolean;
  /** Show the hospital name in the homepage header (isHospitalName). */
  isHospitalName: boolean;
  /** The organisation code is the description's mdid instead of its originCode (the four flagged variants). */
  organizationCodeFromMdid: boolean;
  /**
   * Build-time choices only. What the hospital changes without a release — name, address, hotlines, hours,
   * introduction, notices, prices — the service holds (startup parameters, /v1/hospital/:id/introduction).
   */
  homepage: HomepageConfig;
  /** ID document types this hospital does not accept (luqiao drops FOREIGNER_NUMBER). */
  excludedDocumentTypes: IdDocumentType[];
  /** Route patterns that lead to the service-offline screen (/404) in this hospital. */
  offlineRoutes: string[];
  /** Inside the payment-app mini-program only the 'service has been taken offline' page is shown. */
  offlineInPaymentMiniProgram: boolean;
  /** Most contacts (patient profiles) one account may keep. */
  maxContacts: number;
  /**
   * The hospital uses pre-check-in (预签到; 001 §4 'pre-order (pre_checkin)', §7 `POST /v1/orders/pre_checkin`):
   * a booked appointment not yet checked in offers 预签到. Off by default: elsewhere patients check in at the
   * hospital.
   */
  preCheckin: boolean;
  /**
   * Elder mode (适老化: large text and targets, the most used services first) is on until the patient turns it
   * off on the homepage. A choice made on the device or a link's `?elder=0|1` comes first. Off by default.
   */
  elderModeDefault: boolean;
  /**
   * The hospital's app in the payment app's city service (支付宝城市服务; 001 §7 `GET /v1/ali/eco/cityservice/energy`):
   * after a booking paid in the payment app the success page claims the user's green energy with an
   * authorisation code for `appId` and the scene code the city service gave the hospital. null (default): no
   * energy claim.
   */
  alipayCityService: { appId: string; scene: string } | null;
}

/**
 * Every way into online booking (scheduled and same-day): where the service's ONLINE_BOOKING parameter is
 * 'false' each leads to the service-offline screen (/404). The records of past bookings stay open.
 */
export const BOOKING_ROUTES = [
  '/selectType',
  '/depts',
  '/depts/search',
  '/doctors/:hospitalId/:departmentId/:deptId',
  '/schedule/:type/:hospitalId/:departmentId/:doctorId/:deptId/:scheduleItemId',
  '/schedule/detail/:departmentId/:doctorId/:deptId/:scheduleItemId',
  '/doctorSchedule/:hospitalId/:departmentId/:deptId',
  '/outpatientSchedule',
  '/multiple/dept/schedule',
  '/placeOrder/:orderId',
  '/today/depts',
  '/today/doctors/:hospitalId/:departmentId/:deptId',
  '/today/schedule/:type/:hospitalId/:departmentId/:doctorId/:deptId/:scheduleItemId',
  // The doctor's page (feature-appointment's, not a spec route): its clinics lead into booking.
  '/doctorHome/:hospitalId/:doctorId',
] as const;

export const DEFAULT_HOMEPAGE: HomepageConfig = {
  layout: 'classic',
  banners: ['/banner.svg'],
  quickEntries: ['appointment', 'outpatientFee', 'reportSearch', 'patientCode'],
  services: [
    'todayAppointment',
    'appointmentList',
    'inpatientFee',
    'queue',
    'contacts',
    'healthCard',
    'patientRecord',
    'checkup',
    'invoice',
    'prepaidAccount',
    'hosIntroduction',
    'feedback',
  ],
  notice: null,
};

type Defaulted =
  | 'needSessionKey'
  | 'isHospitalName'
  | 'organizationCodeFromMdid'
  | 'excludedDocumentTypes'
  | 'offlineRoutes'
  | 'offlineInPaymentMiniProgram'
  | 'maxContacts'
  | 'preCheckin'
  | 'elderModeDefault'
  | 'alipayCityService';

/** What an app must give; every other field has the default shown in DEFAULTS. */
export type HospitalConfigInput = Omit<HospitalConfig, Defaulted | 'homepage'> &
  Partial<Pick<HospitalConfig, Defaulted>> & { homepage?: Partial<HomepageConfig> };

export const DEFAULTS: Pick<HospitalConfig, Defaulted> = {
  needSessionKey: false,
  isHospitalName: true,
  organizationCodeFromMdid: false,
  excludedDocumentTypes: [],
  offlineRoutes: [],
  offlineInPaymentMiniProgram: false,
  maxContacts: 5,
  preCheckin: false,
  elderModeDefault: false,
  alipayCityService: null,
};

/** Completes an app's config with the defaults. */
export function defineHospitalConfig(input: HospitalConfigInput): HospitalConfig {
  return { ...DEFAULTS, ...input, homepage: { ...DEFAULT_HOMEPAGE, ...input.homepage } };
}

/** The organisation code of 000 §3: mdid for the flagged hospitals, originCode for the others. */
export function organizationCodeOf(
  config: Pick<HospitalConfig, 'organizationCodeFromMdid'>,
  description: { originCode: string; mdid: string },
): string {
  return config.organizationCodeFromMdid ? description.mdid : description.originCode;
}
