import { expect, test, type Page } from '@playwright/test';
import chargesEn from '../apps/web/src/locales/custom_charges/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 13 "Custom charges": Northwind's administrator on the billing tab of its customer Contoso
// Ltd (EUR) — the demo charges, a new one with an attachment, its deletion after confirmation.

const CHARGES = chargesEn.custom_charges;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => values[key] ?? '');

async function accountIdOf(page: Page, name: string): Promise<number> {
  const response = await page.request.post('/DataModel/service.svc/rest/IAccountService/Search', { data: { searchString: name, includeDepartment: false } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { AccountId: number; DisplayName: string }[]).find((account) => account.DisplayName === name)!.AccountId;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});
// Four axe checks and a download: over the default 45 s on a busy 2-core machine.
test.setTimeout(120_000);

test("a reseller's administrator adds a charge with an attachment to a customer's billing tab and deletes it after confirmation", async ({ page }) => {
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const contoso = await accountIdOf(page, 'Contoso Ltd');

  await page.goto(`/#/account/${contoso}/billing`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contoso Ltd' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Billing', selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: CHARGES.title });
  await expect(page.getByText(fill(CHARGES.intro_currency, { currency: 'EUR', name: 'Euro' }))).toBeVisible();
  // The seller sees what each charge costs it (Migration support: €960 price, €600 cost).
  await expect(table.getByRole('columnheader', { name: CHARGES.column_cost })).toBeVisible();
  await expect(table.getByRole('row', { name: /Migration support/ })).toContainText(/€960\.00.*€600\.00/);
  const billed = table.getByRole('row', { name: /Hardware security keys/ });
  await expect(billed).toContainText(CHARGES.status.Billed);
  await expect(billed).toContainText('€175.00');
  // A billed charge can no longer be deleted: it offers no delete button.
  await expect(billed.getByRole('button')).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Service credit/ })).toContainText('-€120.00');
  await expectAccessible(page);
  await snapshot(page, 'custom-charges');

  // The demo attachment downloads under a safe name (spec §5).
  const workshop = table.getByRole('row', { name: /Onboarding workshop/ });
  const [download] = await Promise.all([page.waitForEvent('download'), workshop.getByRole('link', { name: /Statement of work/ }).click()]);
  expect(download.suggestedFilename()).toBe('Statement_of_work_-_onboarding_workshop.pdf');

  // Filtered by status on the server.
  await page.getByRole('combobox', { name: CHARGES.filter_status }).click();
  await page.getByRole('option', { name: CHARGES.status.Billed }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('combobox', { name: CHARGES.filter_status }).click();
  await page.getByRole('option', { name: CHARGES.status_all }).click();
  await expect(table.getByRole('row')).toHaveCount(5);

  await page.getByRole('button', { name: CHARGES.add_charge }).click();
  const dialog = page.getByRole('dialog', { name: CHARGES.dialog_title });
  await dialog.getByRole('button', { name: CHARGES.add, exact: true }).click();
  await expect(dialog.getByText(CHARGES.errors.required)).toHaveCount(2);
  await dialog.getByRole('textbox', { name: /^Price/ }).fill('99.999');
  await dialog.getByRole('button', { name: CHARGES.add, exact: true }).click();
  await expect(dialog.getByText(fill(CHARGES.errors.scale, { currency: 'EUR', digits: '2', example: '12.50' }))).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('textbox', { name: /^Name/ }).fill('On-site training');
  await dialog.getByRole('textbox', { name: /^Price/ }).fill('250.00');
  await dialog.getByRole('textbox', { name: /^Cost/ }).fill('120');
  await dialog.getByRole('textbox', { name: /^Description/ }).fill('Half-day admin training, agenda attached.');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'Training agenda.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% training agenda\n%%EOF\n') });
  await expect(dialog.getByTestId('chosen-attachment')).toContainText('Training agenda.pdf');
  await expectAccessible(page);
  await snapshot(page, 'custom-charges-add');
  // A double click sends one Idempotency-Key twice at most: one charge.
  await dialog.getByRole('button', { name: CHARGES.add, exact: true }).dblclick();
  await expect(dialog).toBeHidden();
  const added = table.getByRole('row', { name: /On-site training/ });
  await expect(added).toHaveCount(1);
  await expect(added).toContainText(CHARGES.status.PendingBilling);
  await expect(added).toContainText('€250.00');
  await expect(added).toContainText('Nora Winters');
  await expect(added).toContainText('UTC');
  await expect(added.getByRole('link', { name: /Training agenda\.pdf/ })).toBeVisible();

  await added.getByRole('button', { name: fill(CHARGES.delete_charge, { name: 'On-site training' }) }).click();
  const confirm = page.getByRole('alertdialog', { name: CHARGES.delete_title });
  await expect(confirm).toContainText('On-site training (€250.00)');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: CHARGES.delete, exact: true }).click();
  await expect(table.getByRole('row', { name: /On-site training/ })).toHaveCount(0);
  await expect(page.getByText(fill(CHARGES.deleted, { name: 'On-site training' }))).toBeVisible();
});

test("the company's administrator sees its charges' prices but neither their cost nor how to add or delete them", async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const contoso = await accountIdOf(page, 'Contoso Ltd');
  await page.goto(`/#/account/${contoso}/billing`);
  const table = page.getByRole('table', { name: CHARGES.title });
  const migration = table.getByRole('row', { name: /Migration support/ });
  await expect(migration).toContainText(CHARGES.status.PendingBilling);
  await expect(migration).toContainText('€960.00');
  // Issue 30: what the charge cost its reseller is none of the buyer's business — no column, no amount.
  await expect(table.getByRole('columnheader', { name: CHARGES.column_price })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: CHARGES.column_cost })).toHaveCount(0);
  await expect(migration).not.toContainText('€600.00');
  await expect(page.getByRole('button', { name: CHARGES.add_charge })).toHaveCount(0);
  await expect(table.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'custom-charges-buyer');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByRole('columnheader', { name: CHARGES.column_cost })).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'custom-charges-buyer-mobile');
});
