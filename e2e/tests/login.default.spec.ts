import { expect, test } from '@playwright/test';
import { logIn, phoneFor, submitLogin } from '../support/journeys.ts';

// Every app logs in through its login screen in routes.spec.ts; the session's round trip is shared code.
test('logs in by SMS code and logs out', async ({ page, request }, testInfo) => {
  const phone = phoneFor(testInfo, 'login');
  await logIn(page, request, phone);
  await expect(page.getByTestId('user-phone')).toHaveText(`您好，*******${phone.slice(-4)}`);
  await page.reload();
  await expect(page.getByTestId('user-phone')).toContainText(phone.slice(-4));

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByText('确定退出当前账号吗？')).toBeVisible();
  await page.getByRole('button', { name: '退出', exact: true }).click();
  await expect(page.getByRole('link', { name: '登录', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: '登录', exact: true })).toBeVisible();
});

test('a protected screen sends a visitor to log in, and back to it afterwards', async ({
  page,
  request,
}, testInfo) => {
  await page.goto('/appointmentList');
  await expect(page).toHaveURL(/\/login\?redirect=%2FappointmentList$/);
  await submitLogin(page, request, phoneFor(testInfo, 'loginReturn'));
  await expect(page).toHaveURL(/\/appointmentList$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('预约记录');
});
