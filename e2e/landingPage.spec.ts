import { expect, test, type Page } from '@playwright/test';
import landingEn from '../apps/web/src/locales/landing_page/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 17, the custom landing page (spec §2 #/DashboardManager/Start, Custom Landing Page Create):
// a reseller hides a tile and reorders the dashboard for its companies' users; a company's
// administrator then sees that dashboard; resetting brings the default back.

const LANDING = landingEn.landing_page;
const TILES = LANDING.tiles;
const api = (page: Page, operation: string, data: unknown) => page.request.post(`/DataModel/service.svc/rest/IDashboardService/${operation}`, { data });

async function resellerId(page: Page): Promise<number> {
  const me = (await (await page.request.post('/DataModel/service.svc/rest/IAuthorizationService/GetCurrentUser', { data: {} })).json()) as { CompanyAccount: { AccountId: number } };
  return me.CompanyAccount.AccountId;
}

/** The dashboard's tiles as a user meets them, top to bottom. */
async function dashboardTiles(page: Page): Promise<string[]> {
  const names = {
    'Revenue and margin this month': 'Revenue',
    'Failed provisioning requests': 'FailedProvisioning',
    'Subscriptions ending in the next 30 days': 'SubscriptionsEnding',
    'Orders waiting for approval': 'PendingOrders',
    Accounts: 'AccountCounts',
    'Latest activity': 'LatestAudit',
  } as Record<string, string>;
  const found = await page.locator('main h2, main h3').allTextContents();
  return found.map((text) => names[text.trim()]).filter((tile): tile is string => tile !== undefined);
}

test('a reseller hides a tile and reorders the dashboard of its companies’ users, who see it at once', async ({ page, browser }) => {
  // Two signed-in users and three axe runs: more than the default budget on a busy machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const owner = await resellerId(page);
  try {
    await page.getByRole('link', { name: 'Custom landing page' }).click();
    await expect(page).toHaveURL(/#\/DashboardManager\/Start$/);
    await expect(page.getByRole('heading', { level: 1, name: LANDING.title })).toBeVisible();
    await page.getByRole('tab', { name: 'Companies' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard for Companies' })).toBeVisible();
    await expect(page.getByText(LANDING.source_Default)).toBeVisible();
    await expectAccessible(page);

    // Hide the revenue card; move the latest activity to the top with the keyboard.
    await page.getByRole('switch', { name: TILES.Revenue.name }).uncheck();
    const moveUp = page.getByRole('button', { name: `Move ${TILES.LatestAudit.name} up` });
    await moveUp.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: `Move ${TILES.LatestAudit.name} up` })).toBeDisabled();
    await expect(page.getByRole('button', { name: `Move ${TILES.LatestAudit.name} down` })).toBeFocused();
    const preview = page.getByRole('list', { name: LANDING.preview_order });
    await expect(preview.getByRole('listitem')).toHaveText([TILES.LatestAudit.name, TILES.PendingOrders.name, TILES.FailedProvisioning.name, TILES.SubscriptionsEnding.name, TILES.AccountCounts.name]);
    await expectAccessible(page);
    await snapshot(page, 'landing-page-editor');
    // On a phone the editor and its preview stack, and nothing runs off the side.
    await page.setViewportSize({ width: 412, height: 823 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snapshot(page, 'landing-page-editor-phone');
    await page.setViewportSize({ width: 1440, height: 1000 });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your changes have been saved.')).toBeVisible();
    await expect(page.getByText(LANDING.source_Own)).toBeVisible();

    // Contoso's administrator: held by a company, so the reseller's layout applies.
    const companyContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const companyPage = await companyContext.newPage();
    await companyPage.setViewportSize({ width: 1440, height: 1000 });
    await signIn(companyPage, 'company.admin');
    await expect(companyPage.getByRole('heading', { level: 1, name: 'Hello, Claire' })).toBeVisible();
    await expect(companyPage.getByRole('region', { name: 'Accounts' })).toBeVisible();
    await expect(companyPage.getByRole('link', { name: 'Failed provisioning requests' })).toBeVisible();
    // No revenue card; the latest activity first; orders waiting stay hidden (a company administrator may not approve).
    await expect(companyPage.getByRole('region', { name: 'Revenue and margin this month' })).toHaveCount(0);
    expect(await dashboardTiles(companyPage)).toEqual(['LatestAudit', 'FailedProvisioning', 'SubscriptionsEnding', 'AccountCounts']);
    await expectAccessible(companyPage);
    await snapshot(companyPage, 'landing-page-company-dashboard');

    // Reset, after a confirmation: the default layout is back.
    await page.getByRole('button', { name: LANDING.reset }).click();
    const dialog = page.getByRole('alertdialog', { name: LANDING.reset_title });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: LANDING.reset_agree }).click();
    await expect(page.getByText(LANDING.source_Default)).toBeVisible();
    await companyPage.reload();
    await expect(companyPage.getByRole('region', { name: 'Revenue and margin this month' })).toBeVisible();
    expect(await dashboardTiles(companyPage)).toEqual(['Revenue', 'FailedProvisioning', 'SubscriptionsEnding', 'AccountCounts', 'LatestAudit']);
    await companyContext.close();
  } finally {
    // Other specs meet the default dashboard.
    await api(page, 'ResetLandingPageLayout', { ownerCompanyId: owner, accountType: 'Company' });
  }
});
