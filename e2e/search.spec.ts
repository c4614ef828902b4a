import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn, snapshot } from './support';

// spec §2 "Global search" and §7 "Search accounts": the header's search field, against the demo world.

/** The popup's visible message (a live region repeats it for screen readers). */
const popupMessage = (page: Page, text: string) => page.getByRole('paragraph').filter({ hasText: text });

async function accountIdByApi(page: Page, searchString: string, displayName: string): Promise<number> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/DataModel/service.svc/rest/IAccountService/Search', {
    data: { searchString, includeDepartment: false },
    headers: { 'x-xsrf-token': xsrf },
  });
  const results = (await res.json()) as { AccountId: number; DisplayName: string }[];
  return results.find((r) => r.DisplayName === displayName)!.AccountId;
}

test('a reseller finds a company of its hierarchy and opens its account from the results', async ({ page }) => {
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const search = page.getByRole('combobox', { name: 'Search accounts' });
  await search.fill('co');
  await expect(popupMessage(page, 'Enter at least 3 characters to search.')).toBeVisible();

  await search.fill('conto');
  const match = page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: /Contoso Ltd/ });
  await expect(match).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'search-results');

  await search.press('ArrowDown');
  await expect(match).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/account/${await accountIdByApi(page, 'Contoso Ltd', 'Contoso Ltd')}$`));
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(search).toHaveValue('');

  await search.fill('conto');
  await expect(match).toBeVisible();
  await search.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(search).toHaveValue('conto');
});

test("another reseller's administrator finds nothing of Northwind's", async ({ page }) => {
  await signIn(page, 'other.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.getByRole('combobox', { name: 'Search accounts' }).fill('conto');
  await expect(popupMessage(page, 'No matching accounts found.')).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'search-not-found');
});

test('with Marketplace Read the results also list up to 3 services, which open the service page', async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const search = page.getByRole('combobox', { name: 'Search accounts' });
  await search.fill('skyline');
  const services = page.getByRole('group', { name: 'Services' });
  await expect(services.getByRole('option')).toHaveCount(3);
  await expect(services.getByRole('option').first()).toHaveText('Skyline Backup');
  await expectAccessible(page);
  await snapshot(page, 'search-services');
  await services.getByRole('option', { name: 'Skyline Backup' }).click();
  await expect(page).toHaveURL(/#\/service\/SKYLINE_BACKUP$/);
});
