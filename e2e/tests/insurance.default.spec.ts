import { expect, type Page, test } from '@playwright/test';
import { audit, failing, report } from '../support/a11y.ts';
import { patientLoggedIn } from '../support/journeys.ts';

/**
 * Medical insurance payment (issue 10) as a patient goes through it, in the default app: the order page's
 * 医保支付, the simulated insurance platform's authorisation page, the split, the cash part paid at the sandbox
 * cashier, the result, the detail, and the refund. One amount everywhere: the cash part shown on the split is
 * the amount the cashier charges and the amount refunded.
 */

/** The value shown next to a term of a definition list labelled `list`. */
const amountOf = (page: Page, list: string, term: string) =>
  page
    .getByLabel(list)
    .locator('div', { has: page.getByText(term, { exact: true }) })
    .locator('dd');

test('booking paid with insurance: authorise, see the split, pay the cash part, refund', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await patientLoggedIn(page, request, testInfo, 'insuranceJourney');

  await page.goto('/depts');
  await page.locator('a[href^="/doctors/"]').first().click();
  await page.locator('a[href^="/schedule/"]').first().click();
  await page.getByRole('list', { name: '可选时段' }).getByRole('button', { name: /余\d+/ }).first().click();
  await expect(page).toHaveURL(/\/placeOrder\/\d+$/);
  const orderId = page.url().match(/placeOrder\/(\d+)/)![1];

  // 医保支付: the order is placed, then the insurance platform's page asks for the patient's consent.
  // Chosen once the page has settled (contact, card and fees in): a tap while they load lands elsewhere.
  const confirm = page.getByRole('button', { name: '确认预约并支付' });
  await expect(confirm).toBeEnabled();
  const settlement = page.getByRole('group', { name: '选择支付方式' });
  await settlement.getByText('医保支付').click();
  await expect(settlement.getByRole('radio', { name: /医保支付/ })).toBeChecked();
  await confirm.click();
  await expect(page).toHaveURL(/\/sandbox\/insurance\/authorize\?/);
  await expect(page.getByText('李**')).toBeVisible();
  await page.getByRole('button', { name: '同意授权' }).click();

  // The split, from the insurance centre's rules.
  await expect(page).toHaveURL(new RegExp(`/medicalInsurance/paying/${orderId}\\?from=appointment$`));
  await expect(page.getByRole('heading', { level: 1, name: '医保支付' })).toBeAttached();
  const fund = await amountOf(page, '结算金额', '医保统筹支付').innerText();
  const cash = (await amountOf(page, '结算金额', '现金支付').locator('strong').innerText()).trim();
  expect(fund).toMatch(/^¥\d+\.\d{2}$/);
  expect(Number(fund.slice(1))).toBeGreaterThan(0);

  // The split screen with real amounts (the every-route crawl sees the insurance pages without an order).
  const findings = failing(await audit(page, '/medicalInsurance/paying', 'normal'));
  expect(findings, report(findings)).toEqual([]);

  // The cashier charges the cash part, nothing more.
  await page.getByRole('button', { name: `确认支付 ${cash}` }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await expect(page.locator('.amount')).toHaveText(cash);
  await page.getByRole('button', { name: '确认支付' }).click();

  await expect(page).toHaveURL(/\/medicalInsurance\/success\/appointment\?orderId=\d+&paymentId=\d+$/);
  await expect(page.getByText('支付成功')).toBeVisible();
  await expect(amountOf(page, '结算金额', '医保统筹支付')).toHaveText(fund);
  await expect(amountOf(page, '结算金额', '现金支付').locator('strong')).toHaveText(cash);
  const onSuccess = failing(await audit(page, '/medicalInsurance/success', 'normal'));
  expect(onSuccess, report(onSuccess)).toEqual([]);

  await page.getByRole('link', { name: '查看订单详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/appointmentDetail/${orderId}$`));
  await expect(page.getByText('已预约').first()).toBeVisible();
  await expect(page.getByText('医保支付', { exact: true })).toBeVisible();

  // Cancelling gives the cash part back through the cashier and insurance's part back to insurance.
  await page.getByRole('link', { name: '取消预约' }).click();
  await page.getByText('行程有变，无法按时就诊').click();
  await page.getByRole('button', { name: '确认取消预约' }).click();
  const dialog = page.locator('.rv-dialog');
  await expect(dialog).toContainText(`自费部分 ${cash} 将原路退回`);
  await expect(dialog).toContainText('退回医保');
  await dialog.getByRole('button', { name: '确认取消' }).click();
  await expect(page).toHaveURL(new RegExp(`/appointmentDetail/${orderId}$`));
  await expect(page.getByText('退款中').first()).toBeVisible();
  await expect(amountOf(page, '订单信息', '退款金额')).toHaveText(cash);
});
