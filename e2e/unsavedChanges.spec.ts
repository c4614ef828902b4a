import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from './support';

test('leaving an edited form asks first: continue editing keeps the changes, discard leaves', async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const res = await page.request.post('/DataModel/service.svc/rest/IAuthorizationService/GetCurrentUser', { data: {} });
  const companyId = (await res.json()).CompanyAccount.AccountId as number;
  await page.goto(`/#/account/${companyId}/security`);
  const minLength = page.getByLabel('Minimum length');
  await expect(minLength).toHaveValue('12');
  await minLength.fill('14');

  await page.getByRole('link', { name: 'Explore' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Continue editing' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(minLength).toHaveValue('14');

  await page.getByRole('link', { name: 'Explore' }).click();
  await page.getByRole('alertdialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/Explore/i);
});
