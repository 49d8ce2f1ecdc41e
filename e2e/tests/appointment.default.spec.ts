import { expect, type Page, test } from '@playwright/test';
import { CLOCK_START, HOLD_MINUTES } from '../support/env.ts';
import { call, patientLoggedIn } from '../support/journeys.ts';

interface ScheduleItem {
  scheduleItemId: string;
  hospitalId: string;
  departmentId: string;
  departmentName: string;
  deptId: string;
  doctorId: string | null;
  type: string | null;
  date: string;
  state: string;
  remaining: number | null;
}
interface Source {
  sourceId: string;
  startTime: string;
  endTime: string;
  remaining: number;
  state: string;
}

/** The suite's service day (its clock starts at 08:30 of it). */
const TODAY = CLOCK_START.slice(0, 10);
const WEEKDAY = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'][
  new Date(`${TODAY}T00:00:00Z`).getUTCDay()
];

/**
 * Setup knowledge, not part of the journey: the schedules of hospital 1000 on the given days that still
 * have a slot starting at `from` or later with places left (the seed differs from day to day).
 */
async function openSchedules(
  page: Page,
  options: { startDate: string; endDate: string; sameDay: boolean; from: string },
): Promise<{ item: ScheduleItem; source: Source }[]> {
  const { from, ...body } = options;
  const items = await call<ScheduleItem[]>(page.request, 'POST', '/v1/schedules/hospitals/1000/query', body);
  const open: { item: ScheduleItem; source: Source }[] = [];
  for (const item of items.filter((i) => i.state === 'APPOINTABLE')) {
    const { sources } = await call<{ sources: Source[] }>(
      page.request,
      'POST',
      '/v1/sources/hospitals/1000/query',
      {
        scheduleItemId: item.scheduleItemId,
      },
    );
    const source = sources.find((s) => s.state === 'APPOINTABLE' && s.remaining > 0 && s.startTime >= from);
    if (source) open.push({ item, source });
    if (open.length >= 3) break;
  }
  expect(open.length, `hospital 1000 has open schedules ${JSON.stringify(options)}`).toBeGreaterThan(0);
  return open;
}

/** /schedule/:type/:hospitalId/:departmentId/:doctorId/:deptId/:scheduleItemId as the app links it. */
const schedulePath = (item: ScheduleItem) =>
  `/schedule/${[
    item.type ?? 'NORMAL',
    item.hospitalId,
    item.departmentId,
    item.doctorId ?? '0',
    item.deptId,
    item.scheduleItemId,
  ]
    .map(encodeURIComponent)
    .join('/')}`;

