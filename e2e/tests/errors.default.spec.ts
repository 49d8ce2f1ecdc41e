import { type BrowserContext, expect, type Page, type Route, test } from '@playwright/test';
import { logIn, phoneFor } from '../support/journeys.ts';

/**
 * The error catalogue of 000 §8 as a patient sees it. The code is shared by every app, so this runs in the
 * default app only. /appointmentList loads the contacts before it is entered: its GET /contacts is intercepted.
 */
const CONTACTS = '**/hospital-service/contacts?*';

const envelope = (body: Record<string, unknown>, status = 200) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ state: 200, msg: null, subMsg: null, subCode: null, results: null, ...body }),
});

async function openContactsAnswering(page: Page, answer: (route: Route) => Promise<void>) {
  await page.goto('/homepage');
  await expect(page.getByRole('navigation', { name: '全部服务' })).toBeVisible();
  await page.route(CONTACTS, answer);
  await page.getByRole('link', { name: '挂号记录' }).click();
}

const toast = (page: Page) => page.locator('.rv-toast');
/** The login screen that brings the patient back to where they were. */
const LOGIN_BACK_TO_LIST = /\/login\?redirect=%2FappointmentList$/;

test('40300: a ban notice with the reason, then the login screen', async ({ page }) => {
  await openContactsAnswering(page, (route) =>
    route.fulfill(envelope({ state: 403, subCode: 40300, subMsg: '您的账号因违规已被封禁' })),
  );
  const dialog = page.locator('.rv-dialog');
  await expect(dialog.getByText('封禁提示')).toBeVisible();
  await expect(dialog.getByText('您的账号因违规已被封禁')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await expect(page).toHaveURL(LOGIN_BACK_TO_LIST);
});

test('40301: straight to the login screen', async ({ page }) => {
  await openContactsAnswering(page, (route) =>
    route.fulfill(envelope({ state: 401, subCode: 40301, subMsg: '请先登录' })),
  );
  await expect(page).toHaveURL(LOGIN_BACK_TO_LIST);
  await expect(page.locator('.rv-dialog')).toHaveCount(0);
  await expect(toast(page)).toHaveCount(0);
});

test('40302: an offline notice, then the login screen', async ({ page }) => {
  await openContactsAnswering(page, (route) =>
    route.fulfill(envelope({ state: 403, subCode: 40302, subMsg: '您的账号已在其他设备登录' })),
  );
  const dialog = page.locator('.rv-dialog');
  await expect(dialog.getByText('下线通知')).toBeVisible();
  await expect(dialog.getByText('您的账号已在其他设备登录')).toBeVisible();
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(LOGIN_BACK_TO_LIST);
});

test('HTTP 401: a full page load of the login screen', async ({ page }) => {
  await page.goto('/homepage');
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.route(CONTACTS, (route) => route.fulfill(envelope({ state: 401 }, 401)));
  await page.getByRole('link', { name: '挂号记录' }).click();
  await expect(page).toHaveURL(LOGIN_BACK_TO_LIST);
  await expect(page.getByPlaceholder('请输入手机号')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
});

test('HTTP 404: network resource not found', async ({ page }) => {
  await openContactsAnswering(page, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await expect(toast(page)).toHaveText('网络资源未找到');
});

test('HTTP 500: the server’s message for five seconds, else a default', async ({ page }) => {
  await openContactsAnswering(page, (route) =>
    route.fulfill(envelope({ state: 500, message: '数据库连接超时' }, 500)),
  );
  await expect(toast(page)).toHaveText('数据库连接超时');
  await page.waitForTimeout(3000);
  await expect(toast(page)).toHaveText('数据库连接超时');
  await expect(toast(page)).toBeHidden({ timeout: 4000 });

  await openContactsAnswering(page, (route) => route.fulfill({ status: 500, body: '<html>oops</html>' }));
  await expect(toast(page)).toHaveText('服务器请求异常');
});

test('state not 200: the subMsg (or msg) as a toast for two seconds', async ({ page }) => {
  await openContactsAnswering(page, (route) =>
    route.fulfill(envelope({ state: 400, msg: 'error', subMsg: '就诊人信息有误' })),
  );
  await expect(toast(page)).toHaveText('就诊人信息有误');
  await expect(toast(page)).toBeHidden({ timeout: 4000 });
  // The screen names what the patient came for, not the contacts it loads first.
  await expect(page.getByText('预约记录加载失败')).toBeVisible();
  await expect(page.getByText('就诊人信息加载失败')).toHaveCount(0);
});

test('a route change cancels pending requests, without a toast', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  await openContactsAnswering(page, async (route) => {
    await held;
    await route.fulfill(envelope({ results: [] })).catch(() => undefined);
  });
  await expect(page.getByText('正在加载就诊人...')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/homepage$/);
  await expect.poll(() => failed.some((url) => url.includes('/hospital-service/contacts'))).toBe(true);
  release();
  await page.waitForTimeout(1000);
  await expect(toast(page)).toHaveCount(0);
  await expect(page.locator('.rv-dialog')).toHaveCount(0);
});

/** Every call to the hospital service fails as if the service were stopped (connection refused). */
const SERVICE = '**/hospital-service/**';
const stopService = (context: BrowserContext) =>
  context.route(SERVICE, (route) => route.abort('connectionrefused'));
const restartService = (context: BrowserContext) => context.unroute(SERVICE);

/** A logged-in patient opens the app in a new tab (no state carried over from the tab that logged in). */
async function loggedInTab(page: Page, context: BrowserContext, phone: string): Promise<Page> {
  await logIn(page, context.request, phone);
  return context.newPage();
}

test('service down: the homepage does not say a logged-in patient is logged out, and recovers when the network is back', async ({
  page,
  context,
}, testInfo) => {
  const phone = phoneFor(testInfo, 'serviceDownHomepage');
  const tab = await loggedInTab(page, context, phone);
  await stopService(context);
  await tab.goto('/homepage');
  // The first screen is there at once, without the service.
  await expect(tab.getByRole('navigation', { name: '全部服务' })).toBeVisible();
  await expect(tab.getByText('登录状态获取失败')).toBeVisible();
  await expect(tab.getByText('登录后查看就诊人与订单')).toHaveCount(0);
  await expect(tab.getByRole('link', { name: '登录', exact: true })).toHaveCount(0);

  await restartService(context);
  await context.setOffline(true);
  await context.setOffline(false);
  // Back online: the login state and the start-up data (the notice) arrive without a reload.
  await expect(tab.getByTestId('user-phone')).toContainText(phone.slice(-4));
  await expect(tab.getByRole('note')).toBeVisible();
});

test('service down: the appointment list names what failed and loads by itself when the network is back', async ({
  page,
  context,
}, testInfo) => {
  const tab = await loggedInTab(page, context, phoneFor(testInfo, 'serviceDownList'));
  await stopService(context);
  await tab.goto('/appointmentList');
  await expect(tab.getByText('预约记录加载失败')).toBeVisible();
  await expect(tab.getByText('就诊人信息加载失败')).toHaveCount(0);

  await restartService(context);
  // The network comes back (headless Chromium keeps every tab visible, so the other moment an error screen
  // retries, the page becoming visible again, is proven in feature-kit's retry.test.tsx).
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(tab.getByRole('tablist', { name: '预约状态' })).toBeVisible();
  await expect(tab.getByText('还没有预约记录')).toBeVisible();
  await expect(tab.getByText('预约记录加载失败')).toHaveCount(0);
});

test('service down while the list is open: it recovers when the network comes back', async ({
  page,
  context,
}, testInfo) => {
  const tab = await loggedInTab(page, context, phoneFor(testInfo, 'serviceDownWhileOpen'));
  await tab.goto('/homepage');
  await expect(tab.getByRole('navigation', { name: '全部服务' })).toBeVisible();
  await stopService(context);
  await tab.getByRole('link', { name: '挂号记录' }).click();
  await expect(tab.getByText('预约记录加载失败')).toBeVisible();

  await restartService(context);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(tab.getByText('还没有预约记录')).toBeVisible();
});
