import { expect, type Page, test } from '@playwright/test';
import { SERVICE_URL } from '../support/env.ts';
import { call, currentPolicyOf, patientLoggedIn } from '../support/journeys.ts';

/** Books a test of `type` for the contact whose masked name matches `who`, and pays at the sandbox cashier. */
async function bookAndPay(page: Page, type: RegExp, who: RegExp): Promise<string> {
  await page.goto('/nucleicAcidIndex');
  await page.getByRole('list', { name: '检测类型' }).getByRole('link', { name: type }).click();
  await expect(page).toHaveURL(/\/nucleicAcidOrder\/(single|mixed)$/);
  await page.getByRole('radio', { name: who }).check({ force: true });
  await page.getByRole('checkbox', { name: '我已阅读并同意检测须知' }).check();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByLabel('确认预约信息')).toBeVisible();
  // The health declaration: every question 否, confirmed.
  const declaration = page.getByRole('region', { name: '健康申报' });
  for (const question of await declaration.getByRole('list', { name: '问题' }).getByRole('listitem').all()) {
    await question.getByRole('radio', { name: '否' }).check({ force: true });
  }
  await declaration.getByRole('button', { name: '确认申报' }).click();
  await page.locator('.rv-dialog').getByRole('button', { name: '确定提交' }).click();
  await expect(declaration.getByRole('button', { name: '修改健康申报' })).toBeVisible();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/nucleicAcidSuccess\/\d+/);
  await expect(page.getByRole('heading', { name: '预约成功' })).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop() as string;
}

/**
 * Nucleic acid tests (issue 12): a single-tube test booked for oneself, paid at the sandbox cashier, its QR code
 * shown, found in my tests, its result read once the laboratory reports it (development route); a pooled test
 * for a child booked and paid, then cancelled before sampling with its refund.
 */
test('nucleic acid: book and pay → QR code → in my tests → result; another cancelled with refund', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await patientLoggedIn(page, request, testInfo, 'nucleicAcidJourney');
  await call(page.request, 'POST', '/addPatient', {
    name: '李小明',
    documentType: 'IDENTITY_CARD',
    documentNumber: '110105201506081236',
    phone: '13912345678',
    relation: 'CHILD',
    // A child under 14: the account holder consents as parent (the form's 监护人同意 box).
    guardianConsent: await currentPolicyOf(page),
  });

  const mine = await bookAndPay(page, /单人单管/, /^李\*\*.*本人/);
  const code = page.getByRole('region', { name: '采样二维码' });
  await expect(code.getByRole('img', { name: '核酸检测采样二维码' })).toHaveAttribute(
    'data-value',
    /^NAT1000\d{10}$/,
  );
  await expect(code.locator('svg')).toBeVisible();

  await page.getByRole('link', { name: '我的核酸检测' }).click();
  const list = page.getByRole('list', { name: '我的核酸检测' });
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list).toContainText('单人单管');
  await expect(list).toContainText('待采样');

  // Sampled, then reported by the laboratory (development route).
  for (const status of ['SAMPLED', 'REPORTED']) {
    const moved = await request.post(`${SERVICE_URL}/__dev/nucleic-acid/advance`, {
      data: { orderId: mine },
    });
    expect((await moved.json()).results.status).toBe(status);
  }
  await list.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/nucleicAcidDetail/${mine}$`));
  await expect(page.getByRole('region', { name: '订单状态' })).toContainText('阴性');
  await expect(page.getByRole('region', { name: '检测结果' })).toContainText('新型冠状病毒 N 基因');
  await expect(page.getByRole('button', { name: '取消预约' })).toHaveCount(0);

  const other = await bookAndPay(page, /多人混管/, /^李\*\*.*子女/);
  await page.getByRole('link', { name: '查看订单详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/nucleicAcidDetail/${other}$`));
  await expect(page.getByRole('region', { name: '订单状态' })).toContainText('待采样');
  await page.getByRole('button', { name: '取消预约' }).click();
  await expect(page.locator('.rv-dialog')).toContainText('将原路退回');
  await page.locator('.rv-dialog').getByRole('button', { name: '取消预约' }).click();
  await expect(page.getByRole('region', { name: '订单状态' })).toContainText('已取消');
  await expect(page.getByLabel('订单信息')).toContainText(/¥3\.50（(退款中|已退款)）/);
  await expect(page.getByRole('region', { name: '采样二维码' })).toHaveCount(0);

  await page.getByRole('link', { name: '我的核酸检测' }).click();
  await expect(page.getByRole('list', { name: '我的核酸检测' }).getByRole('link')).toHaveCount(2);
});
