import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible, signIn, snapshot } from './support';

const OPERATIONS = '/DataModel/service.svc/rest';
// A 1×1 PNG for the logo upload.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const CONSENT_GIVEN = JSON.stringify({ analytics: false, chat: false, decidedAt: '2026-01-01T00:00:00.000Z' });

test.describe.configure({ mode: 'serial' });

async function callAs(context: BrowserContext, request: APIRequestContext, operation: string, data: unknown) {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await request.post(`${OPERATIONS}/${operation}`, { data, headers: { 'x-xsrf-token': xsrf } });
  expect(response.status(), `${operation} ${await response.text()}`).toBe(200);
  return response.json();
}

/** The consent banner is tested on its own; elsewhere the choice is already made. */
const skipConsentBanner = (page: Page) => page.addInitScript((value) => window.localStorage.setItem('cmp.consent', value), CONSENT_GIVEN);

test('the platform owner changes title, colour and logo in the administration; it applies on the next page load', async ({ page, context, browser }) => {
  await skipConsentBanner(page);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const original = await callAs(context, page.request, 'IAccountService/GetBranding', {});
  try {
    await page.goto('/#/admin-console');
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Branding' })).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'admin-console-branding');

    await page.getByLabel('Primary colour', { exact: true }).fill('zz');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter 3 or 6 hex digits without #')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Title').fill('Contoso Cloud Hub');
    await page.getByLabel('Primary colour', { exact: true }).fill('8a2be2');
    await expect(page.getByLabel('Pick the primary colour')).toHaveValue('#8a2be2');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Branding saved. It applies the next time a page loads.')).toBeVisible();

    await page.getByLabel('Upload logo').setInputFiles({ name: 'contoso.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('contoso.png uploaded. It applies the next time a page loads.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', /^\/branding\/latest\/logo-[0-9a-f]+\.png$/);

    await page.reload();
    await expect(page).toHaveTitle(/Contoso Cloud Hub/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#8a2be2');

    const visitor = await browser.newPage();
    await visitor.goto('/#/login');
    await expect(visitor.getByText('Welcome to Contoso Cloud Hub')).toBeVisible();
    await expect(visitor).toHaveTitle(/Contoso Cloud Hub/);
    await visitor.close();
  } finally {
    const { sso_setup_list: _sso, ...editable } = original;
    await callAs(context, page.request, 'IAccountService/SaveBranding', { branding: editable });
  }
});

test('a reseller administrator cannot change the branding', async ({ page }) => {
  await skipConsentBanner(page);
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/admin-console');
  await expect(page.getByText("Only administrators of the platform owner can change the branding.")).toBeVisible();
});

test('the consent banner asks a fresh browser once; analytics page views start after "Accept all"', async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const banner = page.getByRole('region', { name: 'Your privacy choices' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Accept all' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Only necessary' })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'consent-banner');

  // The page view of the dashboard waits for the choice (spec §4, §9) and is sent once it is made.
  const pageView = page.waitForRequest((request) => request.url().endsWith('/IReportingService/TrackEvent') && request.postDataJSON().event === 'page_view');
  await banner.getByRole('button', { name: 'Accept all' }).click();
  await expect(banner).toHaveCount(0);
  expect((await pageView).postDataJSON()).toMatchObject({ event: 'page_view', path: '/Dashboard' });
  expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('cmp.consent'))) ?? '{}')).toMatchObject({ analytics: true, chat: true });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your privacy choices' })).toHaveCount(0);
});

test('the consent settings page lets a user change each service and returns where they were', async ({ page }) => {
  await signIn(page, 'company.user');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.getByRole('region', { name: 'Your privacy choices' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/#\/consent\/analytics\?redirect=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy settings' })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'consent-settings');
  await page.getByRole('switch', { name: 'Usage analytics' }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await expect(page.getByText('Your privacy settings have been saved.')).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('cmp.consent'))) ?? '{}')).toMatchObject({ analytics: true, chat: false });
});

test('embedded in a host shell, the portal hides its header and footer and forwards its messages', async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/embedded-demo.html');
  const portal = page.frameLocator('iframe[title="Cloud marketplace portal"]');
  await expect(portal.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(portal.getByRole('banner')).toHaveCount(0);
  await expect(portal.getByRole('contentinfo')).toHaveCount(0);
  await snapshot(page, 'embedded-demo');

  await portal.getByRole('region', { name: 'Your privacy choices' }).getByRole('link', { name: 'Settings' }).click();
  await portal.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('list').getByText('Your privacy settings have been saved.')).toBeVisible();
  await expect(page.getByRole('listitem').first()).toContainText('add success');
});
