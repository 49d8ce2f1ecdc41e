import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { logIn, phoneFor } from '../support/journeys.ts';

/** Appointments (issue 5) as a patient goes through them; shared code, so the default app runs it. */

interface Envelope<T> {
  state: number;
  msg: string | null;
  results: T;
}

/** Calls the app's own API with the page's session (setup only; the journeys below go through the screens). */
async function call<T>(
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
async function patientWithCard(page: Page, name: string, id: string, phone: string) {
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

test('scheduled booking: department → doctor → slot → order → sandbox cashier → paid; list, detail, cancel with a reason, refund', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const phone = phoneFor(testInfo, 6);
  await logIn(page, request, phone);
  await patientWithCard(page, '李秀英', '110105198503151230', phone);

  await page.goto('/depts');
  await page.locator('a[href^="/doctors/"]').first().click();
  await expect(page).toHaveURL(/\/doctors\/1000\//);
  await page.locator('a[href^="/schedule/"]').first().click();
  await expect(page).toHaveURL(/\/schedule\//);
  await page.getByRole('list', { name: '可选时段' }).getByRole('button', { name: /余\d+/ }).first().click();
  await expect(page).toHaveURL(/\/placeOrder\/\d+$/);
  const orderId = page.url().match(/placeOrder\/(\d+)/)![1];
  await expect(page.getByRole('timer', { name: '剩余保留时间' })).toContainText(/\d{2}:\d{2}/);
  await page.getByRole('button', { name: '确认预约并支付' }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/paySuccess/appointment/${orderId}$`));
  await expect(page.getByText('预约成功').first()).toBeVisible();
  await expect(page.getByText('就诊序号')).toBeVisible();

  // The list shows it booked; the detail offers cancelling (before the deadline) with a reason, then a refund.
  await page.goto('/appointmentList');
  await expect(page.getByText('黄勇').first()).toBeVisible();
  await page.goto(`/appointmentDetail/${orderId}`);
  await expect(page.getByText('已预约').first()).toBeVisible();
  await page.getByRole('link', { name: '取消预约' }).click();
  await expect(page).toHaveURL(new RegExp(`/cancelReson\\?orderId=${orderId}$`));
  await page.getByText('行程有变，无法按时就诊').click();
  await page.getByRole('button', { name: '确认取消预约' }).click();
  await page.locator('.rv-dialog').getByRole('button', { name: '确认取消' }).click();
  await expect(page).toHaveURL(new RegExp(`/appointmentDetail/${orderId}$`));
  await expect(page.getByText(/已退款|已退号/).first()).toBeVisible();
  await expect(page.getByText('退款金额')).toBeVisible();
});

test('department search by pinyin and initials: “nk” and “neike” find 内科', async ({ page }) => {
  await page.goto('/depts/search');
  const box = page.getByRole('searchbox', { name: '搜索科室' });
  for (const keyword of ['nk', 'neike', '内科']) {
    await box.fill(keyword);
    await expect(page.locator('a[href^="/doctors/"]', { hasText: '内科' }).first()).toBeVisible();
  }
  await box.fill('zzzz');
  await expect(page.locator('a[href^="/doctors/"]')).toHaveCount(0);
});
