import { hisPhoneOf } from '@patient/hospital-service';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { appUrl, HOSPITAL_KEYS, type HospitalKey, SERVICE_URL } from './env.ts';
import { configOf } from './hospitals.ts';

export const hospitalOf = (testInfo: TestInfo) => testInfo.project.name as HospitalKey;

/**
 * Each journey's own phone number (per hospital project), so that the per-phone SMS rate limit (1 a minute) never
 * couples two tests. One table: a journey that needs a phone adds its name here and cannot take another's.
 */
const PHONE_PURPOSES = {
  preCheckIn: 0,
  login: 1,
  everyRoute: 2,
  documentTypes: 3,
  patientsJourney: 4,
  patientsContact: 5,
  scheduledBooking: 6,
  sameDayBooking: 7,
  expiringOrder: 8,
  checkup: 9,
  everyRouteNormal: 10,
  everyRouteElder: 11,
  serviceDownHomepage: 12,
  serviceDownList: 13,
  serviceDownWhileOpen: 14,
  elderJourney: 15,
  insuranceJourney: 16,
  insuranceElsewhereJourney: 26,
  reportsJourney: 17,
  queueJourney: 18,
  feesJourney: 19,
  accountJourney: 20,
  recordCopyJourney: 21,
  loginReturn: 22,
  nucleicAcidJourney: 23,
  followUpJourney: 24,
  screeningJourney: 29,
  inboxJourney: 31,
  pushLinkJourney: 32,
  companionJourney: 25,
  bedJourney: 27,
  releaseJourney: 33,
  privacyJourney: 34,
  sensitiveJourney: 35,
} as const;

/** Who a test phone is for: a key of the purpose table. */
export type PhonePurpose = keyof typeof PHONE_PURPOSES;

if (new Set(Object.values(PHONE_PURPOSES)).size !== Object.keys(PHONE_PURPOSES).length) {
  throw new Error('PHONE_PURPOSES: two journeys share a phone number');
}

/** The phone of `purpose` in this test's hospital project: 137000 · tens · hospital · units · 00. */
export function phoneFor(testInfo: TestInfo, purpose: PhonePurpose): string {
  const index = HOSPITAL_KEYS.indexOf(hospitalOf(testInfo));
  const n = PHONE_PURPOSES[purpose];
  return `137000${Math.floor(n / 10)}${index}${n % 10}00`;
}

interface Envelope<T> {
  state: number;
  msg: string | null;
  results: T;
}

/**
 * The channel header api-client sends on every call (an ordinary browser's value): the service refuses the
 * apps' calls without it, so direct calls of the tests send it too.
 */
export const CHANNEL = { channelType: 'H5' };

/** Calls the hospital-service directly (not through the app) and unwraps the envelope. */
export async function service<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`${SERVICE_URL}${path}`, { headers: CHANNEL });
  const body = (await response.json()) as Envelope<T>;
  expect(body.state, `${path}: ${body.msg}`).toBe(200);
  return body.results;
}

/** The latest SMS code sent to a phone, from the development outbox. */
export async function latestCode(
  request: APIRequestContext,
  phone: string,
  purpose = 'login',
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = await service<{ code: string; purpose: string }[]>(
        request,
        `/__dev/sms-outbox?phone=${phone}`,
      );
      code = messages.find((m) => m.purpose === purpose)?.code;
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** The phone the (simulated) HIS holds for a person: where the code proving a contact goes. */
export const hisPhone = (name: string, idCard: string) => hisPhoneOf({ identityCard: idCard, name });

/** Logs in through the login screen with the code from the outbox; ends on the homepage. */
export async function logIn(
  page: Page,
  request: APIRequestContext,
  phone: string,
  { sensitiveConsent = true }: { sensitiveConsent?: boolean } = {},
): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, request, phone);
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.getByTestId('user-phone')).toContainText(phone.slice(-4));
  if (sensitiveConsent) await agreeSensitive(page);
}

/**
 * The page's hospital and its current 隐私政策 version (null: the page is no hospital's app). The release journey
 * serves the default hospital's build behind nginx, at an origin of its own: that page is the default hospital's.
 */
