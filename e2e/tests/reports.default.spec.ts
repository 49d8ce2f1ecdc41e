import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { patientLoggedIn } from '../support/journeys.ts';

/**
 * Reports (issue 12) as a patient reads them; shared code, so the default app runs it: choose the contact, the
 * lab reports, one with an abnormal item (marked, first), that item's trend over the reports (the chart loads
 * then), the report's pages as images and as a downloaded PDF, then an imaging report's findings and
 * impression. A second journey answers a visit's follow-up questionnaire once.
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
  // 下载PDF: the service writes the same sheet as a PDF file; the browser saves it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '下载PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^生化全套报告单-L\w+\.pdf$|报告单-L\w+\.pdf$/);
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(file.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansCJKsc-Regular/);

  await page.goto('/searchReportNew');
  await page.getByRole('tab', { name: '检查报告' }).click();
  await list.getByRole('link').filter({ hasText: '已出报告' }).first().click();
  await expect(page).toHaveURL(/\/searchReport\/resultDetail\/1000\/imaging\//);
  await expect(page.getByRole('region', { name: '检查所见' })).toBeVisible();
  await expect(page.getByRole('region', { name: '诊断意见' })).not.toBeEmpty();
});

test('record: a visit → its follow-ups → the questionnaire answered once, then read-only', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await patientLoggedIn(page, request, testInfo, 'followUpJourney');

  await page.goto('/patientRecord');
  const visits = page.getByRole('list', { name: '就诊记录' });
  await visits.getByRole('link').filter({ hasText: '门诊' }).first().click();
  await expect(page).toHaveURL(/\/patientRecord\/recordDetail\/1\//);
  await page.getByRole('link', { name: /查看本次就诊的随访/ }).click();
  await expect(page).toHaveURL(/\/patientRecord\/followUpList\//);
  const task = page.getByRole('list', { name: '本次就诊的随访' }).getByRole('link').first();
  await expect(task).toContainText('待完成');
  await task.click();
  await expect(page).toHaveURL(/\/patientRecord\/followUpDetail\/todo\//);

  // A required question left empty is named; then every single-choice question answered.
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByRole('alert')).toContainText('请回答第1题');
  for (const question of await page.getByRole('list', { name: '问题' }).getByRole('listitem').all()) {
    if ((await question.getByRole('radio').count()) > 0) await question.locator('label').first().click();
  }
  await page.getByRole('textbox').fill('按时服药，感觉良好');
  await page.getByRole('button', { name: '提交' }).click();
  await page.getByRole('button', { name: '确定提交' }).click();
  await expect(page.getByText(/答案不可修改/)).toBeVisible();
  await expect(page.getByRole('button', { name: '提交' })).toHaveCount(0);

  // Once: the list says 已完成, the task opens read-only with its answers.
  await page.goBack();
  const done = page
    .getByRole('list', { name: '本次就诊的随访' })
    .getByRole('link')
    .filter({ hasText: '已完成' });
  await expect(done).toHaveCount(1);
  await done.click();
  await expect(page).toHaveURL(/\/patientRecord\/followUpDetail\/done\//);
  await expect(page.getByRole('textbox')).toHaveValue('按时服药，感觉良好');
  await expect(page.getByRole('textbox')).not.toBeEditable();
  await expect(page.getByRole('button', { name: '提交' })).toHaveCount(0);
});
