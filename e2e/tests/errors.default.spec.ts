import { expect, type Page, type Route, test } from '@playwright/test';

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

test('40300: a ban notice with the reason, then the login screen', async ({ page }) => {
  await openContactsAnswering(page, (route) =>
    route.fulfill(envelope({ state: 403, subCode: 40300, subMsg: '您的账号因违规已被封禁' })),
  );
  const dialog = page.locator('.rv-dialog');
  await expect(dialog.getByText('封禁提示')).toBeVisible();
  await expect(dialog.getByText('您的账号因违规已被封禁')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('40301: straight to the login screen', async ({ page }) => {
  await openContactsAnswering(page, (route) =>
    route.fulfill(envelope({ state: 401, subCode: 40301, subMsg: '请先登录' })),
  );
  await expect(page).toHaveURL(/\/login$/);
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
  await expect(page).toHaveURL(/\/login$/);
});

test('HTTP 401: a full page load of the login screen', async ({ page }) => {
  await page.goto('/homepage');
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.route(CONTACTS, (route) => route.fulfill(envelope({ state: 401 }, 401)));
  await page.getByRole('link', { name: '挂号记录' }).click();
  await expect(page).toHaveURL(/\/login$/);
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
  await expect(page.getByText('就诊人信息加载失败')).toBeVisible();
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
