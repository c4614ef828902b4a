import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn, snapshot } from './support';

// Issue 10, trying the portal as a new user would: where a new account may go (the hierarchy rules,
// the New menu, the create screen's starting parent), the vendor's own page, the roles a company's
// user is offered, and a readable New button on the create screens.

const suffix = Date.now().toString(36).slice(-5);

async function companyAccountId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
    const res = await fetch('/DataModel/service.svc/rest/IAuthorizationService/GetCurrentUser', { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) }, body: '{}' });
    return ((await res.json()) as { CompanyAccount: { AccountId: number } }).CompanyAccount.AccountId;
  });
}

async function accountIdNamed(page: Page, name: string): Promise<number> {
  return page.evaluate(async (searchString) => {
    const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
    const res = await fetch('/DataModel/service.svc/rest/IAccountService/Search', { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) }, body: JSON.stringify({ searchString }) });
    return ((await res.json()) as { AccountId: number; DisplayName: string }[]).find((a) => a.DisplayName === searchString)!.AccountId;
  }, name);
}

const newButton = (page: Page) => page.locator('footer').getByRole('button', { name: 'New' });

async function newMenuItems(page: Page): Promise<string[]> {
  await newButton(page).click();
  const items = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return items;
}

test('vendor.admin sees its vendor page and creates a colleague there, offered only what its hierarchy can hold', async ({ page }) => {
  await signIn(page, 'vendor.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const vendorId = await companyAccountId(page);

  await page.goto(`/#/account/${vendorId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Skyline Software' })).toBeVisible();
  await expect(page.getByText('Viewlayout contains no Pages')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'General' })).toContainText('VEN-4001');
  await expectAccessible(page);
  await snapshot(page, 'b-vendor-account');

  expect(await newMenuItems(page)).toEqual(['New user', 'Import accounts']);
  await newButton(page).click();
  await page.getByRole('menuitem', { name: 'New user' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New user' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Parent account' })).toHaveValue('Skyline Software');
  const form = page.getByRole('form', { name: 'New user' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Nils');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Berg');
  await form.getByRole('textbox', { name: 'E-mail' }).fill(`nils.${suffix}@skyline.example`);
  await form.getByRole('textbox', { name: 'Username' }).fill(`nils.${suffix}`);
  const roles = form.getByRole('group', { name: 'Roles' });
  await expect(roles.getByRole('checkbox')).toHaveCount(1);
  await roles.getByRole('checkbox', { name: /Vendor administrator/ }).check();
  await expectAccessible(page);
  await snapshot(page, 'b-vendor-new-user');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nils Berg' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account path' }).getByRole('link', { name: 'Skyline Software' })).toBeVisible();
  await expectAccessible(page);
});

test('the platform administrator opens every create screen without an error, with a parent that may hold the account', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  for (const [type, parent] of [
    ['User', 'Cloud Service Providers'],
    ['Department', 'Adventure Works'],
    ['Company', 'Cloud Service Providers'],
    ['Reseller', 'Cloud Service Providers'],
  ] as const) {
    await page.goto(`/#/Account/Create/${type}`);
    const heading = `New ${type.toLowerCase()}`;
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Parent account' })).toHaveValue(parent);
    await expect(page.getByRole('form', { name: heading }).getByRole('button', { name: 'Create' })).toBeVisible();
    // No error of the defaults (400 "… cannot be the parent of a … account") or of anything else.
    await expect(page.locator('.MuiAlert-colorError')).toHaveCount(0);
    await expect(page.getByText(/cannot be the parent/)).toHaveCount(0);

    // Item 6: the New button of the footer stays readable while its create screen is the current page.
    const colours = await newButton(page).evaluate((button) => {
      const style = getComputedStyle(button);
      return { text: style.color, background: style.backgroundColor };
    });
    expect(colours.text).not.toBe(colours.background);
    await expectAccessible(page);
    await snapshot(page, `b-admin-create-${type.toLowerCase()}`);
  }
});

test("a new account starts under the account the user came from, and a company's user is offered the company's roles", async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const contoso = await accountIdNamed(page, 'Contoso Ltd');
  await page.goto(`/#/account/${contoso}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contoso Ltd' })).toBeVisible();
  await newButton(page).click();
  await page.getByRole('menuitem', { name: 'New user' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New user' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Parent account' })).toHaveValue('Contoso Ltd');

  const roles = page.getByRole('form', { name: 'New user' }).getByRole('group', { name: 'Roles' });
  await expect(roles.getByRole('checkbox', { name: /Company administrator/ })).toBeVisible();
  await expect(roles.getByRole('checkbox', { name: /Company user/ })).toBeVisible();
  await expect(roles.getByRole('checkbox', { name: /Platform administrator|Reseller administrator/ })).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'b-contoso-new-user');
});

test('a company administrator is offered no company or reseller: nothing in its hierarchy may hold one', async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  expect(await newMenuItems(page)).toEqual(['Order a service', 'New user', 'Import accounts', 'New department']);
});
