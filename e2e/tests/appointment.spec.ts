import { expect, test } from '@playwright/test';
import { CLOCK_START } from '../support/env.ts';
import { configOf } from '../support/hospitals.ts';
import { bookedAppointment, hospitalOf, patientLoggedIn } from '../support/journeys.ts';

/** Where hospitals differ in appointments (the full journeys run in the default app). */

test('a booked appointment offers pre-check-in only where the hospital uses it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const config = await configOf(hospitalOf(testInfo));
  const hospitalId = config.id;
  if (!hospitalId) throw new Error(`${hospitalOf(testInfo)} has no hospital id`);
  const patient = await patientLoggedIn(page, request, testInfo, 'preCheckIn', hospitalId);
  await bookedAppointment(page, patient, hospitalId, CLOCK_START.slice(0, 10));

  await expect(page.getByText('已预约').first()).toBeVisible();
  await expect(page.getByRole('img', { name: '预约订单二维码' })).toBeVisible();
  // The visit is on a later day: where pre-check-in is used, the page says when it opens.
  await expect(page.getByText(/^就诊当日（\d+月\d+日）可在此预签到/)).toHaveCount(config.preCheckin ? 1 : 0);
  await expect(page.getByRole('button', { name: '预签到' })).toHaveCount(0);
});
