import { expect, test } from '@playwright/test';
import { CLOCK_START } from '../support/env.ts';
import { logIn, patientWithCard, phoneFor } from '../support/journeys.ts';

const day = (days: number) => {
  const d = new Date(`${CLOCK_START.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Bed reservation, both sides: a patient applies with the admission notice; the ward nurse, in a second browser
 * signed in through the (simulated) 企业微信 authorisation, finds the application and offers a time; the patient
 * sees it and confirms; the nurse's record shows who did what.
 */
test('a patient applies, a nurse offers a time, the patient confirms it', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = phoneFor(testInfo, 'bedJourney');
  await logIn(page, request, phone);
  await patientWithCard(page, '周建华', '110105197806120015', phone);
  const noticeNo = `ZY${Date.now().toString(36).toUpperCase()}`;

  // The patient applies.
  await page.goto('/bedReservation/patient/list');
  await expect(page.getByText('暂无床位预约')).toBeVisible();
  await page.getByRole('link', { name: '申请床位预约' }).click();
  await page.getByRole('radio', { name: '心血管内科病区' }).check({ force: true });
  await page.getByLabel('入院通知单号').fill(noticeNo);
  await page.getByLabel('入院诊断').fill('冠状动脉粥样硬化性心脏病');
  await page.getByLabel('开单医生').fill('李明');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page).toHaveURL(/\/bedReservation\/patient\/success\/\d+$/);
  await expect(page.getByRole('region', { name: '申请结果' })).toContainText('床位预约申请已提交');
  await page.getByRole('link', { name: '查看预约详情' }).click();
  await expect(page.getByRole('region', { name: '预约状态' })).toContainText('待安排');
  const detail = page.url();

  // The ward nurse, in her own browser, signs in through 企业微信 and offers a time.
  const nurseContext = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 667 },
    isMobile: true,
  });
  const nurse = await nurseContext.newPage();
  await nurse.goto('/bedReservation/nurse/index');
  await nurse.getByRole('button', { name: '企业微信登录' }).click();
  await expect(nurse.getByRole('heading', { name: '企业微信授权（模拟）' })).toBeVisible();
  await nurse.getByRole('button', { name: '以 李红（护士长）登录' }).click();
  await expect(nurse).toHaveURL(/\/bedReservation\/nurse\/index$/);
  await expect(nurse.locator('#root')).toContainText('李红');
  await nurse
    .getByRole('navigation', { name: '预约列表' })
    .getByRole('link', { name: /待安排/ })
    .click();
  await nurse.getByRole('searchbox', { name: '搜索' }).fill(noticeNo);
  await nurse.getByRole('searchbox', { name: '搜索' }).press('Enter');
  await expect(nurse.getByText('共 1 条')).toBeVisible();
  await nurse.getByRole('list', { name: '待安排' }).getByRole('link').click();
  await expect(nurse.getByRole('region', { name: '预约状态' })).toContainText('待安排');
  await nurse.getByRole('button', { name: '安排入院时间' }).click();
  await nurse.getByLabel('入院日期').fill(day(2));
  await nurse.getByLabel('床号').fill('12');
  await nurse.getByRole('button', { name: '确定安排' }).click();
  await expect(nurse.getByRole('region', { name: '预约状态' })).toContainText('待患者确认');

  // The patient sees the offered time and confirms it.
  await page.goto(detail);
  await expect(page.getByRole('region', { name: '预约状态' })).toContainText('待确认');
  await expect(page.locator('#root')).toContainText(`${day(2)} 上午`);
  await page.getByRole('link', { name: '确认入院时间' }).click();
  await page.getByRole('button', { name: '确认入院' }).click();
  await expect(page).toHaveURL(detail);
  await expect(page.getByRole('region', { name: '预约状态' })).toContainText('已确认入院');

  // The nurse's record: who did what.
  await nurse.reload();
  await expect(nurse.getByRole('region', { name: '预约状态' })).toContainText('患者已确认');
  await nurse.getByRole('link', { name: '操作记录' }).click();
  const log = nurse.getByRole('list', { name: '操作记录' });
  await expect(log.getByRole('listitem')).toHaveCount(3);
  await expect(log).toContainText('李红（护士长）');
  await expect(log).toContainText(`安排 ${day(2)} 上午 8:00–11:30 入院，床号 12`);
  await expect(log).toContainText('确认');
  await nurseContext.close();
});
