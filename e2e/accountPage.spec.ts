import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import lifecycleEn from '../apps/web/src/locales/account_lifecycle/en.json' with { type: 'json' };
import treeEn from '../apps/web/src/locales/account_tree/en.json' with { type: 'json' };
import resizeEn from '../apps/web/src/locales/account_tree_resize/en.json' with { type: 'json' };
import { DEMO_PASSWORD, expectAccessible, signIn, snapshot } from './support';

// Issue 10, as a new user would try the portal: a plain user sees nothing of a colleague's account
// and only the tabs they may use on their own; a scheduled termination shows on the account it ends;
// the account tree can be widened at 1440 px and names its accounts in full.

const LIFECYCLE = lifecycleEn.account_lifecycle;
const OPERATIONS = '/DataModel/service.svc/rest';

/** An account's id as an administrator's partner script finds it (server to server, its own session). */
async function accountIdOf(request: APIRequestContext, name: string): Promise<number> {
  expect((await request.post(`${OPERATIONS}/IAuthorizationService/Authenticate`, { data: { userName: 'admin', password: DEMO_PASSWORD } })).status()).toBe(200);
  const response = await request.post(`${OPERATIONS}/IAccountService/Search`, { data: { searchString: name, includeDepartment: true } });
  const match = ((await response.json()) as { AccountId: number; DisplayName: string }[]).find((result) => result.DisplayName === name);
  return match!.AccountId;
}

const tabsOf = (page: Page) => page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab');

