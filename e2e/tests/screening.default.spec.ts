import { expect, test } from '@playwright/test';
import { call, logIn, phoneFor } from '../support/journeys.ts';

const NAME = '赵桂芳';
const ID = '110105195607080023';

/**
 * Community health screening (issue 14) as a resident takes part: the campaigns → a street → a community →
 * personal information (a typo in the ID number shown beside the field) → health information (a blood pressure
 * out of range shown beside the field) → the risk questionnaire, sent once after a confirm → the result the
 * service computed (high risk, with advice) → the resident's records, masked. A malformed ID in a record link
 * loads nothing.
 */
test('screening: street → community → personal → health → questionnaire → result → records', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = phoneFor(testInfo, 'screeningJourney');
  await logIn(page, request, phone);
  await call(page.request, 'POST', '/addPatient', {
    name: NAME,
    documentType: 'IDENTITY_CARD',
    documentNumber: ID,
    phone,
    relation: 'SELF',
  });

  await page.goto('/screeningList');
  const campaigns = page.getByRole('list', { name: '筛查活动' });
  await expect(campaigns.getByRole('link')).toHaveCount(3);
  await expect(campaigns.getByRole('link').last()).toContainText('已结束');
  await campaigns.getByRole('link', { name: /城西街道/ }).click();
  await expect(page).toHaveURL(/\/streetList\/\d+$/);
  await page
    .getByRole('list', { name: '社区' })
    .getByRole('link', { name: /西园社区/ })
    .click();

  await expect(page).toHaveURL(/\/personalInfoForm\/\d+\//);
  const id = page.getByLabel('身份证号');
  await expect(id).toHaveValue(ID);
  await id.fill('110105195607080021');
  await page.getByLabel('现住址').fill('城西街道西园社区8栋302室');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('身份证号码校验位不正确')).toBeVisible();
  await id.fill(ID);
  await page.getByRole('button', { name: '下一步' }).click();

  await expect(page).toHaveURL(/\/healthInfoForm\/\d+\//);
  await page.getByLabel('身高').fill('156');
  await page.getByLabel('体重').fill('68.5');
  await page.getByLabel('收缩压（高压）').fill('300');
  await page.getByLabel('舒张压（低压）').fill('96');
  await expect(page.getByText('收缩压（高压）应在60至260mmHg之间，请核对')).toBeVisible();
  await page.getByLabel('收缩压（高压）').fill('158');
  await page.getByLabel('空腹血糖（选填）').fill('7.2');
  for (const option of ['从不吸烟', '偶尔饮酒', '几乎不运动']) {
    await page.getByRole('radio', { name: option }).check({ force: true });
  }
  await page.getByRole('checkbox', { name: '高血压' }).first().check({ force: true });
  await page.getByRole('checkbox', { name: '无' }).last().check({ force: true });
  await page.getByRole('button', { name: '下一步' }).click();

  await expect(page).toHaveURL(/\/questionnaireDetail$/);
  await expect(page.getByRole('definition').filter({ hasText: '11010*************' })).toBeVisible();
  await page.getByRole('button', { name: '提交问卷' }).click();
  await expect(page.getByRole('alert')).toContainText('请回答第1题');
  const answers: [number, string][] = [
    [1, '偶尔'],
    [2, '没有'],
    [3, '没有'],
    [4, '没有'],
    [5, '偏咸'],
    [6, '6至8小时'],
  ];
  const questions = page.getByRole('list', { name: '问题' }).getByRole('listitem');
  for (const [n, label] of answers) {
    await questions
      .nth(n - 1)
      .getByRole('radio', { name: label })
      .check({ force: true });
  }
  await questions.nth(6).getByRole('checkbox', { name: '降压药' }).check({ force: true });
  await page.getByRole('button', { name: '提交问卷' }).click();
  const dialog = page.locator('.rv-dialog');
  await expect(dialog).toContainText('提交后不能修改');
  await dialog.getByRole('button', { name: '确定提交' }).click();

  await expect(page).toHaveURL(/\/diseaseScreeningSuccess$/);
  await expect(page.getByRole('heading', { name: '提交成功' })).toBeVisible();
  await expect(page.getByRole('region', { name: '风险等级' })).toContainText('筛查结果：高风险');
  await expect(page.getByRole('region', { name: '风险因素' })).toContainText('血压偏高（158/96 mmHg）');
  await expect(page.getByRole('region', { name: '健康建议' })).toContainText('2周内到医院');
  await expect(page.locator('#root')).not.toContainText(ID);

  await page.getByRole('link', { name: '查看筛查记录' }).click();
  await expect(page).toHaveURL(/\/questionnaire\/list\//);
  const records = page.getByRole('list', { name: '筛查记录' });
  await expect(records.getByRole('article')).toHaveCount(1);
  await expect(records).toContainText('高风险');
  await expect(records).toContainText('城西街道 · 西园社区');
  await expect(page.locator('#root')).toContainText('赵** · 11010*************');
  await expect(page.locator('#root')).not.toContainText(ID);

  // The same resident again in the same campaign (a second tab, a replayed request): refused, once is once.
  await page.goBack();
  await expect(page).toHaveURL(/\/diseaseScreeningSuccess$/);
  const westStreet = (
    await call<{ name: string; communities: { communityId: string }[] }[]>(
      page.request,
      'GET',
      '/v1/healthScreening/list?hospitalId=1000',
    )
  ).find((s) => s.name === '城西街道');
  const replay = await page.request.post('/hospital-service/v1/healthScreening', {
    headers: { channelType: 'H5' },
    data: {
      communityId: westStreet?.communities[0].communityId,
      name: NAME,
      identityCard: ID,
      phone,
      address: '城西街道西园社区8栋302室',
      health: {
        heightCm: 156,
        weightKg: 68.5,
        waistCm: null,
        systolic: 158,
        diastolic: 96,
        fastingGlucose: 7.2,
        smoking: 'NEVER',
        drinking: 'SOMETIMES',
        exercise: 'NONE',
        history: ['HYPERTENSION'],
        familyHistory: [],
      },
      answers: { q1: ['sometimes'], q2: ['no'], q3: ['no'], q4: ['no'], q5: ['salty'], q6: ['normal'] },
    },
  });
  expect(await replay.json()).toMatchObject({ state: 409, msg: '已参加本次筛查' });

  await page.goto(`/questionnaire/list/12345/${encodeURIComponent(NAME)}`);
  await expect(page.getByText('链接无效：身份证号码应为15位或18位')).toBeVisible();
  await page.goto('/streetList/abc');
  await expect(page.getByText('链接无效：没有这个街道')).toBeVisible();
});
