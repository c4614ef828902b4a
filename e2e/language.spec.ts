import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from './support';

// spec §2 Language menu ("choosing one saves it, stores the locale locally") and §4 Locale (the
// stored preference first): after choosing German the portal speaks German, also after a reload.
// aw.admin is used by no other spec, so his saved language changes nothing elsewhere.
test('switching the language translates the portal and survives a reload', async ({ page }) => {
  await signIn(page, 'aw.admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ana' })).toBeVisible();

  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hallo, Ana' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Hallo, Ana' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sprache ändern' })).toBeVisible();
  await expectAccessible(page);

  // And back, so the person trying the demo finds Ana in English.
  await page.getByRole('button', { name: 'Sprache ändern' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ana' })).toBeVisible();
});
