import { expect, test, type Page } from '@playwright/test';
import pricingEn from '../apps/web/src/locales/pricing/en.json' with { type: 'json' };
import previewEn from '../apps/web/src/locales/pricing_preview/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 13's main browser test: Northwind's administrator adds a markup rule to the pricelist
// Contoso buys from, previews its effect (items, customers, monthly revenue), saves exactly that,
// types a manual price into the grid and exports it; Contoso's administrator then sees the new
// price with its explanation on the service page and in Explore.

const PRICING = pricingEn.pricing;
const PREVIEW = previewEn.pricing_preview;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => values[key] ?? '');

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.goto('/#/login');
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('a markup rule is previewed, saved exactly as previewed, and the customer sees the new price with its explanation', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/pricelists');
  await page.getByRole('table', { name: PRICING.pricelists_title }).getByRole('link', { name: 'Northwind standard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit prices: Northwind standard' })).toBeVisible();
  const grid = page.getByRole('table', { name: PRICING.items_title });
  await page.getByRole('searchbox', { name: PRICING.filter_text }).fill('Skyline CRM');
  const crmSeat = grid.getByRole('row', { name: /Skyline CRM/ }).filter({ hasText: 'Recurring' });
  await expect(crmSeat).toContainText('€49.00');

  // The rule: Skyline's services at purchase + 50 %.
  await page.getByRole('button', { name: PRICING.new_rule, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: PRICING.new_rule });
  await dialog.getByRole('textbox', { name: PRICING.field_rule_name }).fill('Skyline uplift');
  await dialog.getByRole('textbox', { name: PRICING.parameter_percent.Markup }).fill('50');
  await dialog.getByRole('combobox', { name: PRICING.field_scope }).click();
  await page.getByRole('option', { name: PRICING.scopes.Vendors }).click();
  // The vendor list loads while the dialog opens: pick Skyline once it is there, until it shows as chosen.
  await expect(async () => {
    if (await dialog.getByText('Skyline Software').isVisible()) return;
    await dialog.getByRole('combobox', { name: PRICING.scopes.Vendors }).click();
    await page.getByRole('option', { name: 'Skyline Software' }).click({ timeout: 3_000 });
    await expect(dialog.getByText('Skyline Software')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // Closes the vendor list, if it stayed open, without closing the dialog.
  await dialog.getByRole('heading', { name: PRICING.new_rule }).click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: PREVIEW.preview }).click();

  // The preview: what changes, for whom, the monthly totals — nothing saved yet.
  const preview = page.getByRole('dialog', { name: fill(PREVIEW.title, { title: PRICING.new_rule }) });
  await expect(preview).toContainText(/Prices changing: \d+ of \d+ items/);
  const changes = preview.getByRole('table', { name: PREVIEW.items_title });
  const crmChange = changes.getByRole('row', { name: /Skyline CRM/ }).filter({ hasText: 'Recurring' });
  await expect(crmChange).toContainText('€49.00');
  await expect(crmChange).toContainText('€54.00');
  await expect(crmChange).toContainText("Markup 50 % — rule 'Skyline uplift'");
  const customers = preview.getByRole('table', { name: PREVIEW.customers_title });
  await expect(customers.getByRole('rowheader')).toHaveText(['Adventure Works', 'Contoso Ltd', 'Tailspin Toys']);
  // Contoso has 10 CRM seats: at least 10 × €5.00 more each month.
  await expect(customers.getByRole('row', { name: /Contoso Ltd/ })).toContainText('+€');
  await expect(preview).toContainText(/Monthly revenue \+€[\d,.]+ · monthly margin \+€[\d,.]+/);
  await expectAccessible(page);
  await snapshot(page, 'price-preview');
  await preview.getByRole('button', { name: 'Save' }).click();
  await expect(preview).toHaveCount(0);
  await expect(crmSeat).toContainText('€54.00');
  await expect(crmSeat).toContainText("Markup 50 % — rule 'Skyline uplift'");

  // A manual price typed into the grid: Escape leaves it, Enter keeps it as an unsaved change.
  const setupRow = grid.getByRole('row', { name: /Skyline CRM/ }).filter({ hasText: 'Setup' });
  const editSetup = setupRow.getByRole('button', { name: fill(PREVIEW.edit_price, { item: 'Skyline CRM – Setup' }) });
  await editSetup.click();
  const field = setupRow.getByRole('textbox', { name: fill(PREVIEW.manual_price_of, { item: 'Skyline CRM – Setup' }) });
  await field.fill('99');
  await field.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(setupRow).not.toContainText(PREVIEW.unsaved);
  await editSetup.click();
  await field.fill('140');
  await field.press('Enter');
  await expect(setupRow).toContainText('€140.00');
  await expect(setupRow).toContainText(PREVIEW.unsaved);
  // 140 lies below the setup's purchase price of 150: flagged before it is saved.
  await expect(setupRow).toContainText(PRICING.below_purchase);
  await expect(page.getByText(fill(PREVIEW.pending, { count: '1' }))).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'edit-prices-pending');
  // Leaving with an unsaved price asks first.
  await page.getByRole('link', { name: 'Pricelists' }).first().click();
  await expect(page.getByRole('alertdialog', { name: 'Unsaved changes' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue editing' }).click();
  await page.getByRole('button', { name: PREVIEW.save_prices }).click();
  await expect(setupRow).toContainText(fill(PREVIEW.manual_price, { price: '€140.00' }));
  await expect(setupRow).not.toContainText(PREVIEW.unsaved);

  // The grid as a workbook, named by the spec §5 rule.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: PREVIEW.export }).click();
  expect((await download).suggestedFilename()).toBe('Prices-Northwind_standard.xlsx');

  // edit-all-prices: every item on one page, no paging.
  await page.getByRole('searchbox', { name: PRICING.filter_text }).fill('');
  await page.getByRole('link', { name: PREVIEW.show_all_prices }).click();
  await expect(page).toHaveURL(/#\/pricelists\/\d+\/edit-all-prices$/);
  await expect(page.getByText(/^All items: \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'edit-all-prices');

  // The customer's view: the service page and Explore show the new price and why — its price list, not the reseller's markup (issue 30).
  await signOut(page);
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/service/SKYLINE_CRM');
  await expect(page.getByRole('heading', { level: 1, name: 'Skyline CRM' })).toBeVisible();
  const items = page.getByRole('table').first();
  await expect(items.getByRole('row').filter({ hasText: 'Recurring' })).toContainText('€54.00');
  await expect(items.getByRole('row').filter({ hasText: 'Recurring' })).toContainText('Price from your price list');
  await expect(items).not.toContainText('Markup');
  await expect(items.getByRole('row').filter({ hasText: 'Setup' })).toContainText('€140.00');
  await expectAccessible(page);
  await snapshot(page, 'service-page-new-price');

  await page.goto('/#/Marketplace/Explore');
  await page.getByRole('searchbox').first().fill('Skyline CRM');
  const card = page.getByRole('article').filter({ hasText: 'Skyline CRM' }).first();
  await expect(card).toContainText('€54.00');
  await expect(card).toContainText('Price from your price list');
  await expect(card).not.toContainText('Markup');
  await expectAccessible(page);
  await snapshot(page, 'explore-new-price');
});
