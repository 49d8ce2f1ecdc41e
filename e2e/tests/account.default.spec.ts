import { expect, test } from '@playwright/test';
import { patientLoggedIn } from '../support/journeys.ts';

/**
 * Prepaid account and invoices (issue 11), in the default app: open an account in the contact's name, recharge
 * it on the sandbox cashier, see the recharge among the transactions; then open an invoice as its page image.
 */
test('prepaid account: open → recharge on the sandbox → the transaction; an invoice’s page image', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { contactId } = await patientLoggedIn(page, request, testInfo, 'accountJourney');

  await page.goto(`/account?contactId=${contactId}`);
  await page.getByRole('button', { name: '开通预交金账户' }).click();
  await page.getByRole('button', { name: '同意并开通' }).click();
  const balance = page.getByRole('region', { name: '账户余额' });
  await expect(balance).toContainText('0.00');

  await balance.getByRole('button', { name: '充值' }).click();
  await expect(page).toHaveURL(new RegExp(`/recharge/${contactId}$`));
  await page.getByText('100元', { exact: true }).click();
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await page.getByRole('button', { name: '确认支付' }).click();

  await expect(page).toHaveURL(/\/rechargeSuccess\?rechargeId=/);
  await expect(page.getByRole('heading', { name: '充值成功' })).toBeVisible();
  await expect(page.getByLabel('充值详情')).toContainText('¥100.00');
  await page.getByRole('link', { name: '查看交易记录' }).click();
  const row = page.getByRole('listitem').filter({ hasText: '在线充值' });
  await expect(row).toContainText('+100.00');
  await expect(row).toContainText('余额 100.00');

  await page.goto(`/invoice/invoiceList?contactId=${contactId}`);
  await page.getByRole('list', { name: '电子票据列表' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/invoice\/invoiceDetail\//);
  const image = page.getByRole('img', { name: /电子票据 \d{10} 第1页/ });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(image).toHaveAttribute('alt', /大写.+[元整分角]/);
  await expect(page.getByRole('link', { name: '下载票据' })).toHaveAttribute(
    'download',
    /^电子票据-\d{8}-\d{10}\.svg$/,
  );
});
