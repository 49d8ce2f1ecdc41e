import { expect, test } from '@playwright/test';
import { CLOCK_START, SERVICE_URL } from '../support/env.ts';
import { bookedAppointment, CHANNEL, patientLoggedIn } from '../support/journeys.ts';

/**
 * Queue calling (issue 14) as a patient goes through it: a paid appointment of today, 到院签到 on arrival, the
 * place in 排队叫号, and a call of the clinic's desk arriving live (server-sent events, no reload). The desk is
 * made to call the next number now with the service's development route (the staff's 下一位), instead of
 * waiting minutes for the simulated desk's own pace.
 */
test('queue: sign in on arrival → my place → a call arrives live', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const patient = await patientLoggedIn(page, request, testInfo, 'queueJourney');

  // A paid appointment of today (set-up through the API and the sandbox cashier).
  await bookedAppointment(page, patient, '1000', CLOCK_START.slice(0, 10), { sameDay: true });

  // On arrival: 到院签到 lists the visit; 签到 gives a number and leads to the queue.
  await page.goto('/callingQueuing');
  const visit = page.getByRole('list', { name: '今日签到项目' }).getByRole('article').first();
  await expect(visit).toContainText('待签到');
  await visit.getByRole('button', { name: '签到' }).click();
  await expect(page).toHaveURL(new RegExp(`/queueIndex/${patient.contactId}/1$`));
  const place = page.getByRole('list', { name: '我的排队' }).getByRole('article').first();
  await expect(place).toBeVisible();
  const number = Number(/第(\d+)号/.exec((await place.getAttribute('aria-label'))!)?.[1]);
  const ahead = async () =>
    Number(
      (await place.locator('dt', { hasText: '前面还有' }).locator('+ dd').textContent())!.replace('人', ''),
    );
  const before = await ahead();
  expect(before).toBeGreaterThan(0);
  await expect(place).toContainText('预计等待');
  await expect(page.getByText('实时更新中，叫号变化会自动显示')).toBeVisible();

  // The clinic's desk calls the next number: the place drops by one without a reload.
  await page.evaluate(() => {
    (window as { stillHere?: boolean }).stillHere = true;
  });
  const queueId = (await place.getByRole('link', { name: '查看该队列叫号' }).getAttribute('href'))!.split(
    '/',
  )[3];
  const called = await request.post(`${SERVICE_URL}/__dev/queue/call-next`, {
    data: { hospitalId: '1000', queueId },
    headers: CHANNEL,
  });
  expect(called.ok()).toBe(true);
  await expect.poll(ahead, { timeout: 10_000 }).toBe(before - 1);
  await expect(place.locator('dt', { hasText: '我的号码' }).locator('+ dd')).toHaveText(String(number));
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
});
