import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { HOSPITAL_KEYS, type HospitalKey, SERVICE_URL } from './env.ts';

export const hospitalOf = (testInfo: TestInfo) => testInfo.project.name as HospitalKey;

/**
 * A phone number of its own for each hospital project and purpose, so that the per-phone SMS rate limit
 * (1 a minute) never couples two tests.
 */
export function phoneFor(testInfo: TestInfo, purpose: number): string {
  const index = HOSPITAL_KEYS.indexOf(hospitalOf(testInfo));
  return `1370000${index}${purpose}00`;
}

interface Envelope<T> {
  state: number;
  msg: string | null;
  results: T;
}

/** Calls the hospital-service directly (not through the app) and unwraps the envelope. */
export async function service<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`${SERVICE_URL}${path}`);
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

/** Logs in through the login screen with the code from the outbox; ends on the homepage. */
export async function logIn(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  await page.getByPlaceholder('请输入验证码').fill(await latestCode(request, phone));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.getByTestId('user-phone')).toContainText(phone.slice(-4));
}

/** Calls the app's own API with the page's session: test setup only, the journeys themselves use the screens. */
export async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await request.fetch(`/hospital-service${path}`, { method, data: body });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.state, `${path}: ${envelope.msg}`).toBe(200);
  return envelope.results;
}

/** A contact with a card at hospital 1000, made through the API. */
export async function patientWithCard(page: Page, name: string, id: string, phone: string) {
  const contact = await call<{ contactId: string }>(page.request, 'POST', '/addPatient', {
    name,
    documentType: 'IDENTITY_CARD',
    documentNumber: id,
    phone,
    relation: 'SELF',
  });
  const hisCards = await call<{ medicalCardNo: string; type: string }[]>(
    page.request,
    'GET',
    `/his_cardInfo/hospital_id/1000/identity_card/${id}/name/${encodeURIComponent(name)}`,
  );
  await call(page.request, 'POST', '/cardInfo', {
    contactId: contact.contactId,
    hospitalId: '1000',
    medicalCardNo: hisCards[0].medicalCardNo,
    type: hisCards[0].type,
  });
  return contact.contactId;
}
