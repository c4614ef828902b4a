import { expect, test, type Page } from '@playwright/test';
import provisioningEn from '../apps/web/src/locales/provisioning/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 14 "Provisioning against a vendor system": Northwind's administrator opens /provisioning,
// finds Adventure Works' Skyline Backup whose provisioning failed transiently at the vendor sandbox,
// retries it after confirmation and sees it move on to Completed (the sandbox provisions it).

const P = provisioningEn.provisioning;

async function accountIdOf(page: Page, name: string): Promise<number> {
  const response = await page.request.post('/DataModel/service.svc/rest/IAccountService/Search', { data: { searchString: name, includeDepartment: false } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { AccountId: number; DisplayName: string }[]).find((account) => account.DisplayName === name)!.AccountId;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});
test.setTimeout(120_000);

test('a failed provisioning request is retried from /provisioning and completes at the vendor', async ({ page }) => {
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/provisioning');
  await expect(page.getByRole('heading', { level: 1, name: 'Provisioning' })).toBeVisible();
  const table = page.getByRole('table', { name: P.title });
  const row = table.getByRole('row', { name: /Skyline Backup.*Adventure Works/ });
  await expect(row).toContainText(P.order_status.Failed);
  await expect(row).toContainText('Service temporarily unavailable');
  // Another tenant's request (Fabrikam's Litware) is not listed.
  await expect(table.getByRole('row', { name: /Litware/ })).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'provisioning');

  // Filtered on the server: only failed requests.
  await page.getByRole('combobox', { name: P.filter_status }).click();
  await page.getByRole('option', { name: P.order_status.Failed }).click();
  await expect(table.getByRole('row', { name: /In progress|Completed/ })).toHaveCount(0);
  await expect(row).toBeVisible();

  // The actions are offered once a request is selected.
  const toolbar = page.getByRole('toolbar', { name: P.bulk_actions });
  await expect(toolbar).toHaveCount(0);
  // Keyboard: the row's checkbox is reached and ticked with the space bar.
  await row.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await expect(row.getByRole('checkbox')).toBeChecked();
  await expect(toolbar.getByRole('button', { name: P.actions.retry })).toBeEnabled();
  await toolbar.getByRole('button', { name: P.actions.retry }).click();
  const dialog = page.getByRole('alertdialog', { name: P.confirm_title.retry });
  await expect(dialog).toContainText(P.confirm_message.retry);
  await expectAccessible(page);
  await snapshot(page, 'provisioning-confirm');
  await dialog.getByRole('button', { name: P.actions.retry }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /is being retried/ })).toBeVisible();

  // The job sends it to the vendor sandbox, which provisions it after a delay: the list follows.
  await page.getByRole('combobox', { name: P.filter_status }).click();
  await page.getByRole('option', { name: P.status_all }).click();
  await expect(row).toContainText(P.order_status.Completed, { timeout: 60_000 });
  await expect(row).toContainText('Active');
  await expect(row.getByRole('checkbox')).not.toBeChecked();
  await expectAccessible(page);
  await snapshot(page, 'provisioning-retried');

  // One customer's requests on its account page: Contoso's only.
  const contoso = await accountIdOf(page, 'Contoso Ltd');
  await page.goto(`/#/account/${contoso}/provisioning`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contoso Ltd' })).toBeVisible();
  const accountTable = page.getByRole('table', { name: P.title });
  // Its failed change, beside the completed Create that delivered the CRM (issue 30: every delivered subscription has one).
  await expect(accountTable.getByRole('row', { name: /Skyline CRM.*Contoso Ltd/ }).filter({ hasText: P.order_status.Failed })).toContainText('SKY-4102');
  await expect(accountTable.getByRole('row', { name: /Adventure Works/ })).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'provisioning-account');
});
