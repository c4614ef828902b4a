import { expect, test, type Page } from '@playwright/test';
import lifecycleEn from '../apps/web/src/locales/account_lifecycle/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

const TEXT = lifecycleEn.account_lifecycle;
// Screenshots for a person to look at, only when E2E_SCREENSHOTS names a folder.
const shot = (page: Page, name: string) => snapshot(page, name);

/** Picks an account in one of the screens' account pickers by typing a part of its name. */
async function pickAccount(page: Page, label: string, text: string, name: string) {
  await page.getByLabel(label).fill(text);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

test('moves a department with its user under another company of Northwind and lands on the account', async ({ page }) => {
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/move');
  await expect(page.getByRole('heading', { level: 1, name: 'Move account' })).toBeVisible();
  await expectAccessible(page);

  await pickAccount(page, TEXT.account_label, 'Engin', 'Engineering');
  await expect(page).toHaveURL(/#\/move\?accountId=\d+$/);
  await expect(page.getByText('Currently under Contoso Ltd')).toBeVisible();
  // spec §5: only valid parents are offered — other companies, not the current one nor a department.
  const parents = page.getByRole('radiogroup', { name: TEXT.parent_label });
  await expect(parents.getByRole('radio', { name: /Adventure Works/ })).toBeVisible();
  await expect(parents.getByRole('radio', { name: /Contoso Ltd/ })).toHaveCount(0);
  await expect(parents.getByRole('radio', { name: /Sales/ })).toHaveCount(0);
  await page.getByRole('searchbox', { name: TEXT.parent_search }).fill('advent');
  await expect(parents.getByRole('radio')).toHaveCount(1);
  await parents.getByRole('radio', { name: /Adventure Works/ }).check();
  await expectAccessible(page);
  await shot(page, 'move-chosen');

  await page.getByRole('button', { name: TEXT.move_submit, exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: TEXT.move_confirm_title });
  await expect(confirm).toContainText('Engineering and every account below it move from Contoso Ltd to Adventure Works.');
  await expectAccessible(page);
  await shot(page, 'move-confirm');
  await confirm.getByRole('button', { name: TEXT.move_submit }).click();

  await expect(page).toHaveURL(/#\/account\/\d+$/);
  await expect(page.getByText('Engineering now sits under Adventure Works (accounts moved: 2).')).toBeVisible();

  // Back on /move the department now offers Contoso again and no longer Adventure Works.
  const movedId = page.url().split('/').pop();
  await page.goto(`/#/move?accountId=${movedId}`);
  await expect(page.getByText('Currently under Adventure Works')).toBeVisible();
  await page.getByRole('radiogroup', { name: TEXT.parent_label }).getByRole('radio', { name: /Contoso Ltd/ }).check();

  // And home again, so the other specs find the demo world as it was.
  await page.getByRole('button', { name: TEXT.move_submit, exact: true }).click();
  await page.getByRole('alertdialog', { name: TEXT.move_confirm_title }).getByRole('button', { name: TEXT.move_submit }).click();
  await expect(page.getByText('Engineering now sits under Contoso Ltd (accounts moved: 2).')).toBeVisible();
});

test('schedules the termination of a company, sees it listed, and cancels it', async ({ page }) => {
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/terminate');
  await expect(page.getByRole('heading', { level: 1, name: 'Terminate accounts' })).toBeVisible();
  await expect(page.getByText(TEXT.scheduled_empty)).toBeVisible();
  await expectAccessible(page);

  // Every field says what it needs (spec §5: reason and acknowledgement required).
  await page.getByRole('button', { name: TEXT.terminate_submit, exact: true }).click();
  await expect(page.getByText(TEXT.accounts_required)).toBeVisible();
  await expect(page.getByText(TEXT.reason_required)).toBeVisible();
  await expect(page.getByText(TEXT.irreversible_required)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'terminate-errors');

  await pickAccount(page, TEXT.accounts_label, 'Tailsp', 'Tailspin Toys');
  await expect(page).toHaveURL(/#\/terminate\?accountIds=\d+$/);
  await expect(page.getByText('Accounts terminated, including everything below: 2')).toBeVisible();
  await page.getByRole('radio', { name: TEXT.timing_scheduled }).check();
  const date = page.getByLabel(TEXT.date_label);
  await date.fill('2031-05-01T10:30');
  await page.getByLabel(TEXT.reason_label).fill('Contract moves to another reseller');
  await page.getByRole('checkbox', { name: TEXT.irreversible_label }).check();
  await expectAccessible(page);
  await shot(page, 'terminate-filled');

  await page.getByRole('button', { name: TEXT.schedule_submit, exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: TEXT.terminate_confirm_title });
  await expect(confirm).toContainText('The accounts will be terminated on');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: TEXT.schedule_submit }).click();
  await expect(page.getByText(/Termination of Tailspin Toys scheduled for/)).toBeVisible();

  const scheduled = page.getByRole('table', { name: TEXT.scheduled_title });
  const row = scheduled.getByRole('row', { name: /Tailspin Toys/ });
  await expect(row).toContainText('Contract moves to another reseller');
  await expect(row).toContainText('Nora Winters');
  await expectAccessible(page);
  await shot(page, 'terminate-scheduled');

  // The account now shows its scheduled termination when chosen again (prefilled from ?accountIds=).
  const accountId = (await row.getByRole('link', { name: 'Tailspin Toys' }).getAttribute('href'))?.split('/').pop();
  await page.goto(`/#/terminate?accountIds=${accountId}`);
  await expect(page.getByText(/A termination is already scheduled for/)).toBeVisible();

  await page.getByRole('button', { name: 'Cancel the termination of Tailspin Toys' }).click();
  const cancelDialog = page.getByRole('alertdialog', { name: TEXT.cancel_confirm_title });
  await expect(cancelDialog).toContainText('Tailspin Toys will no longer be terminated on');
  await expectAccessible(page);
  await cancelDialog.getByRole('button', { name: TEXT.cancel_submit }).click();
  await expect(page.getByText('The termination of Tailspin Toys is cancelled.')).toBeVisible();
  await expect(page.getByText(TEXT.scheduled_empty)).toBeVisible();
  await expect(page.getByText(/A termination is already scheduled for/)).toHaveCount(0);
  await shot(page, 'terminate-cancelled');
});

test('offers a plain user no termination: the preview says why and the button is disabled', async ({ page }) => {
  await signIn(page, 'company.user');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await pickOwnAccountOnTerminate(page);
  await expect(page.getByText(TEXT.preview_not_permitted)).toBeVisible();
  await expect(page.getByRole('button', { name: TEXT.terminate_submit, exact: true })).toBeDisabled();
  await expectAccessible(page);
  await shot(page, 'terminate-not-permitted');
});

async function pickOwnAccountOnTerminate(page: Page) {
  await page.goto('/#/terminate');
  await pickAccount(page, TEXT.accounts_label, 'Carl', 'Carl Jensen');
}