export async function currentPolicyOf(page: Page): Promise<{ hospitalId: string; version: string } | null> {
  const key = HOSPITAL_KEYS.find((k) => page.url().startsWith(`${appUrl(k)}/`)) ?? 'default';
  const hospitalId = (await configOf(key)).id;
  if (!hospitalId) return null;
  const documents = await call<{ kind: string; version: string }[]>(
    page.request,
    'GET',
    `/v1/privacy/documents?hospitalId=${hospitalId}`,
  );
  const version = documents.find((d) => d.kind === 'POLICY')?.version;
  return version ? { hospitalId, version } : null;
}

/**
 * Test setup: the separate consent to sensitive personal information, given through the API as the app's
 * consent sheet gives it (to the page's hospital's current 隐私政策), so that journeys of other screens are not
 * interrupted by the sheet; privacy.default.spec.ts goes through the sheet itself.
 */
export async function agreeSensitive(page: Page): Promise<void> {
  const policy = await currentPolicyOf(page);
  if (!policy) return;
  await call(page.request, 'POST', '/v1/privacy/consents', { ...policy, kind: 'SENSITIVE' });
}

/** On the login screen: asks for a code for `phone`, reads it from the SMS outbox, agrees and logs in. */
export async function submitLogin(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  await page.getByPlaceholder('请输入验证码').fill(await latestCode(request, phone));
  // Nothing is pre-ticked: the patient agrees to the hospital's current 用户协议 and 隐私政策 each time.
  await page.getByRole('checkbox', { name: '我已阅读并同意' }).check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Calls the app's own API with the page's session: test setup only, the journeys themselves use the screens. */
export async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await request.fetch(`/hospital-service${path}`, { method, data: body, headers: CHANNEL });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.state, `${path}: ${envelope.msg}`).toBe(200);
  return envelope.results;
}

/**
 * Signs a seeded staff member (the simulated 企业微信's `corpUserId`, e.g. LiHong: wards W01, W02) in, in the
 * request's browser context, as the app does: the simulated authorisation page issues a code, the staff sign-in
 * exchanges it. Test setup only (the bed-reservation journey signs in through the screens).
 */
export async function staffSignedIn(request: APIRequestContext, corpUserId: string, hospitalId = '1000') {
  const query = new URLSearchParams({
    hospitalId,
    redirect_uri: '/bedReservation/nurse/index',
    state: 'e2estate01',
  });
  const page = await request.post(`/wxcorp-service/__dev/wecom/authorize?${query}`, {
    form: { userId: corpUserId },
    maxRedirects: 0,
  });
  expect(page.status(), await page.text()).toBe(303);
  const code = new URL(page.headers().location ?? '', 'http://x').searchParams.get('code');
  const response = await request.post('/wxcorp-service/v1/WXCorp/auth/login', {
    data: { hospitalId, code },
    headers: CHANNEL,
  });
  const envelope = (await response.json()) as Envelope<{ name: string }>;
  expect(envelope.state, envelope.msg ?? '').toBe(200);
  return envelope.results;
}

/**
 * A contact (本人, certified, and proven for the hospital's data by the simulated face verification) with their
 * card at a hospital (default 1000), made through the API; resolves to both ids.
 */
