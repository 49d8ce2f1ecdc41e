import { expect, test } from '@playwright/test';
import { call, latestCode, logIn, phoneFor } from '../support/journeys.ts';

/**
 * 个人信息: a first visit reads the policy, cannot log in without agreeing, agrees and logs in (both consents
 * recorded with their version); the account is deleted after its confirm and SMS code; the same phone logs in
 * again to a clean account.
 */
test('policy → agree → login; delete the account; a second login starts clean', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = phoneFor(testInfo, 'privacyJourney');

  // First visit: the login screen links the policy, readable before login.
  await page.goto('/login');
  await page.getByRole('link', { name: '《隐私政策》' }).click();
  await expect(page).toHaveURL(/\/privacy\/policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策');
  await expect(page.getByText('个人信息保护法').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);

  // Nothing is pre-ticked, and 登录 without the tick says so and sends nothing.
  const agree = page.getByRole('checkbox', { name: '我已阅读并同意' });
  await expect(agree).not.toBeChecked();
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入验证码').fill(await latestCode(request, phone));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('请先阅读并勾选同意《用户协议》和《隐私政策》');
  await expect(page).toHaveURL(/\/login$/);
  await agree.check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/homepage$/);

  // The homepage's foot leads to 隐私与授权: both consents, with their version and time.
  await page
    .getByRole('navigation', { name: '隐私与协议' })
    .getByRole('link', { name: '隐私与授权' })
    .click();
  const consents = page.getByRole('list', { name: '我的授权' });
  await expect(consents.getByRole('listitem')).toHaveCount(2);
  await expect(consents).toContainText('《隐私政策》');
  await expect(consents).toContainText('《用户协议》');
  await expect(consents.getByText('已同意')).toHaveCount(2);
  // A contact of the account, so that the deletion has personal data to remove.
  await call(page.request, 'POST', '/addPatient', {
    name: '周晓梅',
    documentType: 'IDENTITY_CARD',
    documentNumber: '110105199001010037',
    phone,
    relation: 'SELF',
  });
  expect(await call<unknown[]>(page.request, 'GET', '/contacts')).toHaveLength(1);

  // 注销账号: what goes and what stays, an unticked acknowledgement, the SMS code, then a confirm.
  await page.getByRole('link', { name: '注销账号' }).click();
  await expect(page).toHaveURL(/\/privacy\/deletion$/);
  await expect(page.getByRole('list', { name: '注销后立即删除' })).toBeVisible();
  await expect(page.getByRole('list', { name: '依法保留' })).toBeVisible();
  const submit = page.getByRole('button', { name: '注销账号' });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: /我已了解/ }).check();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入6位验证码').fill(await latestCode(request, phone, 'account_deletion'));
  await submit.click();
  const dialog = page.locator('.rv-dialog');
  await expect(dialog).toContainText('确定注销账号吗？');
  await dialog.getByRole('button', { name: '确定注销' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.getByRole('link', { name: '登录', exact: true })).toBeVisible();

  // The same phone again: a new account, nothing of the old one, the login's two consents only.
  await logIn(page, request, phone);
  expect(await call<unknown[]>(page.request, 'GET', '/contacts')).toEqual([]);
  await page.goto('/privacy/consents');
  await expect(page.getByRole('list', { name: '我的授权' }).getByRole('listitem')).toHaveCount(2);
});