test("a plain user reads nothing of a colleague's account, and sees only the tabs they may use on their own", async ({ page, request }) => {
  const claire = await accountIdOf(request, 'Claire Dubois');
  const carl = await accountIdOf(request, 'Carl Jensen');
  await signIn(page, 'company.user');
  await expect(page).toHaveURL(/#\/Dashboard$/);

  await page.goto(`/#/account/${claire}`);
  await expect(page.getByRole('alert')).toContainText('You do not have permission to do this.');
  await expect(page.getByText('Claire Dubois')).toHaveCount(0);
  await expect(page.getByText(/company\.admin/)).toHaveCount(0);
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'plain-user-colleague');

  await page.goto(`/#/account/${carl}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Carl Jensen' })).toBeVisible();
  await expect(tabsOf(page)).toHaveText(['Account', 'User security']);
  // Contoso Ltd is where the plain user belongs: named in the path and the tree, but not opened.
  await expect(page.getByRole('navigation', { name: 'Account path' }).getByRole('link')).toHaveCount(0);
  const tree = page.getByRole('tree', { name: treeEn.account_tree.title });
  await expect(tree.getByRole('treeitem', { name: /^Contoso Ltd/ })).toBeVisible();
  await expect(tree.getByRole('treeitem')).toHaveCount(2);
  await expectAccessible(page);
  await snapshot(page, 'plain-user-own-account-tabs');

  await tabsOf(page).filter({ hasText: 'User security' }).click();
  await expect(page).toHaveURL(new RegExp(`#/account/${carl}/user-security$`));
  await expect(page.getByText(/permission/i)).toHaveCount(0);
  await expectAccessible(page);
});

test('shows a scheduled termination on the account it ends, and cancels it from there', async ({ page, request }) => {
  const adventureWorks = await accountIdOf(request, 'Adventure Works');
  const ana = await accountIdOf(request, 'Ana Silva');
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto(`/#/account/${adventureWorks}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Adventure Works' })).toBeVisible();
  await expect(page.getByRole('region', { name: LIFECYCLE.scheduled_title })).toHaveCount(0);

  await page.getByRole('group', { name: 'Account actions' }).getByRole('link', { name: 'Terminate' }).click();
  await expect(page.getByText('Accounts terminated, including everything below: 3')).toBeVisible();
  await page.getByRole('radio', { name: LIFECYCLE.timing_scheduled }).check();
  await page.getByLabel(LIFECYCLE.date_label).fill('2031-05-01T10:30');
  await page.getByLabel(LIFECYCLE.reason_label).fill('Moves to another reseller');
  await page.getByRole('checkbox', { name: LIFECYCLE.irreversible_label }).check();
  await page.getByRole('button', { name: LIFECYCLE.schedule_submit, exact: true }).click();
  await page.getByRole('alertdialog', { name: LIFECYCLE.terminate_confirm_title }).getByRole('button', { name: LIFECYCLE.schedule_submit }).click();
  await expect(page.getByText(/Termination of Adventure Works scheduled for/)).toBeVisible();

  // The user below it shows that it goes along with the company.
  await page.goto(`/#/account/${ana}`);
  const inherited = page.getByRole('region', { name: LIFECYCLE.scheduled_title });
  await expect(inherited).toContainText(/Termination scheduled for May 1, 2031/);
  await expect(inherited).toContainText('Adventure Works will be terminated, and this account with it.');

  await page.goto(`/#/account/${adventureWorks}`);
  const notice = page.getByRole('region', { name: LIFECYCLE.scheduled_title });
  await expect(notice).toContainText(/Termination scheduled for May 1, 2031/);
  await expect(notice).toContainText('Requested by Nora Winters.');
  await expect(notice).toContainText('Reason: Moves to another reseller');
  await expectAccessible(page);
  await snapshot(page, 'account-scheduled-termination');

  await notice.getByRole('button', { name: LIFECYCLE.cancel_submit }).click();
  const confirm = page.getByRole('alertdialog', { name: LIFECYCLE.cancel_confirm_title });
  await expect(confirm).toContainText('Adventure Works will no longer be terminated on');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: LIFECYCLE.cancel_submit }).click();
  await expect(page.getByText('The termination of Adventure Works is cancelled.')).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('the account tree is widened with its separator at 1440 px, keeps its width, and names every account in full', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await accountIdOf(request, 'Cloud Service Providers');
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto(`/#/account/${company}`);
  const tree = page.getByRole('tree', { name: treeEn.account_tree.title });
  const top = tree.getByRole('treeitem', { name: /^Cloud Service Providers/ });
  await expect(top).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'account-tree-1440-narrow');

  // A name cut short shows whole in a tooltip when the item has the keyboard.
  const name = top.locator('.tree-row').first().locator('a');
  const isCut = await name.evaluate((element) => element.scrollWidth > element.clientWidth);
  await top.focus();
  if (isCut) await expect(page.getByRole('tooltip')).toHaveText('Cloud Service Providers');

  const separator = page.getByRole('separator', { name: resizeEn.account_tree_resize.label });
  await expect(separator).toHaveAttribute('aria-valuenow', '280');
  await separator.focus();
  for (let press = 0; press < 6; press += 1) await page.keyboard.press('ArrowRight');
  await expect(separator).toHaveAttribute('aria-valuenow', '376');
  // Dragged with the mouse further to the right.
  const box = (await separator.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + 40, { steps: 4 });
  await page.mouse.up();
  await expect(separator).toHaveAttribute('aria-valuenow', '416');
  expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
  await expectAccessible(page);
  await snapshot(page, 'account-tree-1440-wide');

  await page.reload();
  await expect(page.getByRole('separator', { name: resizeEn.account_tree_resize.label })).toHaveAttribute('aria-valuenow', '416');
});

test("a subscription's quantity is read-only on its account page: it is changed on the subscription, with the credit check (issue 30)", async ({ page, request }) => {
  expect((await request.post(`${OPERATIONS}/IAuthorizationService/Authenticate`, { data: { userName: 'company.admin', password: DEMO_PASSWORD } })).status()).toBe(200);
  const found = await request.post(`${OPERATIONS}/IAccountService/Search`, { data: { searchString: 'Skyline Mail' } });
  const mail = ((await found.json()) as { AccountId: number; AccountType: string }[]).find((result) => result.AccountType === 'Product')!;
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto(`/#/account/${mail.AccountId}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' }).or(page.getByRole('textbox', { name: 'Quantity' }));
  await expect(quantity).toBeDisabled();
  await expect(page.getByText('Change the quantity on the Service information tab, where it takes the credit check.')).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'product-account-quantity-read-only');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(quantity).toBeDisabled();
  await expectAccessible(page);
  await snapshot(page, 'product-account-quantity-read-only-phone');
});
