import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, signIn, snapshot } from './support';

test('the demo administrator signs in and lands on the dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  await expect(page.getByRole('img', { name: 'Cloud Service Providers' })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'login');

  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(/#\/Dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Alex');
  await expect(page.getByText('Cloud Service Providers').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Signed in' }).first()).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'dashboard');
});

test('a wrong password shows the alert, clears the password and focuses it; typing clears the alert', async ({ page }) => {
  await signIn(page, 'admin', 'Wrong-Password-1!');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The username or password is incorrect.');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveValue('');
  await expect(password).toBeFocused();
  await expectAccessible(page);
  await snapshot(page, 'login-error');
  await password.pressSequentially('x');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a deep link while signed out goes to login with a redirect and back after sign-in', async ({ page }) => {
  await page.goto('/#/pricelists');
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  expect(decodeURIComponent(page.url())).toContain('redirect=/pricelists');
  await page.getByLabel('Username').fill('reseller.admin');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/#\/pricelists$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Pricelists');
  await expectAccessible(page);
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await signIn(page, 'company.user');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/no/such/screen');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'not-found');
});

test('a route whose capability the user lacks sends them to the site root', async ({ page }) => {
  await signIn(page, 'company.user');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/admin-console');
  await expect(page).toHaveURL(/#\/Dashboard$/);
});

test('signing out ends the session and returns to login', async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.getByRole('button', { name: /Claire Dubois/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await page.goto('/#/Dashboard');
  await expect(page).toHaveURL(/#\/login\?redirect=/);
});

test('the login page loads the dashboard screen only once the user starts typing, so signing in shows it without waiting for it (issue 12)', async ({ page }) => {
  // The build puts the dashboard screen in a chunk of its own name (apps/web/vite.config.ts CHUNK_GROUPS).
  const dashboardChunk = /\/assets\/dashboard-[^/]+\.js$/;
  const requested: string[] = [];
  page.on('request', (request) => {
    if (dashboardChunk.test(new URL(request.url()).pathname)) requested.push(request.url());
  });
  await page.goto('/#/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  // A visitor who only looks costs nothing: the next screen's code is not fetched yet.
  await page.waitForTimeout(1_000);
  expect(requested).toEqual([]);

  const preloaded = page.waitForRequest((request) => dashboardChunk.test(new URL(request.url()).pathname));
  await page.getByLabel('Username').pressSequentially('admin');
  await preloaded;
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Alex');
  // Fetched once, before the sign-in: the dashboard did not wait for its code.
  expect(requested).toHaveLength(1);
});
