import { expect, test, type Page } from '@playwright/test';
import usersEn from '../apps/web/src/locales/users/en.json' with { type: 'json' };
import auditEn from '../apps/web/src/locales/audit_log/en.json' with { type: 'json' };
import notificationsEn from '../apps/web/src/locales/notifications/en.json' with { type: 'json' };
import { expectAccessible, signIn } from './support';

const USERS = usersEn.users;
const AUDIT = auditEn.audit_log;
const NOTIFICATIONS = notificationsEn.notification_preferences;
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Server-to-server calls with the page's session (no Origin header, so no anti-forgery token needed). */
async function operation<T>(page: Page, path: string, body: unknown): Promise<T> {
  const response = await page.request.post(`/DataModel/service.svc/rest/${path}`, { data: body });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

test('a company administrator disables and enables a user, finds it in the audit log and keeps a commitment period', async ({ page }) => {
  // Wide enough for the header's full search field (see support.spec.ts).
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const me = await operation<{ CompanyAccount: { AccountId: number } }>(page, 'IAuthorizationService/GetCurrentUser', {});
  const contoso = me.CompanyAccount.AccountId;

  // Users of Contoso: departments' users included, with their department.
  await page.goto(`/#/account/${contoso}/users`);
  const table = page.getByRole('table', { name: USERS.list_title });
  const tom = table.getByRole('row', { name: /Tom Becker/ });
  await expect(tom).toContainText('Sales');
  await expect(tom).toContainText(USERS.status_Enabled);
  await expectAccessible(page);
  await shot(page, 'users');

  await page.getByRole('searchbox', { name: USERS.filter_text }).fill('becker');
  await expect(table.getByRole('row')).toHaveCount(2);
  await tom.getByRole('button', { name: 'Actions for Tom Becker' }).click();
  await page.getByRole('menuitem', { name: USERS.action_disable }).click();
  const confirm = page.getByRole('alertdialog', { name: USERS.disable_title });
  await expect(confirm).toContainText('Tom Becker is signed out at once');
  await shot(page, 'users-confirm-disable');
  await confirm.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(page.getByText('Tom Becker has been disabled.')).toBeVisible();
  await expect(tom).toContainText(USERS.status_Disabled);

  await tom.getByRole('button', { name: 'Actions for Tom Becker' }).click();
  await page.getByRole('menuitem', { name: USERS.action_enable }).click();
  await page.getByRole('alertdialog', { name: USERS.enable_title }).getByRole('button', { name: 'Yes, do it' }).click();
  await expect(tom).toContainText(USERS.status_Enabled);

  // The role dialog and the username dialog are reachable and accessible too.
  await tom.getByRole('button', { name: 'Actions for Tom Becker' }).click();
  await page.getByRole('menuitem', { name: USERS.action_change_username }).click();
  const rename = page.getByRole('dialog', { name: 'Change the username of Tom Becker' });
  await rename.getByLabel(USERS.new_username).fill('company.user');
  await rename.getByRole('button', { name: USERS.change_username_submit }).click();
  await page.getByRole('alertdialog', { name: USERS.change_username_confirm_title }).getByRole('button', { name: 'Yes, do it' }).click();
  await expect(rename.getByText('newUsername: company.user is already taken')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'users-username-taken');
  await rename.getByRole('button', { name: 'Cancel' }).click();

  // The audit log of Contoso shows both changes with before and after, and filters by action.
  await page.goto(`/#/account/${contoso}/audit-log`);
  await page.getByRole('combobox', { name: AUDIT.filter_action }).click();
  await page.getByRole('option', { name: 'User status changed' }).click();
  const entries = page.getByRole('table', { name: AUDIT.title });
  await expect(entries.getByRole('row', { name: /User status changed/ })).toHaveCount(2);
  const disabling = entries.getByRole('row', { name: /User status changed/ }).last();
  await expect(disabling).toContainText('Tom Becker');
  await expect(disabling).toContainText('Claire Dubois');
  await disabling.getByRole('button', { name: /Details of User status changed/ }).click();
  const changes = page.getByRole('table', { name: /Changes of User status changed/ });
  await expect(changes.getByRole('row').nth(1)).toHaveText(/Enabled\s*Disabled/);
  await expectAccessible(page);
  await shot(page, 'audit-log');

  await page.getByRole('searchbox', { name: AUDIT.filter_actor }).fill('nobody-like-this');
  await expect(page.getByText(AUDIT.none_matching)).toBeVisible();
  await page.getByRole('button', { name: AUDIT.clear_filters }).click();
  // Unfiltered again: the newest entries, among them this session's own sign-in.
  await expect(entries.getByRole('row', { name: /Signed in/ }).first()).toBeVisible();

  // Tom's user log: what was done to him.
  const users = await operation<{ Users: { AccountId: number; Username: string }[] }>(page, 'IAccountService/GetUsers', { accountId: contoso, filter: { text: 'tom.becker' } });
  await page.goto(`/#/account/${users.Users[0]!.AccountId}/user-log`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tom Becker' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'User log', selected: true })).toBeVisible();
  await expect(page.getByRole('table', { name: AUDIT.user_log_title }).getByRole('row', { name: /User status changed/ })).toHaveCount(2);
  await expectAccessible(page);
  await shot(page, 'user-log');

  // Notification preferences: spec §5, at least one commitment period.
  await page.goto(`/#/account/${contoso}/notifications`);
  for (const period of [NOTIFICATIONS['period_1-month'], NOTIFICATIONS.period_annual, NOTIFICATIONS['period_3-year']]) await page.getByRole('checkbox', { name: period }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NOTIFICATIONS.commitment_period_required })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'notifications-refused');
  await page.getByRole('checkbox', { name: NOTIFICATIONS.period_annual }).check();
  await page.getByRole('checkbox', { name: NOTIFICATIONS.event_Invoices }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: NOTIFICATIONS.event_Invoices })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: NOTIFICATIONS.period_annual })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: NOTIFICATIONS['period_1-month'] })).not.toBeChecked();
  await shot(page, 'notifications-saved');
});
