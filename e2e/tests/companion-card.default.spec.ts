import { expect, test } from '@playwright/test';
import { SERVICE_URL } from '../support/env.ts';
import { CHANNEL, patientLoggedIn } from '../support/journeys.ts';

/** Valid resident ID numbers of the companion, one per attempt (a retry must not meet its own earlier card). */
const COMPANION_IDS = ['110105198001010016', '110105198502020023', '110105199003030030'];

/** What the ward door's scanner learns from a code (the service's check, as the door calls it). */
async function atTheDoor(request: import('@playwright/test').APIRequestContext, token: string) {
  const answer = await request.post(`${SERVICE_URL}/hospital-service/v1/chaperonage/verifyPass`, {
    data: { token },
    headers: CHANNEL,
  });
  return (await answer.json()).results as { valid: boolean; reason: string };
}

/**
 * Companion card (issue 13) as a family applies: the patient in hospital, the companion's identity, relation
 * and health declaration; 审核中; the ward approves (development route); the card's QR code, accepted at the
 * door and renewed within 30 seconds; cancelled after confirming, and its code refused at the door.
 */
test('companion card: apply → approved → QR code at the door → cancelled', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  await patientLoggedIn(page, request, testInfo, 'companionJourney');
  const companionId = COMPANION_IDS[testInfo.retry % COMPANION_IDS.length];

  await page.goto('/patientCareCard/list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('陪护证');
  await page.getByRole('link', { name: '申请陪护证' }).click();
  await expect(page).toHaveURL(/\/patientCareCard\/apply$/);
  // The only contact in hospital is chosen already (masked).
  await expect(page.getByRole('radio', { name: /李\*\* · 心血管内科/ })).toBeChecked();
  await page.getByLabel('姓名').fill('王小明');
  await page.getByLabel('身份证号').fill(companionId);
  await page.getByLabel('手机号').fill('13912345678');
  await page.getByRole('radio', { name: '子女' }).check({ force: true });
  for (const question of await page.locator('.cc-question').all()) {
    const text = (await question.locator('.cc-question__text').textContent()) ?? '';
    const answer = /胜任/.test(text) ? '是' : '否';
    await question.getByRole('radio', { name: answer, exact: true }).check({ force: true });
  }
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '提交申请' }).click();

  await expect(page).toHaveURL(/\/patientCareCard\/success\/\d+$/);
  const cardId = page.url().split('/').pop() as string;
  await expect(page.getByRole('heading', { name: '申请已提交' })).toBeVisible();
  await page.getByRole('link', { name: '查看申请' }).click();
  await expect(page.getByRole('region', { name: '陪护证状态' })).toContainText('审核中');
  await expect(page.getByText(`${companionId.slice(0, 5)}*************`)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(companionId);

  // The ward approves it (development route).
  const reviewed = await request.post(`${SERVICE_URL}/__dev/companion-card/review`, { data: { cardId } });
  expect((await reviewed.json()).results.status).toBe('EFFECTIVE');
  await page.reload();
  await expect(page.getByRole('region', { name: '陪护证状态' })).toContainText('已生效');
  await page.getByRole('link', { name: '出示二维码' }).click();
  await expect(page).toHaveURL(new RegExp(`/patientCareCard/effective\\?cardId=${cardId}$`));
  const code = page.getByRole('img', { name: /陪护证二维码/ });
  await expect(code.locator('svg')).toBeVisible();
  const first = (await code.getAttribute('data-value')) as string;
  expect(first).toMatch(/^PC1\./);
  expect(await atTheDoor(request, first)).toMatchObject({ valid: true, reason: 'OK' });
  // A new code within the 30-second window.
  await expect.poll(() => code.getAttribute('data-value'), { timeout: 40_000 }).not.toBe(first);
  const second = (await code.getAttribute('data-value')) as string;
  expect(await atTheDoor(request, second)).toMatchObject({ valid: true });

  await page.getByRole('link', { name: '查看详情' }).click();
  await page.getByRole('button', { name: '注销陪护证' }).click();
  await page.getByRole('button', { name: '注销', exact: true }).click();
  await expect(page.getByRole('region', { name: '陪护证状态' })).toContainText('已注销');
  expect(await atTheDoor(request, second)).toMatchObject({ valid: false, reason: 'CANCELLED' });
  await page.goto('/patientCareCard/effective');
  await expect(page.getByText('暂无生效的陪护证')).toBeVisible();
});
