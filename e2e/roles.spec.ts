import { expect, test, type Page } from '@playwright/test';
import rolesEn from '../apps/web/src/locales/roles/en.json' with { type: 'json' };
import { expectAccessible, signIn } from './support';

// Issue 17: a company's administrator builds a capability set in the matrix editor, makes a role of
// it and gives it to a user, who then finds the menu the new capability opens.

const ROLES = rolesEn.roles;
const SHOTS = process.env.E2E_SCREENSHOTS;
const SET_NAME = 'Report readers';
const ROLE_NAME = 'Reporting team';

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

// Three dialogs, two users and four accessibility checks: longer than the default.
test.setTimeout(120_000);

const reportsLink = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports', exact: true });

test('a role built in the matrix editor and given to a user opens the menu its capability allows', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const userContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const userPage = await userContext.newPage();
  await userPage.setViewportSize({ width: 1600, height: 1000 });
  await signIn(userPage, 'company.user');
  await expect(userPage).toHaveURL(/#\/Dashboard$/);
  await expect(userPage.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(reportsLink(userPage)).toHaveCount(0);

  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const me = (await (await page.request.post('/DataModel/service.svc/rest/IAuthorizationService/GetCurrentUser', { data: {} })).json()) as { CompanyAccount: { AccountId: number } };
  await page.goto(`/#/account/${me.CompanyAccount.AccountId}/security`);
  const roles = page.getByRole('table', { name: ROLES.roles_title });
  await expect(roles.getByRole('row', { name: /Company administrator/ })).toContainText(ROLES.administrator_role);
  await expectAccessible(page);
  await shot(page, 'roles-security-tab');

  // The matrix editor: find the object type, tick Read, save.
  await page.getByRole('button', { name: ROLES.new_set }).click();
  const setDialog = page.getByRole('dialog', { name: ROLES.new_set });
  await setDialog.getByRole('textbox', { name: /Name/ }).fill(SET_NAME);
  await setDialog.getByRole('searchbox', { name: ROLES.matrix_filter }).fill('Reports');
  await setDialog.getByRole('checkbox', { name: 'Read: Reports' }).check();
  await expectAccessible(page);
  await shot(page, 'roles-matrix-editor');
  await setDialog.getByRole('button', { name: 'Save' }).click();
  await expect(setDialog).toBeHidden();
  await expect(page.getByRole('table', { name: ROLES.sets_title }).getByRole('row', { name: new RegExp(SET_NAME) })).toBeVisible();

  // A role holding the set.
  await page.getByRole('button', { name: ROLES.new_role }).click();
  const roleDialog = page.getByRole('dialog', { name: ROLES.new_role });
  await roleDialog.getByRole('textbox', { name: /Name/ }).fill(ROLE_NAME);
  await roleDialog.getByRole('checkbox', { name: SET_NAME }).check();
  await expectAccessible(page);
  await shot(page, 'roles-role-dialog');
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(roleDialog).toBeHidden();
  const roleRow = roles.getByRole('row', { name: new RegExp(ROLE_NAME) });
  await expect(roleRow).toContainText(SET_NAME);

  // Its holders: add Carl Jensen (company.user).
  await roleRow.getByRole('button', { name: ROLES.holders }).click();
  const holders = page.getByRole('dialog', { name: `Holders of ${ROLE_NAME}` });
  await expect(holders.getByText(ROLES.no_holders)).toBeVisible();
  await holders.getByRole('combobox', { name: ROLES.add_holders }).fill('Carl');
  await page.getByRole('option', { name: /Carl Jensen \(company\.user\)/ }).click();
  await holders.getByRole('button', { name: ROLES.add_selected }).click();
  await expect(page.getByText(ROLES.holders_added)).toBeVisible();
  await expect(holders.getByRole('row', { name: /company\.user/ })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'roles-holders-dialog');
  await holders.getByRole('button', { name: 'Close' }).click();
  await expect(roleRow).toContainText('1');

  // What the user can do in the end, and where it comes from.
  const user = (await (
    await page.request.post('/DataModel/service.svc/rest/IAccountService/GetEffectiveCapabilities', { data: { userAccountId: await accountIdOf(page, me.CompanyAccount.AccountId, 'company.user') } })
  ).json()) as { Capabilities: { ObjectType: string; Roles: string[] }[] };
  expect(user.Capabilities.find((c) => c.ObjectType === 'REPORTING')?.Roles).toEqual([ROLE_NAME]);

  // The user's next page load knows the new capability: the Reports menu is there and opens.
  await userPage.reload();
  await expect(reportsLink(userPage)).toBeVisible();
  await reportsLink(userPage).click();
  await expect(userPage.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expectAccessible(userPage);
  await userContext.close();
});

async function accountIdOf(page: Page, companyId: number, username: string): Promise<number> {
  const answer = (await (await page.request.post('/DataModel/service.svc/rest/IAccountService/GetUsers', { data: { accountId: companyId, filter: { text: username } } })).json()) as {
    Users?: { AccountId: number; Username: string }[];
  };
  const found = answer.Users?.find((u) => u.Username === username);
  expect(found, `user ${username}`).toBeDefined();
  return found!.AccountId;
}