/** Pays the order on the placeOrder page through the sandbox cashier; ends on the success page. */
async function payAtSandbox(page: Page, orderId: string) {
  await page.getByRole('button', { name: '确认预约并支付' }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/paySuccess/appointment/${orderId}$`));
  await expect(page.getByText('预约成功').first()).toBeVisible();
}

/** Appointments (issue 5) as a patient goes through them; shared code, so the default app runs it. */

test('scheduled booking: department → doctor → slot → order → sandbox cashier → paid; list, detail, cancel with a reason, refund', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await patientLoggedIn(page, request, testInfo, 'scheduledBooking');

  await page.goto('/depts');
  await page.locator('a[href^="/doctors/"]').first().click();
  await expect(page).toHaveURL(/\/doctors\/1000\//);
  await page.locator('a[href^="/schedule/"]').first().click();
  await expect(page).toHaveURL(/\/schedule\//);
  await page.getByRole('list', { name: '可选时段' }).getByRole('button', { name: /余\d+/ }).first().click();
  await expect(page).toHaveURL(/\/placeOrder\/\d+$/);
  const orderId = page.url().match(/placeOrder\/(\d+)/)![1];
  await expect(page.getByRole('timer', { name: '剩余保留时间' })).toContainText(/\d{2}:\d{2}/);
  // Amounts travel in fen; the screen shows yuan as ever: ¥ and two decimals, the same at the cashier.
  const toPay = page.locator('.ao-total .ao-amount__figure');
  await expect(toPay).toHaveText(/^¥\d+\.\d{2}$/);
  const total = (await page.getByLabel('费用明细').locator('.ao-fees__total dd').textContent()) ?? '';
  expect(total).toMatch(/^¥\d+\.\d{2}$/);
  const selfPays = (await toPay.textContent()) ?? '';
  await page.getByRole('button', { name: '确认预约并支付' }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await expect(page.locator('.amount')).toHaveText(selfPays);
  await expect(page.locator('.capital')).toHaveText(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万元角分整]+$/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/paySuccess/appointment/${orderId}$`));
  await expect(page.getByText('预约成功').first()).toBeVisible();
  await expect(page.getByText('就诊序号')).toBeVisible();
  await expect(page.getByText(total, { exact: true }).first()).toBeVisible();

  // The list shows it booked; the detail offers cancelling (before the deadline) with a reason, then a refund.
  await page.goto('/appointmentList');
  await expect(page.getByText('黄勇').first()).toBeVisible();
  await page.goto(`/appointmentDetail/${orderId}`);
  await expect(page.getByText('已预约').first()).toBeVisible();
  await page.getByRole('link', { name: '取消预约' }).click();
  await expect(page).toHaveURL(new RegExp(`/cancelReson\\?orderId=${orderId}$`));
  await page.getByText('行程有变，无法按时就诊').click();
  await page.getByRole('button', { name: '确认取消预约' }).click();
  await page.locator('.rv-dialog').getByRole('button', { name: '确认取消' }).click();
  await expect(page).toHaveURL(new RegExp(`/appointmentDetail/${orderId}$`));
  // The money goes back through the provider: 退款中 until it says the refund is paid back (the sandbox
  // takes a minute; its refund desk pays back at once).
  await expect(page.getByText('退款中').first()).toBeVisible();
  await expect(page.getByText('退款金额')).toBeVisible();
  const detail = `/appointmentDetail/${orderId}`;
  await page.goto(`/hospital-service/sandbox/refunds?returnPath=${encodeURIComponent(detail)}`);
  await page.getByRole('button', { name: '退款到账' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${detail}$`));
  await expect(page.getByText('已退款').first()).toBeVisible();
  await expect(page.getByText('退款时间')).toBeVisible();
});

test('department search by pinyin and initials: “nk” and “neike” find 内科', async ({ page }) => {
  await page.goto('/depts/search');
  const box = page.getByRole('searchbox', { name: '搜索科室' });
  for (const keyword of ['nk', 'neike', '内科']) {
    await box.fill(keyword);
    await expect(page.locator('a[href^="/doctors/"]', { hasText: '内科' }).first()).toBeVisible();
  }
  await box.fill('zzzz');
  await expect(page.locator('a[href^="/doctors/"]')).toHaveCount(0);
});

test('same-day booking: 当日挂号 → search the clinic → today’s schedule → slot → paid, shown as today, pre-check-in', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await patientLoggedIn(page, request, testInfo, 'sameDayBooking');
  const [{ item, source }] = await openSchedules(page, {
    startDate: TODAY,
    endDate: TODAY,
    sameDay: true,
    from: '09:30',
  });

  await page.goto('/today/depts');
  await page.getByRole('link', { name: /^搜索科室/ }).click();
  await expect(page).toHaveURL(/\/depts\/search\?sameDay=1$/);
  await page.getByRole('searchbox', { name: '搜索科室' }).fill(item.departmentName);
  // The department list stays alive (hidden) under the search page: take the search result.
  await page
    .locator(`a[href^="/today/doctors/1000/${item.departmentId}/"]`)
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/today/doctors/1000/${item.departmentId}/`));
  await page.locator(`a[href^="/today/schedule/"][href$="/${item.scheduleItemId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/today/schedule/.+/${item.scheduleItemId}$`));
  await page
    .getByRole('list', { name: '可选时段' })
    .getByRole('button', { name: new RegExp(`^${source.startTime}-${source.endTime} 余\\d+$`) })
    .click();
  await expect(page).toHaveURL(/\/placeOrder\/\d+$/);
  const orderId = page.url().match(/placeOrder\/(\d+)/)![1];
  await expect(
    page.getByText(new RegExp(`^${TODAY} ${WEEKDAY} [上下]午 ${source.startTime}-${source.endTime}$`)),
  ).toBeVisible();
  await payAtSandbox(page, orderId);

  await page.goto(`/appointmentDetail/${orderId}`);
  await expect(page.getByText('已预约').first()).toBeVisible();
  await expect(page.getByText(`${TODAY} ${WEEKDAY}`).first()).toBeVisible();
  await expect(page.getByText(`${source.startTime}-${source.endTime}`).first()).toBeVisible();

  // The visit is today and the default hospital uses pre-check-in.
  await page.getByRole('button', { name: '预签到' }).click();
  await expect(page.locator('.rv-toast')).toContainText('预签到成功');
  await expect(page.getByText('已预签到')).toBeVisible();
  await expect(page.getByRole('button', { name: '预签到' })).toHaveCount(0);
});

