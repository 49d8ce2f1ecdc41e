import { expect, type Page, test } from '@playwright/test';
import { configOf } from '../support/hospitals.ts';
import { hospitalOf, logIn, phoneFor } from '../support/journeys.ts';

/** Every hospital's contact form offers its own document types (luqiao has no foreigner card). */

async function openNewContactForm(page: Page) {
  await page.goto('/contactList');
  await page.getByRole('button', { name: '添加就诊人' }).first().click();
  await expect(page).toHaveURL(/\/contactDetail\/new$/);
}

test('the contact form offers the hospital’s document types', async ({ page, request }, testInfo) => {
  const config = await configOf(hospitalOf(testInfo));
  await logIn(page, request, phoneFor(testInfo, 'documentTypes'));
  await openNewContactForm(page);
  await expect(page.getByLabel('证件类型')).toContainText('居民身份证');
  const types = await page.getByLabel('证件类型').locator('option').allTextContents();
  expect(types).toContain('居民身份证');
  if (config.excludedDocumentTypes.includes('FOREIGNER_NUMBER')) {
    expect(types).not.toContain('外国人永久居留身份证');
  } else {
    expect(types).toContain('外国人永久居留身份证');
  }
});
