import { copyFile, mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PEOPLE } from '../support/crawl.ts';
import { logIn, patientWithCard, phoneFor } from '../support/journeys.ts';
import { ELDER, measureSizes, settled, trackRequests } from '../support/sizes.ts';

/**
 * Elder mode (issue 16) as a patient uses it: the homepage switch, large tiles first, toasts that wait for a
 * tap, booking and paying with every screen on the way measured. Every route's sizes in both modes are measured
 * by every-route.default.spec.ts.
 */

test('elder mode from the homepage switch: booking and paying, large tiles first, toasts that wait for a tap', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const offenders: string[] = [];
  const measure = async (step: string) => {
    await settled(page, inFlight);
    offenders.push(...(await measureSizes(page, ELDER)).offenders.map((o) => `${step}: ${o}`));
  };
  /** Screenshots beside hospital.spec.ts's homepages: normal and elder mode side by side. */
  const shoot = async (name: string) => {
    const shot = testInfo.outputPath(`${name}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await mkdir('screenshots', { recursive: true });
    await copyFile(shot, `screenshots/${name}.png`);
  };
  const inFlight = trackRequests(page);
  const phone = phoneFor(testInfo, 'elderJourney');
  await page.goto('/homepage');
  const toggle = page.getByRole('switch', { name: '长辈模式' });
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-elder', 'true');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  // The most used services first, in large tiles; no banner (nothing moves by itself).
  await expect(page.getByRole('navigation', { name: '常用服务' }).getByRole('link')).toHaveText([
    /预约挂号/,
    /门诊缴费/,
    /报告查询/,
    /就诊人管理/,
  ]);
  await expect(page.locator('.hp-banner')).toHaveCount(0);
  await measure('/homepage');
  await shoot('default-homepage-elder');

  // Remembered on the device.
  await page.reload();
  await expect(page.getByRole('switch', { name: '长辈模式' })).toHaveAttribute('aria-checked', 'true');

  // A toast does not time out in elder mode: 登录成功 is still there after its normal two seconds.
  await logIn(page, request, phone);
  const loggedIn = page.locator('.rv-toast', { hasText: '登录成功' });
  await expect(loggedIn).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(loggedIn).toBeVisible();
  await page.getByTestId('user-phone').click();
  await expect(loggedIn).toBeHidden();
  await patientWithCard(page, PEOPLE[2].name, PEOPLE[2].id, phone);

  // Booking from the large tile, as in appointment.default.spec.ts, measuring every screen on the way.
  await page
    .getByRole('navigation', { name: '常用服务' })
    .getByRole('link', { name: /预约挂号/ })
    .click();
  await expect(page).toHaveURL(/\/depts$/);
  await measure('/depts');
  await page.locator('a[href^="/doctors/"]').first().click();
  await expect(page).toHaveURL(/\/doctors\/1000\//);
  await measure('/doctors');
  await page.locator('a[href^="/schedule/"]').first().click();
  await expect(page).toHaveURL(/\/schedule\//);
  await measure('/schedule');
  await shoot('default-schedule-elder');
  // The same screen in normal mode (only the variables differ off the homepage).
  await page.evaluate(() => document.documentElement.removeAttribute('data-elder'));
  await shoot('default-schedule');
  await page.evaluate(() => document.documentElement.setAttribute('data-elder', 'true'));
  await page.getByRole('list', { name: '可选时段' }).getByRole('button', { name: /余\d+/ }).first().click();
  await expect(page).toHaveURL(/\/placeOrder\/\d+$/);
  const orderId = page.url().match(/placeOrder\/(\d+)/)![1];
  await measure('/placeOrder');
  await page.getByRole('button', { name: '确认预约并支付' }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/paySuccess/appointment/${orderId}$`));
  await expect(page.getByText('预约成功').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-elder', 'true');
  await measure('/paySuccess');
  await page.goto(`/appointmentDetail/${orderId}`);
  await expect(page.getByText('已预约').first()).toBeVisible();
  await measure('/appointmentDetail');
  expect(offenders, `${offenders.length} offenders`).toEqual([]);
});
