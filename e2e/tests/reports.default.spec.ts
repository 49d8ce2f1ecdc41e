import { expect, test } from '@playwright/test';
import { patientLoggedIn } from '../support/journeys.ts';

/**
 * Reports (issue 12) as a patient reads them; shared code, so the default app runs it: choose the contact, the
 * lab reports, one with an abnormal item (marked, first), that item's trend over the reports (the chart loads
 * then), the report's pages as images, then an imaging report's findings and impression.
 */
test('reports: contact → lab list → an abnormal item, marked → its trend → pages → an imaging report', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await patientLoggedIn(page, request, testInfo, 'reportsJourney');

  await page.goto('/searchReportNew');
  await expect(page.getByRole('radio', { name: /李/ })).toBeChecked();
  await page.getByRole('tab', { name: '检验报告' }).click();
  const list = page.getByRole('list', { name: '报告列表' });
  const abnormal = list
    .getByRole('link')
    .filter({ hasText: /\d+项异常/ })
    .first();
  await expect(abnormal).toBeVisible();
  await abnormal.click();

  await expect(page).toHaveURL(/\/searchReport\/resultDetail\/1000\/lab\//);
  const table = page.getByRole('table');
  const first = table.locator('tbody tr').first();
  await expect(first).toHaveAttribute('data-abnormal', 'true');
  await expect(first).toContainText(/偏高|偏低/);
  const itemName = (await first.getByRole('rowheader').textContent())?.replace(/[A-Za-z%0-9]+$/, '') ?? '';
  // The chart library is not loaded before a trend is asked for.
  const chartLoads: string[] = [];
  page.on('request', (r) => {
    if (/TrendChart/.test(r.url())) chartLoads.push(r.url());
  });
  await first.getByRole('button', { name: /趋势$/ }).click();
  await expect(page.getByRole('img', { name: new RegExp(`${itemName}趋势图`) })).toBeVisible();
  await expect(page.locator('.uplot canvas').first()).toBeVisible();
  await expect(page.getByRole('list', { name: `${itemName}历次结果` }).getByRole('listitem')).toHaveCount(3);
  expect(chartLoads.length).toBeGreaterThan(0);

  await page.getByRole('link', { name: '查看报告单' }).click();
  await expect(page).toHaveURL(/\/reportDetail\/pdf\//);
  const pageImage = page.getByRole('img', { name: /报告单 第1页/ });
  await expect(pageImage).toBeVisible();
  expect(await pageImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.goto('/searchReportNew');
  await page.getByRole('tab', { name: '检查报告' }).click();
  await list.getByRole('link').filter({ hasText: '已出报告' }).first().click();
  await expect(page).toHaveURL(/\/searchReport\/resultDetail\/1000\/imaging\//);
  await expect(page.getByRole('region', { name: '检查所见' })).toBeVisible();
  await expect(page.getByRole('region', { name: '诊断意见' })).not.toBeEmpty();
});
