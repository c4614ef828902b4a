import { expect, test } from '@playwright/test';
import { expectAccessible, signIn, snapshot } from './support';

// Issue 13 Explore and the service page: Contoso's administrator browses the catalog at the prices
// of Northwind's pricelist, each with why — its price list, never the markup or margin over
// Northwind's purchase price (issue 30).

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("company.admin explores the catalog at Northwind's prices and opens a service page that explains every price", async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.getByRole('link', { name: 'Explore' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Services found: 31' })).toBeVisible();
  // spec §9 "Explore link: page 1, 20 per page".
  await expect(page).toHaveURL(/#\/Marketplace\/Explore\?page=1&size=20$/);
  await expect(page.getByRole('article')).toHaveCount(20);
  const firewall = page.getByRole('article', { name: 'Nimbus Cloud Firewall' });
  await expect(firewall).toContainText('€51.75 per site / month');
  await expect(firewall).toContainText('Why this price: Price from your price list');
  await expect(firewall).not.toContainText('Markup');
  await expectAccessible(page);
  await snapshot(page, 'explore');

  // A vendor, then the price order: cheapest first, the filter and order in the address.
  await page.getByRole('checkbox', { name: 'Nimbus Security (13)' }).click();
  await expect(page.getByRole('checkbox', { name: 'Nimbus Security (13)' })).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Services found: 13' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Price: low to high' }).click();
  await expect(page).toHaveURL(/vendor=\d+&sort=PriceAsc&page=1&size=20/);
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Nimbus Backup Guard');
  await expect(page.getByRole('article').nth(2)).toHaveAccessibleName('Nimbus Mail Filter');
  await expect(page.getByRole('article').nth(2)).toContainText("€1.04 per user / month");
  await expect(page.getByRole('article').nth(2)).toContainText('Why this price: Price from your price list');
  await expectAccessible(page);
  await snapshot(page, 'explore-nimbus-by-price');

  // Skyline's mail service carries Northwind's collaboration margin, which its customer does not learn.
  await page.getByRole('checkbox', { name: 'Nimbus Security (13)' }).click();
  await page.getByRole('searchbox', { name: 'Search services' }).fill('skyline mail');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Skyline Mail' })).toContainText("€5.47 per user / month");
  await expect(page.getByRole('article', { name: 'Skyline Mail' })).toContainText('Why this price: Price from your price list');
  await expect(page.getByRole('article', { name: 'Skyline Mail' })).not.toContainText(/margin/i);

  // The search box narrows as typing pauses.
  await page.getByRole('searchbox', { name: 'Search services' }).fill('single');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('article', { name: 'Nimbus Single Sign-On' }).getByRole('link', { name: 'Nimbus Single Sign-On' }).click();

  await expect(page).toHaveURL(/#\/service\/NIMBUS_SSO$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nimbus Single Sign-On' })).toBeVisible();
  const prices = page.getByRole('table', { name: 'Prices' });
  await expect(prices.getByRole('row', { name: /Subscription/ })).toContainText("Recurring fee");
  await expect(prices.getByRole('row', { name: /Subscription/ })).toContainText("€2.30");
  await expect(prices.getByRole('row', { name: /Subscription/ })).toContainText('Price from your price list');
  await expect(prices.getByRole('row', { name: /Setup/ })).toContainText('€92.00');
  await expect(prices.getByRole('row', { name: /Setup/ })).toContainText('Price from your price list');
  await expect(prices).not.toContainText('Markup');
  await expect(page.getByText('Billing period')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Terms of the service' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vendor' })).toContainText('Nimbus Security');
  await expectAccessible(page);
  await snapshot(page, 'service-info');

  // The breadcrumbs lead back to Explore.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/#\/Marketplace\/Explore\?page=1&size=20$/);
  await expect(page.getByRole('article')).toHaveCount(20);
});

test('a service the customer may not see answers with a plain message, and the pager turns pages', async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/service/NO_SUCH_SERVICE');
  await expect(page.getByRole('alert')).toContainText('This service is not available to you, or it does not exist.');
  await expectAccessible(page);
  await page.goto('/#/Marketplace/Explore?page=1&size=20');
  await page.getByRole('navigation', { name: 'Pages of services' }).getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page).toHaveURL(/page=2&size=20$/);
  await expect(page.getByRole('article')).toHaveCount(11);
  await page.goBack();
  await expect(page.getByRole('article')).toHaveCount(20);
});
