import { expect, test, type Page } from '@playwright/test';
import subscriptionsEn from '../apps/web/src/locales/subscriptions/en.json' with { type: 'json' };
import upgradeEn from '../apps/web/src/locales/upgrade_wizard/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 14 "Upgrade wizard": company.admin of Contoso Ltd orders five seats of Nimbus Endpoint
// Protection through the API (its own subscription, so no other spec's state matters), waits until
// the vendor sandbox makes it Active, opens it, clicks Upgrade and moves two seats into a new
// subscription of Nimbus Endpoint Protection Plus (the demo's upgrade path): the overview says what
// happens to both, the upgrade is confirmed, and both subscriptions show their new quantities.

const SUBSCRIPTIONS = subscriptionsEn.subscriptions;
const TEXT = upgradeEn.upgrade_wizard;
const OPERATIONS = '/DataModel/service.svc/rest';

async function post<T>(page: Page, operation: string, data: unknown): Promise<T> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`${OPERATIONS}/${operation}`, { data, headers: { 'x-xsrf-token': xsrf } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

const subscriptionOf = (page: Page, accountId: number) => post<{ Subscription: { Status: string; Quantity: number; PendingQuantity: number | null } }>(page, 'IAccountService/GetSubscription', { accountId });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});
test.setTimeout(180_000);

test('company.admin upgrades two of five seats into a new subscription of the Plus service', async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  // The consent banner answered, so the screenshots show the whole wizard.
  await page.getByRole('button', { name: 'Only necessary' }).click();
  const accounts = await post<{ AccountId: number; DisplayName: string }[]>(page, 'IAccountService/Search', { searchString: 'Contoso Ltd', includeDepartment: false });
  const contoso = accounts.find((account) => account.DisplayName === 'Contoso Ltd')!.AccountId;
  const placed = await post<{ Order: { SubscriptionAccountId: number } }>(page, 'IAccountService/PlaceOrder', {
    parentAccountId: contoso,
    productName: 'NIMBUS_ENDPOINT',
    quantity: 5,
    commitment: '1-month',
    billingFrequency: 'Monthly',
  });
  const sourceId = placed.Order.SubscriptionAccountId;
  await expect.poll(async () => (await subscriptionOf(page, sourceId)).Subscription.Status, { timeout: 60_000 }).toBe('Active');

  // The subscription screen offers the upgrade.
  await page.goto(`/#/account/${sourceId}/service-info`);
  await expect(page.getByRole('tab', { name: 'Service information', selected: true })).toBeVisible();
  // The termination of the subscription is the account page's own action (with its Delete right).
  await expect(page.getByRole('group', { name: 'Account actions' }).getByRole('link', { name: 'Terminate' })).toHaveAttribute('href', `#/terminate?accountIds=${sourceId}`);
  await page.getByRole('link', { name: SUBSCRIPTIONS.upgrade }).click();
  await expect(page).toHaveURL(new RegExp(`#/upgrade-subscription/${sourceId}$`));

  // Step 1: the subscription and the services it can become.
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade subscription' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Select service' })).toBeVisible();
  const options = page.getByRole('table', { name: TEXT.options_title });
  const plusRow = options.getByRole('row', { name: /Nimbus Endpoint Protection Plus/ });
  await expect(plusRow.getByText(TEXT.kinds.Upgrade)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'upgrade-1-select-service');
  await page.getByRole('radio', { name: 'Nimbus Endpoint Protection Plus' }).check();
  await page.getByRole('button', { name: TEXT.next }).click();

  // Step 2: some seats, into a new subscription; a wrong number is named and explained.
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Configure' })).toBeFocused();
  await page.getByRole('radio', { name: /^Some seats/ }).check();
  const seats = page.getByRole('textbox', { name: TEXT.seats_label });
  await seats.fill('5');
  await page.getByRole('button', { name: TEXT.show_overview }).click();
  await expect(page.getByText('Number of seats to move: enter a whole number from 1 to 4.')).toBeVisible();
  await seats.fill('2');
  await page.getByRole('radio', { name: /^A new subscription of Nimbus Endpoint Protection Plus/ }).check();
  await expectAccessible(page);
  await snapshot(page, 'upgrade-2-configure');
  await page.getByRole('button', { name: TEXT.show_overview }).click();

  // Step 3: the overview of PreviewUpgrade.
  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Overview' })).toBeVisible();
  await expect(page.getByText(TEXT.outcome_title.preview_applied)).toBeVisible();
  const source = page.getByRole('region', { name: TEXT.side_source });
  await expect(source.getByText('5 → 3')).toBeVisible();
  await expect(source.getByText(TEXT.source_decreased)).toBeVisible();
  const target = page.getByRole('region', { name: TEXT.side_target_new });
  await expect(target.getByText('2 (new)')).toBeVisible();
  await expect(target.getByText('1 month')).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'upgrade-3-overview');
  await page.getByRole('button', { name: TEXT.confirm_upgrade, exact: true }).click();

  // The result, with links to both subscriptions.
  await expect(page.getByRole('heading', { name: TEXT.result_title.Upgrade })).toBeVisible();
  const targetLink = page.getByRole('link', { name: 'Open the target subscription (Nimbus Endpoint Protection Plus)' });
  await expect(targetLink).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'upgrade-4-result');
  const targetHref = await targetLink.getAttribute('href');
  const targetId = Number(/account\/(\d+)\/service-info/.exec(targetHref ?? '')?.[1]);
  expect(targetId).toBeGreaterThan(0);

  // Both subscriptions as the vendor makes them: 3 seats left, 2 in the new Plus subscription.
  await expect.poll(async () => (await subscriptionOf(page, sourceId)).Subscription, { timeout: 60_000 }).toMatchObject({ Quantity: 3, PendingQuantity: null });
  await expect.poll(async () => (await subscriptionOf(page, targetId)).Subscription, { timeout: 60_000 }).toMatchObject({ Status: 'Active', Quantity: 2 });
  await targetLink.click();
  const targetFacts = page.getByRole('region', { name: SUBSCRIPTIONS.facts_title });
  await expect(targetFacts.getByText('Nimbus Endpoint Protection Plus', { exact: true })).toBeVisible();
  await expect(targetFacts.getByText('2', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'upgrade-5-target');
  await page.goto(`/#/account/${sourceId}/service-info`);
  const sourceFacts = page.getByRole('region', { name: SUBSCRIPTIONS.facts_title });
  await expect(sourceFacts.getByText('Nimbus Endpoint Protection', { exact: true })).toBeVisible();
  await expect(sourceFacts.getByText('3', { exact: true })).toBeVisible();
});
