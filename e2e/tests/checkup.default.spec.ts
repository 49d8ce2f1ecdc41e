import { expect, test } from '@playwright/test';
import { patientLoggedIn } from '../support/journeys.ts';

/** Check-up appointments (issue 5) as a patient goes through them; shared code, so the default app runs it. */

test('check-up: request list → date and time → confirm with the notices → success → detail → cancel → book again', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await patientLoggedIn(page, request, testInfo, 'checkup');

  await page.goto('/checkAppoint/list');
  const requests = page.getByRole('list', { name: '检查申请单' });
  const first = requests.getByRole('article').first();
  const itemName = (await first.getAttribute('aria-label'))!;
  await first.getByRole('button', { name: '预约', exact: true }).click();
  await expect(page).toHaveURL(/\/checkAppoint\/chooseDate\//);
  await expect(page.getByText(itemName).first()).toBeVisible();

  // The first date with places is chosen. Online cancellation closes 24 hours before the start, so the
  // journey takes the last date with places (days ahead, whatever hour the suite runs at); its slots say
  // how many places are left.
  const dates = page.getByRole('group', { name: '检查日期' }).locator('label').filter({ hasText: /余\d+/ });
  await expect(dates.nth(2)).toBeVisible();
  await dates.last().click();
  const slot = page
    .getByRole('group', { name: /的时段$/ })
    .locator('label')
    .filter({ hasText: /余\d+/ })
    .first();
  const timeRange = (await slot.locator('span').first().textContent())!;
  await slot.click();
  await expect(page).toHaveURL(/\/checkAppoint\/sureCheck\//);
  await expect(page.getByRole('list', { name: '检查注意事项' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('button', { name: '确认预约' }).click();

  await expect(page).toHaveURL(/\/checkAppoint\/checkSuccess\//);
  const result = page.getByRole('region', { name: '预约结果' });
  await expect(result.getByText('预约成功')).toBeVisible();
  await expect(page.getByText(timeRange).first()).toBeVisible();
  await expect(page.getByText('李**').first()).toBeVisible();
  await page.getByRole('link', { name: '查看预约详情' }).click();

  await expect(page).toHaveURL(/\/checkAppoint\/detail\//);
  await expect(page.getByText('已预约').first()).toBeVisible();
  await page.getByRole('button', { name: '取消预约' }).click();
  const dialog = page.locator('.rv-dialog');
  await expect(dialog).toContainText(itemName);
  await dialog.getByRole('button', { name: '取消预约' }).click();
  await expect(page.getByText('已取消').first()).toBeVisible();

  // Back in the list the request can be booked again.
  await page.goto('/checkAppoint/list');
  await expect(
    requests.getByRole('article', { name: itemName }).getByRole('button', { name: '重新预约' }),
  ).toBeVisible();
});
