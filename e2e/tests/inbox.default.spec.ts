import { expect, test } from '@playwright/test';
import { CLOCK_START, SERVICE_URL } from '../support/env.ts';
import { bookedAppointment, call, logIn, patientLoggedIn, phoneFor } from '../support/journeys.ts';

/** A 1×1 PNG: a real image the phone can decode, scale and re-encode before the upload. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The inbox (issue 14): a paid booking writes 预约成功; the homepage's 消息 shows it unread; opening it marks it
 * read and the count drops. Then a complaint with a photo, shown back in its detail.
 */
test('inbox: a booking writes a message → the homepage badge → read → the count drops; a complaint with a photo', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const patient = await patientLoggedIn(page, request, testInfo, 'inboxJourney');
  await bookedAppointment(page, patient, '1000', CLOCK_START.slice(0, 10));

  await page.goto('/homepage');
  const badge = page.getByRole('link', { name: /^消息\s*1\s*条未读$/ });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByTestId('unread-count')).toHaveText('1条未读');
  const row = page.getByRole('list', { name: '消息列表' }).getByRole('link').first();
  await expect(row).toContainText('未读：预约成功');
  await row.click();
  await expect(page.getByRole('heading', { name: '预约成功' })).toBeVisible();
  await expect(page.getByText(/就诊时间：/)).toBeVisible();
  await expect(page.getByRole('link', { name: '查看详情' })).toHaveAttribute(
    'href',
    /\/appointmentDetail\/\d+$/,
  );
  await page.goBack();
  await expect(page.getByTestId('unread-count')).toHaveText('没有未读消息');
  await page.goto('/homepage');
  await expect(page.getByTestId('messages-link')).toHaveText('消息');

  // A complaint with a photo: uploaded from the form, shown back in its detail (to its owner).
  await page.goto('/feedback/add');
  await page.getByRole('radio', { name: '环境设施' }).check({ force: true });
  await page.getByLabel('具体内容').fill('门诊三楼卫生间地面湿滑，没有提示牌，老人差点摔倒。');
  await page
    .getByLabel('添加图片')
    .setInputFiles({ name: 'floor.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.getByRole('img', { name: '已上传的第1张图片' })).toBeVisible();
  await page.getByLabel('联系电话').fill(phoneFor(testInfo, 'inboxJourney'));
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page).toHaveURL(/\/feedback\/detail\/\d+$/);
  const photo = page.getByRole('region', { name: '图片' }).getByRole('img', { name: '反馈图片第1张' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

/**
 * A push link (001 §7 'Questionnaire push'): the follow-up platform (the service's development route) pushes an
 * article with a disposable login code; the link logs a logged-out phone in and opens the article; the same
 * link again is refused with the normal login offered.
 */
test('push link: logs in once and opens the article; the second use is refused', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const phone = phoneFor(testInfo, 'pushLinkJourney');
  await logIn(page, request, phone);
  await call(page.request, 'POST', '/addPatient', {
    name: '王芳',
    documentType: 'IDENTITY_CARD',
    documentNumber: '110105199001011240',
    phone,
    relation: 'SELF',
  });
  const pushed = await request.post(`${SERVICE_URL}/__dev/feedback/push`, { data: { phone } });
  const { link } = (await pushed.json()).results as { link: string };

  // A fresh phone browser, logged out: the link alone logs in.
  const fresh = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 375, height: 667 },
  });
  const phonePage = await fresh.newPage();
  await phonePage.goto(link);
  await expect(phonePage).toHaveURL(/\/feedback\/studyDetail\/ZY\d+\/SP\d+$/);
  await expect(phonePage.getByRole('article', { name: '宣教内容' })).toBeVisible();
  await phonePage.getByRole('button', { name: '我已阅读' }).click();
  await expect(phonePage.getByText('已确认阅读')).toBeVisible();
  const cookies = await fresh.cookies();
  expect(cookies.filter((c) => c.httpOnly).length).toBeGreaterThan(0);
  await fresh.close();

  // The same link again, in another logged-out browser: refused, with the normal login.
  const again = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 375, height: 667 },
  });
  const againPage = await again.newPage();
  await againPage.goto(link);
  await expect(againPage.getByRole('alert')).toContainText('该链接已使用或已过期');
  await expect(againPage.getByRole('link', { name: '登录后查看' })).toBeVisible();
  await again.close();
});