test(`an order left unpaid expires after the hold (${HOLD_MINUTES} min here) and its slot can be booked again`, async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  await patientLoggedIn(page, request, testInfo, 'expiringOrder');
  // The last days of the 7-day window, away from the first slots the other journeys take.
  const days = [5, 6, 7].map((n) => {
    const d = new Date(`${TODAY}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  });
  const open = await openSchedules(page, {
    startDate: days[0],
    endDate: days[2],
    sameDay: false,
    from: '00:00',
  });
  const { item, source } = open[open.length - 1];
  const slot = (remaining: number) =>
    page.getByRole('list', { name: '可选时段' }).getByRole('button', {
      name: `${source.startTime}-${source.endTime} 余${remaining}`,
    });

  await page.goto(schedulePath(item));
  await slot(source.remaining).click();
  await expect(page).toHaveURL(/\/placeOrder\/\d+$/);
  const orderId = page.url().match(/placeOrder\/(\d+)/)![1];
  const timer = page.getByRole('timer', { name: '剩余保留时间' });
  // The countdown follows the service's clock (hours away from the browser's in this suite), not the phone's.
  await expect(timer).toHaveText(/剩余 (00:[3-5]\d|01:00)/);

  // While it is held, nobody else gets that place: the schedule counts one less.
  const other = await page.context().newPage();
  await other.goto(schedulePath(item));
  await expect(
    other.getByRole('list', { name: '可选时段' }).getByRole('button', {
      name: `${source.startTime}-${source.endTime} 余${source.remaining - 1}`,
    }),
  ).toBeVisible();
  await other.close();

  // Nothing is paid; the countdown runs out and the order page says so.
  await expect(page.getByText('已超时').first()).toBeVisible({ timeout: HOLD_MINUTES * 60_000 + 30_000 });
  await expect(page.getByText('号源保留时间已到，本次预约未完成，号源已释放')).toBeVisible();
  await page.goto(`/appointmentDetail/${orderId}`);
  await expect(page.getByText('已超时').first()).toBeVisible();

  // The place is back and can be booked again, as a new order.
  await page.goto(`/placeOrder/${orderId}`);
  await page.getByRole('link', { name: '重新选择时段' }).click();
  await expect(page).toHaveURL(new RegExp(`/schedule/.+/${item.scheduleItemId}$`));
  await slot(source.remaining).click();
  await expect(page).toHaveURL(/\/placeOrder\/\d+$/);
  expect(page.url()).not.toContain(`/placeOrder/${orderId}`);
  await expect(page.getByRole('timer', { name: '剩余保留时间' })).toBeVisible();
});
