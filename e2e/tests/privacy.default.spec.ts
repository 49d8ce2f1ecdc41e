import { expect, test } from '@playwright/test';
import { audit, failing, report } from '../support/a11y.ts';
import { agreeSensitive, call, latestCode, logIn, patientWithCard, phoneFor } from '../support/journeys.ts';

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
  // A contact of the account, so that the deletion has personal data to remove (its ID number needs the
  // sensitive consent: given here as setup; the next journey goes through its sheet).
  await agreeSensitive(page);
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
  await logIn(page, request, phone, { sensitiveConsent: false });
  expect(await call<unknown[]>(page.request, 'GET', '/contacts')).toEqual([]);
  await page.goto('/privacy/consents');
  await expect(page.getByRole('list', { name: '我的授权' }).getByRole('listitem')).toHaveCount(2);
});

/**
 * 敏感个人信息 (个人信息保护法 §29): withdrawn at 隐私与授权 (the confirm says what stops working), the report list
 * asks for the consent again in a sheet before showing anything — what, why and how long, unticked; 暂不同意
 * keeps the reports hidden; 同意 records it and the list appears.
 */
test('sensitive information: withdrawn → the report list asks first; refused hides the data, agreed shows it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = phoneFor(testInfo, 'sensitiveJourney');
  await logIn(page, request, phone);
  // A proven contact with a card (set-up through the API, under the consent the set-up gave).
  await patientWithCard(page, '李秀英', '110105198503151230', phone);

  await page.goto('/privacy/consents');
  const sensitive = page
    .getByRole('list', { name: '我的授权' })
    .getByRole('listitem')
    .filter({ hasText: '敏感个人信息处理' });
  await sensitive.getByRole('button', { name: '撤回' }).click();
  const confirmDialog = page.locator('.rv-dialog');
  await expect(confirmDialog).toContainText('查询检查检验报告');
  await expect(confirmDialog).toContainText('仍保持登录');
  await confirmDialog.getByRole('button', { name: '撤回' }).click();
  await expect(sensitive).toContainText('已撤回');

  await page.goto('/searchReportNew');
  const sheet = page.getByRole('dialog', { name: '敏感个人信息处理授权' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('处理哪些信息');
  await expect(sheet).toContainText('保存多久');
  await expect(sheet).toContainText(/版本 \d{4}-\d{2}-\d{2}/);
  const box = sheet.getByRole('checkbox', { name: '我已阅读并同意处理上述敏感个人信息' });
  await expect(box).not.toBeChecked();
  await expect(sheet.getByRole('button', { name: '同意', exact: true })).toBeDisabled();
  const findings = failing(await audit(page, '/searchReportNew (sensitive consent sheet)', 'normal'));
  expect(findings, report(findings)).toEqual([]);

  // Refused: no report shown; the screen offers to load again.
  await sheet.getByRole('button', { name: '暂不同意' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByText('报告查询失败')).toBeVisible();
  await expect(page.getByRole('list', { name: '报告列表' }).getByRole('link')).toHaveCount(0);

  // Asked again on the next try; agreed: recorded, and the list appears.
  await page.getByRole('button', { name: '重新加载' }).first().click();
  await expect(sheet).toBeVisible();
  await sheet.getByRole('checkbox', { name: '我已阅读并同意处理上述敏感个人信息' }).check();
  await sheet.getByRole('button', { name: '同意', exact: true }).click();
  await expect(sheet).toBeHidden();
  await page.getByRole('tab', { name: '检验报告' }).click();
  await expect(page.getByRole('list', { name: '报告列表' }).getByRole('link').first()).toBeVisible();
  const consents = await call<{ kind: string; withdrawnAt: string | null }[]>(
    page.request,
    'GET',
    '/v1/privacy/consents?hospitalId=1000',
  );
  expect(consents.filter((c) => c.kind === 'SENSITIVE' && c.withdrawnAt === null)).toHaveLength(1);
});
