import { expect, test } from '@playwright/test';
import { SERVICE_URL } from '../support/env.ts';
import { patientLoggedIn } from '../support/journeys.ts';

/** A 1×1 PNG: a real image the phone can decode, scale and re-encode before the upload. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Medical record copy (issue 13) as a patient applies: a new delivery address, the application (patient, past
 * stay, purpose) with two ID photos uploaded, paid at the sandbox cashier, 待审核; the record room's review and
 * posting moved on by the development route, then the order 配送中 with its tracking timeline, and receipt.
 */
test('record copy: address → apply with two photos → pay → in review → posted → tracking → received', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await patientLoggedIn(page, request, testInfo, 'recordCopyJourney');

  await page.goto('/placeList');
  await page.getByRole('link', { name: '新增收货地址' }).click();
  await page.getByLabel('收货人').fill('李秀英');
  await page.getByLabel('手机号码').fill('13912345678');
  await page.getByLabel('省份').selectOption({ label: '浙江省' });
  await page.getByLabel('城市').selectOption({ label: '台州市' });
  await page.getByLabel('区县').selectOption({ label: '路桥区' });
  await page.getByRole('combobox', { name: '街道/乡镇' }).selectOption({ label: '路桥街道' });
  await page.getByLabel('详细地址').fill('银安街1号3幢201室');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('list', { name: '收货地址' })).toContainText(
    '浙江省 台州市 路桥区 路桥街道 银安街1号3幢201室',
  );

  await page.goto('/medicalRecord/index');
  await page.getByRole('link', { name: '申请复印' }).click();
  await page.getByRole('button', { name: /^选择李/ }).click();
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: /下一步/ }).click();
  await page.getByRole('radio', { name: '商业保险理赔' }).check({ force: true });
  await page.getByRole('button', { name: '下一步' }).click();

  for (const side of ['身份证人像面', '身份证国徽面']) {
    await page
      .getByLabel(`上传${side}`)
      .setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: PHOTO });
    const uploaded = page.getByRole('img', { name: `已上传的${side}` });
    await expect(uploaded).toBeVisible();
    // Served back to its owner only, as the image it is.
    await expect
      .poll(() => uploaded.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expect(page.getByText('银安街1号3幢201室')).toBeVisible();
  await page.getByRole('button', { name: /提交申请/ }).click();

  await expect(page).toHaveURL(/\/medicalRecord\/recordDetail\/\d+$/);
  const orderId = page.url().split('/').pop() as string;
  await expect(page.getByRole('region', { name: '申请状态' })).toContainText('待支付');
  await page.getByRole('button', { name: /去支付/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await page.getByRole('link', { name: '查看申请详情' }).click();
  await expect(page.getByRole('region', { name: '申请状态' })).toContainText('待审核');

  // The record room reviews and posts it (development route).
  for (const status of ['NO_DELIVERED', 'IS_DELIVERED']) {
    const moved = await request.post(`${SERVICE_URL}/__dev/record-copy/advance`, { data: { orderId } });
    expect((await moved.json()).results.status).toBe(status);
  }
  await page.reload();
  await expect(page.getByRole('region', { name: '申请状态' })).toContainText('配送中');
  await page.getByRole('link', { name: '查看物流' }).click();
  await expect(page).toHaveURL(new RegExp(`/traceDetail/${orderId}$`));
  await expect(page.getByRole('region', { name: '物流轨迹' })).toContainText('顺丰速运已收取快件');
  await page.getByRole('link', { name: '返回申请详情' }).click();
  await page.getByRole('button', { name: '确认收货' }).click();
  await page.getByRole('button', { name: '已收到' }).click();
  await expect(page.getByRole('heading', { name: '已确认收货' })).toBeVisible();
});