export async function patientWithCard(
  page: Page,
  name: string,
  id: string,
  phone: string,
  hospitalId = '1000',
): Promise<{ contactId: string; cardId: string }> {
  const contact = await call<{ contactId: string }>(page.request, 'POST', '/addPatient', {
    name,
    documentType: 'IDENTITY_CARD',
    documentNumber: id,
    phone,
    relation: 'SELF',
  });
  await call(page.request, 'POST', `/v1/contact/${contact.contactId}/authentication`, {
    name,
    documentNumber: id,
  });
  // The hospital shows a person's cards only for a proven contact (real-name certification proves nothing): a
  // face verification, passed on the simulated platform's page (no SMS, so no once-a-minute limit per person).
  const face = await call<{ verifyUrl: string; ticket: string }>(
    page.request,
    'POST',
    `/v1/contact/${contact.contactId}/hisIdentity/face`,
    { returnPath: '/contactList' },
  );
  const passed = await page.request.post(`${face.verifyUrl}&outcome=pass`, { maxRedirects: 0 });
  expect(passed.status(), await passed.text()).toBe(303);
  await call(page.request, 'POST', `/v1/contact/${contact.contactId}/hisIdentity/face/result`, {
    ticket: face.ticket,
  });
  const hisCards = await call<{ medicalCardNo: string; type: string }[]>(
    page.request,
    'GET',
    `/his_cardInfo/hospital_id/${hospitalId}/identity_card/${id}/name/${encodeURIComponent(name)}`,
  );
  // A person the hospital does not know yet gets a record filed (and its card) instead.
  const card =
    hisCards.length > 0
      ? await call<{ cardId: string }>(page.request, 'POST', '/cardInfo', {
          contactId: contact.contactId,
          hospitalId,
          medicalCardNo: hisCards[0].medicalCardNo,
          type: hisCards[0].type,
        })
      : await call<{ cardId: string }>(page.request, 'POST', '/contact/patientInformationFiling', {
          contactId: contact.contactId,
          hospitalId,
        });
  return { contactId: contact.contactId, cardId: card.cardId };
}

/**
 * A patient ready to book: logs in through the login screen with the phone of `purpose` (see phoneFor) and
 * adds 李秀英 with her card at the hospital through the API.
 */
export async function patientLoggedIn(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  purpose: PhonePurpose,
  hospitalId = '1000',
): Promise<{ contactId: string; cardId: string }> {
  const phone = phoneFor(testInfo, purpose);
  await logIn(page, request, phone);
  return patientWithCard(page, '李秀英', '110105198503151230', phone, hospitalId);
}

const isoDay = (from: string, days: number) => {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Setup for screens that need a paid appointment: books the first open slot of the next days (`sameDay`: of
 * today) at a hospital through the API and pays it on the sandbox cashier page; ends on the appointment's
 * detail page. Resolves to the order id.
 */
export async function bookedAppointment(
  page: Page,
  patient: { contactId: string; cardId: string },
  hospitalId: string,
  today: string,
  options: { sameDay?: boolean } = {},
): Promise<string> {
  const items = await call<{ scheduleItemId: string; state: string }[]>(
    page.request,
    'POST',
    `/v1/schedules/hospitals/${hospitalId}/query`,
    options.sameDay
      ? { startDate: today, endDate: today, sameDay: true }
      : { startDate: isoDay(today, 1), endDate: isoDay(today, 4) },
  );
  for (const item of items.filter((i) => i.state === 'APPOINTABLE')) {
    const { sources } = await call<{ sources: { sourceId: string; state: string; remaining: number }[] }>(
      page.request,
      'POST',
      `/v1/sources/hospitals/${hospitalId}/query`,
      { scheduleItemId: item.scheduleItemId },
    );
    const source = sources.find((s) => s.state === 'APPOINTABLE' && s.remaining > 0);
    if (!source) continue;
    const { orderId } = await call<{ orderId: string }>(
      page.request,
      'POST',
      `/v1/sources/hospitals/${hospitalId}/lock`,
      { sourceId: source.sourceId },
    );
    await call(page.request, 'POST', `/v1/orders/${orderId}`, patient);
    const { sandbox } = await call<{ sandbox: { cashierUrl: string } }>(
      page.request,
      'POST',
      '/v1/pay_orders/js_pay',
      { orderType: 'APPOINTMENT', orderId, channel: 'SANDBOX', returnPath: `/appointmentDetail/${orderId}` },
    );
    await page.goto(sandbox.cashierUrl);
    await page.getByRole('button', { name: '确认支付' }).click();
    // Back in the app, the payment is confirmed with the service and the success page follows.
    await expect(page).toHaveURL(new RegExp(`/paySuccess/appointment/${orderId}$`));
    await page.goto(`/appointmentDetail/${orderId}`);
    return orderId;
  }
  throw new Error(
    `hospital ${hospitalId} has no open slot ${options.sameDay ? 'today' : 'in the next four days'}`,
  );
}
