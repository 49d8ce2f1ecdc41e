import { expect, type Page, test } from '@playwright/test';
import { patientLoggedIn } from '../support/journeys.ts';

/** Pays on the sandbox cashier page, which sends the patient back to the app's result page. */
async function payAtCashier(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await page.getByRole('button', { name: '确认支付' }).click();
}

const yuanOf = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/**
 * Fees (issue 11): two of the visit's four outpatient orders paid together in one payment (sandbox cashier),
 * then found in the paid history; an inpatient deposit paid, and the stay's balance rises by it.
 */
test('fees: pay two outpatient orders together → paid history; pay a deposit → the balance rises', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await patientLoggedIn(page, request, testInfo, 'feesJourney');

  await page.goto('/outpatientFee/list');
  await expect(page.getByRole('region', { name: '西药' })).toBeVisible();
  // Everything is ticked at first; the patient pays the prescription and the CT now.
  await page.getByRole('checkbox', { name: '血常规 + C反应蛋白' }).uncheck();
  await page.getByRole('checkbox', { name: '雾化吸入治疗' }).uncheck();
  await expect(page.getByText('已选 2 项')).toBeVisible();
  await page.getByRole('button', { name: '合并缴费' }).click();
  await expect(page).toHaveURL(/\/outpatientFee\/pay\/\d+\/\d+$/);
  await expect(page.getByRole('region', { name: '缴费项目' })).toContainText('胸部CT平扫');
  await page.getByRole('button', { name: '立即支付' }).click();
  await payAtCashier(page);
  await expect(page).toHaveURL(/\/outpatientFee\/paySuccess\?chargeId=\d+/);
  await expect(page.getByRole('heading', { name: '缴费成功' })).toBeVisible();
  await page.getByRole('link', { name: '缴费记录' }).click();
  const history = page.getByRole('list', { name: '缴费记录' });
  await expect(history.getByRole('link')).toHaveCount(1);
  await expect(history).toContainText('西药处方、胸部CT平扫');
  await expect(history).toContainText('已缴费');

  await page.goto('/inpatientFee/manage');
  const money = page.getByRole('region', { name: '住院费用概况' });
  await expect(money).toBeVisible();
  const before = yuanOf(await money.locator('dd').nth(2).textContent());
  await page.getByRole('link', { name: '押金充值' }).click();
  await page.getByText('¥1000.00', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '¥1000.00' })).toBeChecked();
  await page.getByRole('button', { name: '立即充值' }).click();
  await payAtCashier(page);
  await expect(page).toHaveURL(/\/inpatientFee\/rechargePaySuccess\?depositId=\d+/);
  await expect(page.getByRole('heading', { name: '充值成功' })).toBeVisible();
  await page.getByRole('link', { name: '返回住院服务' }).click();
  await expect(money.locator('dd').nth(2)).toHaveText(/¥/);
  expect(yuanOf(await money.locator('dd').nth(2).textContent())).toBeCloseTo(before + 1000, 2);
});
