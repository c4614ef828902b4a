import { expect, test, type Locator, type Page } from '@playwright/test';
import pricingEn from '../apps/web/src/locales/pricing/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 13 "Pricelists and pricing rules": the pricelist list and the edit-prices screen as
// Northwind's administrator uses them, on the demo world's pricelist "Northwind standard".

const PRICING = pricingEn.pricing;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => values[key] ?? '');

/** The amounts of one column, as numbers for comparing the order only (the screen never computes with them). */
async function columnAmounts(grid: Locator, header: string): Promise<number[]> {
  const headers = await grid.getByRole('columnheader').allTextContents();
  const column = headers.findIndex((text) => text.startsWith(header));
  const cells = await grid.locator(`tbody tr > :nth-child(${column + 1})`).allTextContents();
  return cells.map((text) => Number(text.replace(/[^\d.-]/g, '')));
}

async function rowOf(grid: Locator, service: string): Promise<Locator> {
  const row = grid.getByRole('row', { name: new RegExp(service) });
  await expect(row).toHaveCount(1);
  return row;
}

async function openPricelists(page: Page) {
  await page.goto('/#/pricelists');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricelists' })).toBeVisible();
  return page.getByRole('table', { name: PRICING.pricelists_title });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("a reseller's administrator creates, orders and deletes a pricelist, and cannot delete one its customers use", async ({ page }) => {
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const table = await openPricelists(page);
  const standard = table.getByRole('row', { name: /Northwind standard/ });
  await expect(standard).toContainText('EUR');
  await expect(standard).toContainText('standard');
  await expectAccessible(page);
  await snapshot(page, 'pricelists');

  await page.getByRole('button', { name: PRICING.new_pricelist }).click();
  const dialog = page.getByRole('dialog', { name: PRICING.new_pricelist });
  await dialog.getByRole('button', { name: PRICING.create }).click();
  await expect(dialog.getByText(PRICING.name_required)).toBeVisible();
  await dialog.getByRole('textbox', { name: PRICING.field_name }).fill('Northwind education and public sector customers in Switzerland');
  await dialog.getByRole('combobox', { name: PRICING.field_currency }).click();
  await page.getByRole('option', { name: /^CHF/ }).click();
  await dialog.getByRole('combobox', { name: PRICING.field_tags }).fill('education');
  await dialog.getByRole('combobox', { name: PRICING.field_tags }).press('Enter');
  await expectAccessible(page);
  await snapshot(page, 'pricelists-new');
  await dialog.getByRole('button', { name: PRICING.create }).click();
  const created = table.getByRole('row', { name: /Northwind education/ });
  await expect(created).toContainText('CHF');
  await expect(created).toContainText('education');
  // A new pricelist comes last in the priority order.
  await expect(table.getByRole('rowheader').last()).toHaveText('Northwind education and public sector customers in Switzerland');

  // Priority with the keyboard: the focus stays on the row that moved.
  const up = page.getByRole('button', { name: fill(PRICING.move_up, { name: 'Northwind education and public sector customers in Switzerland' }) });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(table.getByRole('rowheader').first()).toHaveText('Northwind education and public sector customers in Switzerland');
  await expect(page.getByRole('button', { name: fill(PRICING.move_down, { name: 'Northwind education and public sector customers in Switzerland' }) })).toBeFocused();
  await snapshot(page, 'pricelists-moved');

  // Customers still use Northwind standard: the server refuses, and says why.
  await standard.getByRole('button', { name: fill(PRICING.delete_pricelist, { name: 'Northwind standard' }) }).click();
  await page.getByRole('alertdialog', { name: PRICING.delete_pricelist_title }).getByRole('button', { name: 'Yes, do it' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be deleted while customers use it' })).toBeVisible();
  await expect(standard).toBeVisible();

  await created.getByRole('button', { name: /^Delete Northwind education/ }).click();
  const confirm = page.getByRole('alertdialog', { name: PRICING.delete_pricelist_title });
  await expect(confirm).toContainText('Northwind education and public sector customers in Switzerland');
  await snapshot(page, 'pricelists-delete-confirm');
  await confirm.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(created).toHaveCount(0);
  await expect(table.getByRole('rowheader')).toHaveText(['Northwind standard']);

  await standard.getByRole('button', { name: fill(PRICING.show_customers, { name: 'Northwind standard' }) }).click();
  const customers = page.getByRole('dialog', { name: fill(PRICING.customers_title, { name: 'Northwind standard' }) });
  await expect(customers.getByRole('link', { name: 'Contoso Ltd' })).toBeVisible();
  await expectAccessible(page);
  await customers.getByRole('button', { name: 'Close' }).click();
});

test('every price explains itself; a static rule below purchase is flagged, moved first, and deleted', async ({ page }) => {
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const pricelists = await openPricelists(page);
  await pricelists.getByRole('link', { name: 'Northwind standard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit prices: Northwind standard' })).toBeVisible();

  const rules = page.getByRole('table', { name: PRICING.rules_title });
  await expect(rules.getByRole('rowheader')).toHaveText(['Collaboration margin', 'Nimbus partners', 'Analytics promotion', /^Default: SRP/]);
  await expect(rules.getByRole('row', { name: /Nimbus partners/ })).toContainText('Markup 15 %');
  await expect(rules.getByRole('row', { name: /Nimbus partners/ })).toContainText('Vendors: Nimbus Security');
  const grid = page.getByRole('table', { name: PRICING.items_title });
  await expect(grid.getByRole('row')).toHaveCount(26);
  await page.getByRole('searchbox', { name: PRICING.filter_text }).fill('Skyline Mail');
  const mail = await rowOf(grid, 'Skyline Mail');
  await expect(mail).toContainText('€5.47');
  await expect(mail).toContainText("Gross margin 25 % — rule 'Collaboration margin'");
  await expect(mail).not.toContainText(PRICING.below_purchase);
  await page.getByRole('searchbox', { name: PRICING.filter_text }).fill('');
  await expect(grid.getByRole('row')).toHaveCount(26);
  await expectAccessible(page);
  await snapshot(page, 'edit-prices');

  // Sorted on the server, both ways.
  await grid.getByRole('button', { name: PRICING.column_sales_price }).click();
  await grid.getByRole('button', { name: PRICING.column_sales_price }).click();
  await expect(grid.getByRole('columnheader', { name: PRICING.column_sales_price })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await columnAmounts(grid, PRICING.column_sales_price))[0]).toBeGreaterThan(100);
  const descending = await columnAmounts(grid, PRICING.column_sales_price);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await snapshot(page, 'edit-prices-sorted');

  // A static rule for the mailbox below its purchase price (4.10), from the item's own row.
  await page.getByRole('searchbox', { name: PRICING.filter_text }).fill('Skyline Mail');
  await expect(grid.getByRole('row')).toHaveCount(2);
  await mail.getByRole('button', { name: fill(PRICING.new_rule_for_item, { item: 'Skyline Mail – Subscription' }) }).click();
  const dialog = page.getByRole('dialog', { name: PRICING.new_rule });
  const price = dialog.getByRole('textbox', { name: fill(PRICING.parameter_price, { currency: 'EUR' }) });
  await expect(price).toHaveValue('5.47');
  await price.fill('3,999999999');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(PRICING.parameter_errors.price_invalid)).toBeVisible();
  await price.fill('3.99');
  await dialog.getByRole('textbox', { name: PRICING.field_rule_name }).fill('Mail promotion');
  await expectAccessible(page);
  await snapshot(page, 'edit-prices-rule-dialog');
  // The rule dialog previews the change before it saves it (issue 13 "price-change preview").
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const previewDialog = page.getByRole('dialog', { name: 'Preview: New rule' });
  await previewDialog.getByRole('button', { name: 'Save' }).click();
  await expect(previewDialog).toHaveCount(0);
  // A new rule comes last before the default: the group's margin still prices the mailbox.
  await expect(rules.getByRole('rowheader')).toHaveText(['Collaboration margin', 'Nimbus partners', 'Analytics promotion', 'Mail promotion', /^Default: SRP/]);
  await expect(mail).toContainText('€5.47');

  for (let moves = 0; moves < 3; moves += 1) await rules.getByRole('button', { name: fill(PRICING.move_up, { name: 'Mail promotion' }) }).click();
  await expect(rules.getByRole('rowheader').first()).toHaveText('Mail promotion');
  await expect(mail).toContainText('€3.99');
  await expect(mail).toContainText(PRICING.below_purchase);
  await expect(mail).toContainText("Static price €3.99 — rule 'Mail promotion'");
  await page.getByRole('searchbox', { name: PRICING.filter_text }).fill('');
  await page.getByRole('switch', { name: PRICING.filter_below_purchase }).check();
  await expect(grid.getByRole('rowheader')).toHaveText([/^Skyline Mail/]);
  await expectAccessible(page);
  await snapshot(page, 'edit-prices-below-purchase');

  await rules.getByRole('button', { name: fill(PRICING.delete_rule, { name: 'Mail promotion' }) }).click();
  const confirm = page.getByRole('alertdialog', { name: PRICING.delete_rule_title });
  await expect(confirm).toContainText('Mail promotion');
  await confirm.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(rules.getByRole('row', { name: /Mail promotion/ })).toHaveCount(0);
  await expect(page.getByText(PRICING.items_none_matching)).toBeVisible();
  await page.getByRole('switch', { name: PRICING.filter_below_purchase }).uncheck();
  await page.getByRole('searchbox', { name: PRICING.filter_text }).fill('Skyline Mail');
  await expect(mail).toContainText("Gross margin 25 % — rule 'Collaboration margin'");
});

test("a company's administrator has no pricelists: the screen says so instead of a list", async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/pricelists');
  await expect(page.getByText('Only a reseller or the platform owner has pricelists.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: PRICING.new_pricelist })).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'pricelists-company');
});
