import { copyFile, mkdir } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import routes from '../../packages/app-shell/src/spec-routes.json' with { type: 'json' };
import { CLOCK_START } from '../support/env.ts';
import { bookedAppointment, call, logIn, patientWithCard, phoneFor } from '../support/journeys.ts';
import {
  ELDER,
  measureSizes,
  NORMAL,
  openScreen,
  type SizeThresholds,
  settled,
  trackRequests,
} from '../support/sizes.ts';

/**
 * Text and tap-target sizes (issue 16) on every real route of the default app, in normal mode and in elder mode
 * (适老化: the MIIT guideline's thresholds at a 375 px wide screen), and the booking journey in elder mode.
 */

/** Phones of their own (the 1375… series: phoneFor's purposes are all taken by the other journeys). */
const sizePhone = (testInfo: TestInfo, purpose: number) =>
  phoneFor(testInfo, purpose).replace(/^1370/, '1375');

const TODAY = CLOCK_START.slice(0, 10);

/** A valid 18-digit resident ID number: 17 digits and their check character (GB 11643). */
function residentId(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}

/** A person of each test's own: check-up requests and places are per person, and tests run in parallel. */
const PEOPLE = [
  { name: '张桂兰', id: residentId('11010519480312004') },
  { name: '王秀珍', id: residentId('11010519510725006') },
  { name: '刘淑华', id: residentId('11010519460918002') },
];

