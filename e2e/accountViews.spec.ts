import { expect, test, type Page } from '@playwright/test';
import { openMailbox } from './mailbox';
import { expectAccessible, signIn, snapshot } from './support';

// Accounts issue "Account view" and "Create": a reseller creates a company and a user under it,
// edits a field of the user in the metadata-driven form and finds the change in the audit log.

// Screenshots for a person to look at, only when E2E_SCREENSHOTS names a folder.
const shot = (page: Page, name: string) => snapshot(page, name);
const suffix = Date.now().toString(36).slice(-5).toUpperCase();

test('a reseller creates a company and a user under it, edits a field and sees it in the audit log', async ({ page }) => {
  test.setTimeout(120_000);
  const mailbox = await openMailbox();
  try {
    await signIn(page, 'reseller.admin');
    await expect(page).toHaveURL(/#\/Dashboard$/);

    // The footer's New menu opens the create screen without a parent: it defaults to the caller's company.
    await page.goto('/#/Account/Create/Company');
    await expect(page.getByRole('heading', { level: 1, name: 'New company' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Parent account' })).toHaveValue('Northwind Cloud');
    const companyForm = page.getByRole('form', { name: 'New company' });
    await expect(companyForm.getByRole('combobox', { name: 'Country' })).toHaveValue('United Kingdom');
    await companyForm.getByRole('button', { name: 'Create' }).click();
    await expect(companyForm.getByText('This field is required.')).toBeVisible();
    await companyForm.getByRole('textbox', { name: 'Display name' }).fill(`Woodgrove Bank ${suffix}`);
    await companyForm.getByRole('textbox', { name: 'Account identifier' }).fill('CON-2001');
    await companyForm.getByRole('textbox', { name: 'VAT number' }).click();
    await expect(companyForm.getByText('CON-2001 is already taken.')).toBeVisible();
    await companyForm.getByRole('textbox', { name: 'Account identifier' }).fill(`WGB-${suffix}`);
    await companyForm.getByRole('textbox', { name: 'VAT number' }).fill('DE123');
    await companyForm.getByRole('textbox', { name: 'City' }).click();
    await expect(companyForm.getByText('DE123 is not a valid VAT number for GB')).toBeVisible();
    await companyForm.getByRole('textbox', { name: 'VAT number' }).fill('GB 123 4567 89');
    await companyForm.getByRole('textbox', { name: 'City' }).fill('Seattle');
    await expectAccessible(page);
    await shot(page, 'create-company');
    await companyForm.getByRole('button', { name: 'Create' }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Woodgrove Bank ${suffix}` })).toBeVisible();
    await expect(page).toHaveURL(/#\/account\/\d+$/);
    await expect(page.getByRole('navigation', { name: 'Account path' }).getByRole('link', { name: 'Northwind Cloud' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Address' })).toContainText('Seattle');
    await expectAccessible(page);
    await shot(page, 'company-account');

    // New user under this company, from the account's actions.
    await page.getByRole('group', { name: 'Account actions' }).getByRole('link', { name: 'New user' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New user' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Parent account' })).toHaveValue(`Woodgrove Bank ${suffix}`);
    const userForm = page.getByRole('form', { name: 'New user' });
    await userForm.getByRole('textbox', { name: 'First name' }).fill('Wanda');
    await userForm.getByRole('textbox', { name: 'Last name' }).fill('Green');
    await userForm.getByRole('textbox', { name: 'E-mail' }).fill(`wanda.${suffix.toLowerCase()}@woodgrove.example`);
    await userForm.getByRole('textbox', { name: 'Username' }).fill(`wanda.${suffix.toLowerCase()}`);
    // A role, so that the invitation leads to a user who can sign in: the new company's own (issue 10).
    const roles = userForm.getByRole('group', { name: 'Roles' });
    await expect(roles.getByRole('checkbox', { name: /Reseller administrator/ })).toHaveCount(0);
    await roles.getByRole('checkbox', { name: /Company user/ }).check();
    await expectAccessible(page);
    await shot(page, 'create-user');
    await userForm.getByRole('button', { name: 'Create' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Wanda Green' })).toBeVisible();
    const userUrl = page.url();
    await page.goto(`${userUrl}/user-log`);
    await expect(page.getByRole('row').filter({ hasText: 'User roles changed' })).toHaveCount(1);
    await page.goto(userUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Wanda Green' })).toBeVisible();
    const invitation = await mailbox.waitFor(`wanda.${suffix.toLowerCase()}@woodgrove.example`);
    expect(invitation.text).toContain(`#/reset-password/wanda.${suffix.toLowerCase()}/`);

    // Edit a field of the user.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Phone' }).fill('+1 206 555 0100');
    await expectAccessible(page);
    await shot(page, 'edit-user');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your changes have been saved.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'General' })).toContainText('+1 206 555 0100');
    await expectAccessible(page);
    await shot(page, 'user-account');

    // The audit log of the user shows the change (engineer D's screen).
    await page.goto(`${userUrl}/audit-log`);
    const changed = page.getByRole('row').filter({ hasText: 'Account changed' }).first();
    await expect(changed).toBeVisible();
    // Its details (the before/after table) open from the row.
    await changed.getByRole('button').first().click();
    await expect(page.getByText('+1 206 555 0100').first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'user-audit-log');
  } finally {
    await mailbox.close();
  }
});

test('a plain user sees their own account read-only, without actions', async ({ page }) => {
  await signIn(page, 'company.user');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const ids = await page.evaluate(async () => {
    const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
    const res = await fetch('/DataModel/service.svc/rest/IAuthorizationService/GetCurrentUser', { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) }, body: '{}' });
    return ((await res.json()) as { UserAccountId: number }).UserAccountId;
  });
  // The legacy address opens the same screen.
  await page.goto(`/#/Account/View/${ids}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Carl Jensen' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'General' })).toContainText('Carl');
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Account actions' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'plain-user-own-account');
});
