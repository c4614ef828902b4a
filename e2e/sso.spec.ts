import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, snapshot } from './support';

// spec §2 /sso-auth and /sso-link, §7 SSO button, against the real OpenID provider that serve.ts
// starts (e2e/oidcTestProvider.ts: "Test IdP", whose login page takes any IdP username as the subject).
test('single sign-on links the account once, then signs in straight to the dashboard', async ({ page }) => {
  const ssoButton = page.getByRole('button', { name: 'Sign in with Test IdP' });
  await page.goto('/#/login');
  await expect(ssoButton).toBeVisible();
  await expectAccessible(page);
  await ssoButton.click();

  // The provider's own login page (not the portal's: no accessibility check here).
  await page.getByLabel('IdP username').fill('claire.dubois@contoso');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/#\/sso-link\/[\w-]+$/);
  await expect(page.getByRole('button', { name: 'Link account' })).toBeDisabled();
  await expectAccessible(page);
  await snapshot(page, 'sso-link');
  await page.getByLabel('Username').fill('company.admin');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Link account' }).click();

  await expect(page).toHaveURL(/#\/Dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Claire');
  // The provider's code never stays in the address bar.
  expect(new URL(page.url()).search).toBe('');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Claire Dubois' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/#\/login/);

  // The provider still knows the browser and the subject is linked: no page asks for anything.
  await ssoButton.click();
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Claire');
  await expectAccessible(page);
});
