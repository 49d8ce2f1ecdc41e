import { onlineBookingOpen } from '@patient/contract';
import { BOOKING_ROUTES } from '@patient/hospital-config';
import { expect, type Page, test } from '@playwright/test';
import { CLOCK_START } from '../support/env.ts';
import { configOf, startupOf } from '../support/hospitals.ts';
import { bookedAppointment, CHANNEL, call, hospitalOf, patientLoggedIn } from '../support/journeys.ts';

/** Where hospitals differ in appointments (the full journeys run in the default app). */

const dayAfter = (start: string, days: number) =>
  new Date(Date.parse(`${start.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Opens a path inside the running app (a link's navigation, not a new document). */
const openInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

test('books as the hospital offers it: pre-check-in where used; no way in where it books at its windows only', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const config = await configOf(hospitalOf(testInfo));
  const hospitalId = config.id;
  if (!hospitalId) throw new Error(`${hospitalOf(testInfo)} has no hospital id`);
  const patient = await patientLoggedIn(page, request, testInfo, 'preCheckIn', hospitalId);

  const { systemParamMap } = await startupOf(request, hospitalId);
  if (!onlineBookingOpen(systemParamMap)) {
    // Every way into booking leads to the service-offline screen …
    const services = page.getByRole('navigation', { name: '全部服务' });
    await expect(services.getByRole('link', { name: '挂号记录' })).toBeVisible();
    await expect(services.getByRole('link', { name: /预约挂号|当日挂号/ })).toHaveCount(0);
    for (const pattern of BOOKING_ROUTES) {
      await openInApp(
        page,
        pattern.replace(/:(\w+)/g, (_, name: string) => (name === 'hospitalId' ? hospitalId : '1')),
      );
      await expect(page, pattern).toHaveURL(/\/404$/);
      await openInApp(page, '/homepage');
    }
    // … the records have no 去预约挂号 …
    await openInApp(page, '/appointmentList');
    await expect(page.getByText('还没有预约记录')).toBeVisible();
    await expect(page.getByRole('link', { name: '去预约挂号' })).toHaveCount(0);
    // … and the service refuses a place however it is asked.
    const [item] = await call<{ scheduleItemId: string }[]>(
      page.request,
      'POST',
      `/v1/schedules/hospitals/${hospitalId}/query`,
      {
        startDate: dayAfter(CLOCK_START, 1),
        endDate: dayAfter(CLOCK_START, 4),
      },
    );
    const { sources } = await call<{ sources: { sourceId: string }[] }>(
      page.request,
      'POST',
      `/v1/sources/hospitals/${hospitalId}/query`,
      { scheduleItemId: item.scheduleItemId },
    );
    const answer = await page.request.post(`/hospital-service/v1/sources/hospitals/${hospitalId}/lock`, {
      data: { sourceId: sources[0].sourceId },
      headers: CHANNEL,
    });
    expect(await answer.json()).toMatchObject({ state: 403, msg: '该医院未开通线上挂号' });
    return;
  }
  await bookedAppointment(page, patient, hospitalId, CLOCK_START.slice(0, 10));

  await expect(page.getByText('已预约').first()).toBeVisible();
  await expect(page.getByRole('img', { name: '预约订单二维码' })).toBeVisible();
  // The visit is on a later day: where pre-check-in is used, the page says when it opens.
  await expect(page.getByText(/^就诊当日（\d+月\d+日）可在此预签到/)).toHaveCount(config.preCheckin ? 1 : 0);
  await expect(page.getByRole('button', { name: '预签到' })).toHaveCount(0);
});
