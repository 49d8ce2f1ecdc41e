import { copyFile, mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { HOSPITAL_KEYS } from '../support/env.ts';
import {
  ALIPAY_MINI_PROGRAM_UA,
  configOf,
  offlineRoutesOf,
  startupOf,
  THEME_PRIMARY,
} from '../support/hospitals.ts';
import { hospitalOf, service } from '../support/journeys.ts';

interface Description {
  hospitalName: string;
}
interface Introduction {
  name: string;
  address: string;
  hotlines: { label: string; number: string }[];
}

test('starts up with its hospital: homepage and name from the service, theme from the build', async ({
  page,
  request,
}, testInfo) => {
  const config = await configOf(hospitalOf(testInfo));
  const description = await service<Description>(
    request,
    `/hospital-service/v1/hospital/${config.id}/description`,
  );
  const startUp: string[] = [];
  page.on('request', (r) => {
    const match = r.url().match(/\/v1\/hospital\/\d+\/(\w+)$/);
    if (match) startUp.push(match[1]);
  });

  await page.goto('/');
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.getByRole('navigation', { name: '全部服务' })).toBeVisible();
  // One start-up call brings description, health-card switch and parameters (the spec's three in one).
  await expect.poll(() => startUp).toEqual(['startup']);
  if (config.isHospitalName) await expect(page.getByText(description.hospitalName).first()).toBeVisible();
  await expect(page).toHaveTitle(config.name);

  // The build's theme (the first paint) is the hospital's THEME_CONFIG: nothing changes colour when it answers.
  expect((await startupOf(request, config.id as string)).systemParamMap.THEME_CONFIG).toBe(config.theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', config.theme);
  await expect(page.getByRole('link', { name: '登录', exact: true })).toHaveCSS(
    'color',
    THEME_PRIMARY[config.theme],
  );
  // Hospital content has one source, the service: the homepage's address and hotline are the introduction's.
  const intro = await service<Introduction>(
    request,
    `/hospital-service/v1/hospital/${config.id}/introduction`,
  );
  expect([config.name, intro.name]).toEqual([description.hospitalName, description.hospitalName]);
  await expect(page.locator('.hp-intro')).toContainText(intro.address);
  await expect(page.getByRole('link', { name: intro.hotlines[0].number })).toBeVisible();

  const shot = testInfo.outputPath(`${config.key}-homepage.png`);
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('homepage', { path: shot, contentType: 'image/png' });
  await mkdir('screenshots', { recursive: true });
  await copyFile(shot, `screenshots/${config.key}-homepage.png`);
});

test('keeps its theme from the first paint when the service is down', async ({ page, request }, testInfo) => {
  const config = await configOf(hospitalOf(testInfo));
  const html = await (await request.get('/')).text();
  expect(html).toContain(`<html lang="zh-CN" data-theme="${config.theme}">`);

  await page.route('**/hospital-service/**', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: '全部服务' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', config.theme);
  // The login state could not be checked either: the login bar says so, its action in the theme's colour.
  await expect(page.getByRole('button', { name: '重试', exact: true })).toHaveCSS(
    'color',
    THEME_PRIMARY[config.theme],
  );
});

test('takes the hospital from the state parameter', async ({ page, request }, testInfo) => {
  const key = hospitalOf(testInfo);
  const other = await configOf(HOSPITAL_KEYS[(HOSPITAL_KEYS.indexOf(key) + 1) % HOSPITAL_KEYS.length]);
  const description = await service<Description>(
    request,
    `/hospital-service/v1/hospital/${other.id}/description`,
  );
  const asked: string[] = [];
  page.on('request', (r) => {
    const match = r.url().match(/\/v1\/hospital\/(\d+)\/startup$/);
    if (match) asked.push(match[1]);
  });
  await page.goto(`/homepage?state=${other.id}`);
  await expect(page.getByRole('navigation', { name: '全部服务' })).toBeVisible();
  await expect.poll(() => asked).toEqual([other.id]);
  // That hospital's THEME_CONFIG (the service's; seeded equal to its own app's theme) replaces this build's at once.
  const { systemParamMap } = await startupOf(request, other.id ?? '');
  await expect(page.locator('html')).toHaveAttribute('data-theme', systemParamMap.THEME_CONFIG ?? '');
  const config = await configOf(key);
  if (config.isHospitalName) await expect(page.getByText(description.hospitalName).first()).toBeVisible();
});

// Opened by a full page load here; routes.spec.ts opens every spec route of every app in-app.
test('applies the hospital’s route overrides and switches', async ({ page, request }, testInfo) => {
  const config = await configOf(hospitalOf(testInfo));
  const offline = await offlineRoutesOf(request, config);
  const pattern = '/doctors/:hospitalId/:departmentId/:deptId';
  const path = `/doctors/${config.id}/1/1`;
  await page.goto(path);
  if (offline.includes(pattern)) {
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('该服务暂未开放或已下线，请通过医院其他渠道办理')).toBeVisible();
  } else {
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('inside the payment-app mini-program', async ({ browser, baseURL }, testInfo) => {
  const config = await configOf(hospitalOf(testInfo));
  const context = await browser.newContext({
    userAgent: ALIPAY_MINI_PROGRAM_UA,
    viewport: { width: 375, height: 667 },
  });
  const page = await context.newPage();
  await page.goto(`${baseURL}/homepage`);
  if (config.offlineInPaymentMiniProgram) {
    await expect(page.getByText('该服务已下线')).toBeVisible();
    await expect(page.getByRole('navigation', { name: '全部服务' })).toHaveCount(0);
  } else {
    await expect(page.getByRole('navigation', { name: '全部服务' })).toBeVisible();
  }
  await context.close();
});
