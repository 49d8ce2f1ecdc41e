import { expect, type Page, test } from '@playwright/test';
import { hisPhone, latestCode, logIn, phoneFor } from '../support/journeys.ts';

/** Patients and cards (issue 4) as a patient goes through them; shared code, so the default app runs it. */

const PERSON = { name: '王建国', id: '410102199001012341', masked: '41010*************' };

async function openNewContactForm(page: Page) {
  await page.goto('/contactList');
  await page.getByRole('button', { name: '添加就诊人' }).first().click();
  await expect(page).toHaveURL(/\/contactDetail\/new$/);
}

test('add a contact, verify the phone, bind and show a card, health card, health code, patient code, delete', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const phone = phoneFor(testInfo, 'patientsJourney');
  const contactPhone = phoneFor(testInfo, 'patientsContact');
  await logIn(page, request, phone);

  // Add a contact: invalid first (nothing is sent), then valid.
  await openNewContactForm(page);
  const saves: string[] = [];
  page.on('request', (r) => r.url().includes('/addPatient') && saves.push(r.url()));
  await page.getByLabel('姓名').fill(PERSON.name);
  await page.getByLabel('关系').selectOption({ label: '父母' });
  await page.getByLabel('证件号码').fill('410102199001012342');
  await page.getByLabel('手机号').fill('1234567');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('身份证号码校验位不正确')).toBeVisible();
  await expect(page.getByText('请输入正确的手机号码')).toBeVisible();
  expect(saves).toEqual([]);
  await page.getByLabel('证件号码').fill(PERSON.id);
  await expect(page.locator('.pt-row', { hasText: '出生日期' })).toContainText(/1990.01.01|1990年1月1日/);
  await page.getByLabel('手机号').fill(contactPhone);
  await page.getByRole('button', { name: '保存' }).click();
  await expect.poll(() => saves.length).toBe(1);
  await expect(page).not.toHaveURL(/\/contactDetail\/new$/);

  // The list shows the contact masked.
  await page.goto('/contactList');
  const card = page
    .getByRole('article')
    .filter({ hasText: PERSON.name })
    .or(page.locator('li', { hasText: PERSON.name }));
  await expect(card.first()).toContainText(PERSON.masked);
  await expect(page.getByText(PERSON.id)).toHaveCount(0);

  // Verify the phone with the SMS code from the outbox.
  await card
    .first()
    .getByRole('link', { name: /详情|查看|编辑/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/contactDetail\/\d+$/);
  await page.getByRole('button', { name: '去验证' }).click();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page
    .getByPlaceholder('请输入6位验证码')
    .fill(await latestCode(request, contactPhone, 'contact_phone'));
  await page.getByRole('button', { name: '验证', exact: true }).click();
  await expect(page.getByText('手机号验证成功')).toBeVisible();
  const contactId = page.url().match(/contactDetail\/(\d+)/)![1];

  // Cards: look up the hospital's own cards for this person, bind one, show it as QR and barcode.
  await page.getByRole('button', { name: '查看就诊卡' }).click();
  await expect(page).toHaveURL(/\/cardsList\//);
  await page.getByRole('button', { name: '添加就诊卡' }).click();
  await page.getByRole('link', { name: '查询医院为我办理的卡' }).click();
  await expect(page).toHaveURL(/\/chooseContactHisCard\//);
  // A parent is not proven by the account: the hospital's cards show after the code sent to the phone the
  // hospital holds for him (masked on screen) is confirmed.
  const verification = page.getByRole('form', { name: '验证就诊人身份' });
  await expect(verification).toContainText('就诊人在医院登记的手机号');
  await verification.getByRole('button', { name: '获取验证码' }).click();
  const held = hisPhone(PERSON.name, PERSON.id);
  await expect(verification).toContainText(`${held.slice(0, 3)}****${held.slice(-4)}`);
  await verification
    .getByPlaceholder('请输入6位验证码')
    .fill(await latestCode(request, held, 'his_identity'));
  await verification.getByRole('button', { name: '验证身份' }).click();
  await expect(page.getByText('身份验证成功')).toBeVisible();
  await page
    .getByRole('button', { name: /^绑定\s*就诊卡/ })
    .first()
    .click();
  await expect(page.getByText('已绑定').first()).toBeVisible();
  await page.getByRole('button', { name: '返回就诊卡列表' }).click();
  await expect(page).toHaveURL(/\/cardsList\//);
  const cardButton = page.getByRole('button', { name: /^就诊卡 (默认 )?\d+ 查看二维码$/ });
  await expect(cardButton).toContainText('默认');
  await cardButton.click();
  await expect(page).toHaveURL(/\/cardDetail\//);
  await expect(page.getByRole('img', { name: /二维码/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /条形码/ })).toBeVisible();
  await expect(page.getByText('出示给医院工作人员扫码')).toBeVisible();

  // Real-name authentication, then the health code.
  await page.goto(`/authentication/${contactId}`);
  await page.getByPlaceholder('请输入完整的证件号码').fill(PERSON.id);
  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page.getByText(/认证成功|已完成实名认证|已实名/).first()).toBeVisible();
  await page.goto(`/applyHealthCode/${contactId}`);
  await page.getByRole('button', { name: '立即申领' }).click();
  await expect(page).toHaveURL(new RegExp(`/viewHealthCode/${contactId}$`));
  await expect(page.getByRole('img', { name: '健康码二维码' })).toBeVisible();

  // Electronic health card: details are missing, so the perfect page asks for them first.
  await page.goto(`/addHealthCard?contactId=${contactId}`);
  await page.getByRole('button', { name: '立即申领' }).click();
  await expect(page).toHaveURL(/\/perfectHealthCard\//);
  await page.getByLabel('民族').selectOption({ label: '汉族' });
  await page.getByLabel('职业').selectOption({ index: 1 });
  await page.getByRole('combobox', { name: '省份' }).selectOption({ label: '河南省' });
  await page.getByRole('combobox', { name: '城市' }).selectOption({ label: '郑州市' });
  await page.getByRole('combobox', { name: '区县' }).selectOption({ label: '金水区' });
  await page.getByPlaceholder('街道、门牌号等').fill('健康路88号');
  await page.getByRole('button', { name: '保存并申领' }).click();
  await expect(page.getByText('电子健康卡申领成功')).toBeVisible();
  await page.goto('/healthCardsList');
  await page.getByText(PERSON.name).first().click();
  await expect(page).toHaveURL(/\/healthCardDetail/);
  await expect(page.getByRole('img', { name: /二维码/ })).toBeVisible();

  // Patient code of the default contact.
  await page.goto(`/patientCode?contactId=${contactId}`);
  await expect(page.getByRole('img', { name: /二维码/ })).toBeVisible();

  // Delete the contact: confirm first.
  await page.goto(`/contactDetail/${contactId}`);
  await page.getByRole('button', { name: '删除就诊人' }).click();
  await page.locator('.rv-dialog').getByRole('button', { name: '取消' }).click();
  await page.getByRole('button', { name: '删除就诊人' }).click();
  await page
    .locator('.rv-dialog')
    .getByRole('button', { name: /删除|确定/ })
    .click();
  await expect(page.getByText('就诊人已删除')).toBeVisible();
  await page.goto('/contactList');
  await expect(page.getByText(PERSON.name)).toHaveCount(0);
});