const isoDay = (days: number) => {
  const d = new Date(`${TODAY}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

interface ScheduleItem {
  scheduleItemId: string;
  departmentId: string;
  deptId: string;
  doctorId: string | null;
  type: string | null;
  state: string;
}

/**
 * Logs in and makes what the screens show: a contact with a card, a paid appointment and a booked check-up
 * (through its screens). Resolves to every spec route with real values for its parameters.
 */
async function routesWithData(
  page: Page,
  request: APIRequestContext,
  phone: string,
  person: (typeof PEOPLE)[number],
): Promise<string[]> {
  await logIn(page, request, phone);
  const patient = await patientWithCard(page, person.name, person.id, phone);
  const orderId = await bookedAppointment(page, patient, '1000', TODAY);
  const items = await call<ScheduleItem[]>(page.request, 'POST', '/v1/schedules/hospitals/1000/query', {
    startDate: isoDay(1),
    endDate: isoDay(3),
  });
  const item = items.find((i) => i.doctorId && i.state === 'APPOINTABLE') ?? items[0];

  await page.goto('/checkAppoint/list');
  await page
    .getByRole('list', { name: '检查申请单' })
    .getByRole('button', { name: '预约', exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkAppoint\/chooseDate\//);
  const chooseDate = new URL(page.url()).pathname;
  await page
    .getByRole('group', { name: /的时段$/ })
    .locator('label')
    .filter({ hasText: /余\d+/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkAppoint\/sureCheck\//);
  const sureCheck = new URL(page.url()).pathname;
  await page.getByRole('button', { name: '确认预约' }).click();
  await expect(page).toHaveURL(/\/checkAppoint\/checkSuccess\//);
  const checkSuccess = new URL(page.url()).pathname;

  const values: Record<string, string> = {
    hospitalId: '1000',
    contactId: patient.contactId,
    cardId: patient.cardId,
    identityCard: person.id,
    idCard: person.id,
    patientName: person.name,
    name: person.name,
    orderId,
    detailId: orderId,
    departmentId: item.departmentId,
    deptId: item.deptId,
    doctorId: item.doctorId ?? '0',
    scheduleItemId: item.scheduleItemId,
    id: 'CT',
  };
  const special: Record<string, string> = {
    '/schedule/:type/:hospitalId/:departmentId/:doctorId/:deptId/:scheduleItemId': `/schedule/${item.type ?? 'NORMAL'}/1000/${item.departmentId}/${item.doctorId ?? '0'}/${item.deptId}/${item.scheduleItemId}`,
    '/today/schedule/:type/:hospitalId/:departmentId/:doctorId/:deptId/:scheduleItemId': `/today/schedule/${item.type ?? 'NORMAL'}/1000/${item.departmentId}/${item.doctorId ?? '0'}/${item.deptId}/${item.scheduleItemId}`,
    '/paySuccess/:type/:detailId': `/paySuccess/appointment/${orderId}`,
    '/chooseContact/:type': '/chooseContact/cards',
    '/chooseContactHisCard/:type/:contactId/:hospitalId/:identityCard/:patientName': `/chooseContactHisCard/all/${patient.contactId}/1000/${person.id}/${person.name}`,
    '/cancelReson': `/cancelReson?orderId=${orderId}`,
    '/checkAppoint/chooseDate/:brsqhm/:czyhid/:brjzlx/:zlxmbm/:cretbz/:sfjzpb/:xmlxid': chooseDate,
    '/checkAppoint/sureCheck/:brsqhm/:czyhid/:bryyrq/:kyzysl/:pbgzbh/:pbpcid/:pbsjfw': sureCheck,
    '/checkAppoint/checkSuccess/:brsqhm/:czyhid': checkSuccess,
    '/checkAppoint/detail/:brsqhm/:czyhid': checkSuccess.replace('/checkSuccess/', '/detail/'),
  };
  const fill = (pattern: string) =>
    special[pattern] ??
    pattern.replace(/:(\w+)/g, (_, key: string) =>
      encodeURIComponent(values[key] ?? (/name/i.test(key) ? '张三' : '1')),
    );
  return [...routes.map((r) => fill(r.path)).filter((p) => p !== '/'), '/no-such-page'];
}

/**
 * The spec routes no feature provides yet: they all show the same 'coming soon' screen. Found in one pass in
 * the page (in-app navigation, waiting only for the new screen past the shell's spinners), so that only one of
 * them is measured.
 */
function comingSoon(page: Page, paths: string[]): Promise<string[]> {
  return page.evaluate(async (all) => {
    const soon: string[] = [];
    for (const path of all) {
      for (const el of Array.from(document.querySelectorAll('#root .shell-fade')))
        el.setAttribute('data-left', '');
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
      // The new screen, past the shell's spinners (contacts first, the screen's code).
      let screen: Element | null = null;
      for (let i = 0; i < 300 && !(screen && !screen.querySelector('.pk-inline-loading')); i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        screen = document.querySelector('#root .shell-fade:not([data-left])');
      }
      if (screen?.textContent?.includes('即将上线')) soon.push(path);
    }
    return soon;
  }, paths);
}

/** Visits every real route (and one 'coming soon' screen) and measures it; fails with the list of offenders. */
async function checkEveryRoute(page: Page, paths: string[], limits: SizeThresholds, inFlight: () => number) {
  const soon = await comingSoon(page, paths);
  const real = [...paths.filter((p) => !soon.includes(p)), ...soon.slice(0, 1)];
  const offenders: string[] = [];
  const minima = {
    text: Infinity,
    heading: Infinity,
    lineHeight: Infinity,
    width: Infinity,
    height: Infinity,
  };
  for (const path of real) {
    await openScreen(page, path);
    await settled(page, inFlight);
    const report = await measureSizes(page, limits);
    minima.text = Math.min(minima.text, report.minText);
    minima.heading = Math.min(minima.heading, report.minHeading);
    minima.lineHeight = Math.min(minima.lineHeight, report.minLineHeight);
    minima.width = Math.min(minima.width, report.minTargetWidth);
    minima.height = Math.min(minima.height, report.minTargetHeight);
    offenders.push(...report.offenders.map((o) => `${path}: ${o}`));
  }
  console.log(
    `${limits.target === ELDER.target ? 'elder' : 'normal'} mode, ${real.length} screens: smallest ${JSON.stringify(minima)}`,
  );
  expect(real.length, 'real routes found').toBeGreaterThan(40);
  expect(offenders, `${offenders.length} offenders`).toEqual([]);
}

test('every real route in normal mode: no text under 12 px, no tap target under 44×44 px', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const inFlight = trackRequests(page);
  const paths = await routesWithData(page, request, sizePhone(testInfo, 1), PEOPLE[0]);
  await checkEveryRoute(page, paths, NORMAL, inFlight);
});

test('every real route in elder mode: text ≥ 18 px, headings ≥ 30 px, line height ≥ 1.3, targets ≥ 60×60 px, no horizontal scrolling', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  // A link opens the app in elder mode; the choice is kept on the device for the rest of the visit.
  await page.goto('/homepage?elder=1');
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.locator('html')).toHaveAttribute('data-elder', 'true');
  const inFlight = trackRequests(page);
  const paths = await routesWithData(page, request, sizePhone(testInfo, 2), PEOPLE[1]);
  await checkEveryRoute(page, paths, ELDER, inFlight);

  // Dialogs (react-vant's, through their variables) too: the logout confirmation.
  await openScreen(page, '/homepage');
  await page.getByRole('button', { name: '退出登录' }).click();
  const dialog = page.locator('.rv-dialog');
  await expect(dialog).toContainText('确定退出当前账号吗？');
  expect((await measureSizes(page, ELDER)).offenders).toEqual([]);
  await dialog.getByRole('button', { name: '取消' }).click();
});

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
  const phone = sizePhone(testInfo, 3);
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
