import { expect, type Page, test } from '@playwright/test';
import {
  CHANNEL,
  call,
  hisPhone,
  latestCode,
  logIn,
  patientWithCard,
  phoneFor,
} from '../support/journeys.ts';

/**
 * Outpatient fees paid with insurance at a second hospital (songtao, 1002) by a patient who paid with insurance
 * at zhengzhou (1001, a 100-yuan deductible) just before: the split the songtao app offers is the one the
 * insurance centre settles, the cash part is charged once and kept, and the result page says 支付成功.
 */

const NAME = '龙秀梅';
const ID_CARD = '522628198808081237';

/** The value shown next to a term of a definition list labelled `list`. */
const amountOf = (page: Page, list: string, term: string) =>
  page
    .getByLabel(list)
    .locator('div', { has: page.getByText(term, { exact: true }) })
    .locator('dd');

/** Proves the contact for the hospitals' data by the code the HIS sends, unless it is proven already. */
async function proven(page: Page, contactId: string) {
  const sent = await page.request.fetch(`/hospital-service/v1/contact/${contactId}/hisIdentity/sms`, {
    method: 'POST',
    headers: CHANNEL,
  });
  if (((await sent.json()) as { state: number }).state !== 200) return;
  const code = await latestCode(page.request, hisPhone(NAME, ID_CARD), 'his_identity');
  await call(page.request, 'POST', `/v1/contact/${contactId}/hisIdentity`, { code });
}

/** Setup: the visit's bills at zhengzhou (1001) paid with insurance, its deductible used (API, the pages' forms). */
async function paidWithInsuranceAtZhengzhou(page: Page, contactId: string) {
  const orders = await call<{ orderId: string }[]>(
    page.request,
    'POST',
    '/v1/outpatient/officeCharges/1001',
    {
      contactId,
    },
  );
  const charge = await call<{ chargeId: string }>(
    page.request,
    'POST',
    '/v1/interOfficePayment/orderUniformly',
    {
      hospitalId: '1001',
      contactId,
      orderIds: orders.map((o) => o.orderId),
    },
  );
  const query = new URLSearchParams({ hospitalId: '1001', contactId, returnPath: '/homepage' });
  const { url } = await call<{ url: string }>(page.request, 'GET', `/v1/insurance/authorization?${query}`);
  await page.goto(url);
  await page.getByRole('button', { name: '同意授权' }).click();
  await expect(page).toHaveURL(/\/homepage\?authCode=/);
  const authCode = new URL(page.url()).searchParams.get('authCode');
  const { payAuthNo } = await call<{ payAuthNo: string }>(page.request, 'POST', '/v1/auth/payAuthNo', {
    authCode,
  });
  const order = { orderType: 'OUTPATIENT_FEE', orderId: charge.chargeId };
  await call(page.request, 'POST', '/v1/pay_orders/selfOrMedicalPreSettle', {
    ...order,
    mode: 'MEDICAL',
    payAuthNo,
  });
  const started = await call<{ sandbox: { cashierUrl: string } | null }>(
    page.request,
    'POST',
    '/v1/pay_orders/js_pay',
    { ...order, channel: 'SANDBOX', returnPath: '/homepage' },
  );
  if (started.sandbox) {
    await page.goto(started.sandbox.cashierUrl);
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page).toHaveURL(/\/homepage\?paymentId=\d+$/);
  }
  const settled = await call<{ paid: boolean }>(
    page.request,
    'GET',
    `/v1/pay_orders/settlement?${new URLSearchParams(order)}`,
  );
  expect(settled.paid).toBe(true);
}

test('outpatient fees paid with insurance at a second hospital: the split offered is settled and kept', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const phone = phoneFor(testInfo, 'insuranceElsewhereJourney');
  await logIn(page, request, phone);
  const { contactId } = await patientWithCard(page, NAME, ID_CARD, phone, '1002');
  await proven(page, contactId);
  await paidWithInsuranceAtZhengzhou(page, contactId);

  await page.goto('/outpatientFee/list');
  await expect(page.getByRole('region', { name: '西药' })).toBeVisible();
  await page.getByRole('button', { name: '合并缴费' }).click();
  await expect(page).toHaveURL(/\/outpatientFee\/pay\/\d+\/\d+$/);
  await page.getByRole('group', { name: '结算方式' }).getByText('医保支付').click();
  await page.getByRole('button', { name: '医保支付', exact: true }).click();
  await expect(page).toHaveURL(/\/sandbox\/insurance\/authorize\?/);
  await expect(page.getByText('龙**')).toBeVisible();
  await page.getByRole('button', { name: '同意授权' }).click();

  await expect(page).toHaveURL(/\/medicalInsurance\/paying\//);
  const fund = await amountOf(page, '结算金额', '医保统筹支付').innerText();
  const cash = (await amountOf(page, '结算金额', '现金支付').locator('strong').innerText()).trim();
  expect(Number(fund.slice(1))).toBeGreaterThan(0);
  await page.getByRole('button', { name: `确认支付 ${cash}` }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await expect(page.locator('.amount')).toHaveText(cash);
  await page.getByRole('button', { name: '确认支付' }).click();

  await expect(page).toHaveURL(/\/medicalInsurance\/success\/outpatientFee\?orderId=\d+&paymentId=\d+$/);
  await expect(page.getByText('支付成功')).toBeVisible();
  await expect(amountOf(page, '结算金额', '医保统筹支付')).toHaveText(fund);
  await expect(amountOf(page, '结算金额', '现金支付').locator('strong')).toHaveText(cash);
  const chargeId = new URL(page.url()).searchParams.get('orderId') as string;
  const charge = await call<{ status: string }>(page.request, 'GET', `/v1/outpatient/charge/${chargeId}`);
  expect(charge.status).toBe('PAID');
});
