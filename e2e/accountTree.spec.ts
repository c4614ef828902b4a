import { expect, test, type Page } from '@playwright/test';
import treeEn from '../apps/web/src/locales/account_tree/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

const TREE = treeEn.account_tree;

/** An account's id as a partner script would find it: the portal form of IAccountService/Search, server to server. */
async function accountIdOf(page: Page, name: string): Promise<number> {
  const response = await page.request.post('/DataModel/service.svc/rest/IAccountService/Search', { data: { searchString: name, includeDepartment: true } });
  expect(response.status()).toBe(200);
  const match = ((await response.json()) as { AccountId: number; DisplayName: string }[]).find((result) => result.DisplayName === name);
  return match!.AccountId;
}

test('the account tree opens at the current account and is driven by the keyboard (spec §7 account tree)', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const priyaId = await accountIdOf(page, 'Priya Patel');
  await page.goto(`/#/account/${priyaId}`);

  const tree = page.getByRole('tree', { name: TREE.title });
  const item = (name: string | RegExp) => tree.getByRole('treeitem', { name });
  // The current account is highlighted with its ancestors open; the other branches stay closed (lazy).
  await expect(item(/^Priya Patel/)).toHaveAttribute('aria-selected', 'true');
  await expect(item(/^Contoso Ltd/)).toHaveAttribute('aria-expanded', 'true');
  await expect(item(/^Sales/)).toHaveAttribute('aria-expanded', 'true');
  await expect(item(/^Engineering/)).toHaveAttribute('aria-expanded', 'false');
  await expect(item(/^Skyline Mail – Contoso/)).toBeVisible();
  await expect(item(/^Lena Nowak/)).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'account-tree');

  // WAI-ARIA tree keys: Up to Sales, Left closes it, Up to Engineering, Right opens it (loading its
  // children), Right again into Lena Nowak, Enter opens her account.
  await item(/^Priya Patel/).focus();
  await page.keyboard.press('ArrowUp');
  await expect(item(/^Sales/)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(item(/^Sales/)).toHaveAttribute('aria-expanded', 'false');
  await expect(item(/^Priya Patel/)).toHaveCount(0);
  await page.keyboard.press('ArrowUp');
  await expect(item(/^Engineering/)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(item(/^Lena Nowak/)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(item(/^Lena Nowak/)).toBeFocused();
  await page.keyboard.press('Enter');
  const lenaId = await accountIdOf(page, 'Lena Nowak');
  await expect(page).toHaveURL(new RegExp(`#/account/${lenaId}$`));
  await expect(item(/^Lena Nowak/)).toHaveAttribute('aria-selected', 'true');

  // Carl Jensen's subscription: expanding by mouse, the link of a node opens its account.
  await tree.getByRole('treeitem', { name: /^Carl Jensen/ }).locator('.tree-row > span[aria-hidden]').first().click();
  await item(/^Skyline Design Studio – Carl Jensen/).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/account/${await accountIdOf(page, 'Skyline Design Studio – Carl Jensen')}$`));

  await page.getByRole('switch', { name: TREE.show_terminated }).check();
  await expect(page.getByRole('switch', { name: TREE.show_terminated })).toBeChecked();
  await expectAccessible(page);
  await snapshot(page, 'account-tree-product');
});
