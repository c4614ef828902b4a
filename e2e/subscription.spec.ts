import { expect, test, type Page } from '@playwright/test';
import subscriptionsEn from '../apps/web/src/locales/subscriptions/en.json' with { type: 'json' };
import changeRequestsEn from '../apps/web/src/locales/change_requests/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 14 "Subscriptions": company.admin of Contoso Ltd orders Nimbus Endpoint Protection through
// the API (the vendor sandbox of the demo delivers it), opens its service info, reads its terms and
// the open cancellation window, and adds seats: the dialog says the change applies now with a
// prorated charge, and the vendor makes it. Over Contoso's credit limit the increase waits in Request
// review until the reseller approves it (issue 30 item 2).

const TEXT = subscriptionsEn.subscriptions;
const CHANGE = changeRequestsEn.change_requests;
const OPERATIONS = '/DataModel/service.svc/rest';

async function post<T>(page: Page, operation: string, data: unknown): Promise<T> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`${OPERATIONS}/${operation}`, { data, headers: { 'x-xsrf-token': xsrf } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** company.admin signed in, with 3 seats of Nimbus Endpoint Protection ordered for Contoso through the API and delivered by the vendor. */
async function activeEndpointSubscription(page: Page): Promise<{ contoso: number; accountId: number }> {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const accounts = await post<{ AccountId: number; DisplayName: string }[]>(page, 'IAccountService/Search', { searchString: 'Contoso Ltd', includeDepartment: false });
  const contoso = accounts.find((account) => account.DisplayName === 'Contoso Ltd')!.AccountId;
  const placed = await post<{ Order: { SubscriptionAccountId: number } }>(page, 'IAccountService/PlaceOrder', {
    parentAccountId: contoso,
    productName: 'NIMBUS_ENDPOINT',
    quantity: 3,
    commitment: '1-month',
    billingFrequency: 'Monthly',
  });
  const accountId = placed.Order.SubscriptionAccountId;
  await expect
    .poll(async () => (await post<{ Subscription: { Status: string } }>(page, 'IAccountService/GetSubscription', { accountId })).Subscription.Status, { timeout: 60_000 })
    .toBe('Active');
  return { contoso, accountId };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});
test.setTimeout(120_000);

test("company.admin opens a subscription's service info and adds seats that apply at once", async ({ page }) => {
  const { accountId } = await activeEndpointSubscription(page);
  // The price the subscription keeps (the pricing specs may have moved Northwind's rules before this one).
  const unitPrice = Number((await post<{ Subscription: { UnitPrice: string } }>(page, 'IAccountService/GetSubscription', { accountId })).Subscription.UnitPrice);
  const euros = (amount: number) => `€${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  await page.goto(`/#/account/${accountId}/service-info`);
  await expect(page.getByRole('tab', { name: 'Service information', selected: true })).toBeVisible();
  const facts = page.getByRole('region', { name: TEXT.facts_title });
  await expect(facts.getByText(TEXT.price_protection_yes)).toBeVisible();
  await expect(facts.getByText(`${euros(unitPrice)} per unit and month`)).toBeVisible();
  await expect(page.getByRole('table', { name: TEXT.windows_title }).getByText(TEXT.batch_kind_value.Purchase)).toBeVisible();
  await expect(page.getByRole('table', { name: TEXT.history_title }).getByText('Create')).toBeVisible();
  await expect(page.getByRole('switch', { name: TEXT.auto_renew_label })).toBeChecked();
  await expectAccessible(page);
  await snapshot(page, 'subscription-info');

  await page.getByRole('button', { name: TEXT.change_quantity }).click();
  const dialog = page.getByRole('dialog', { name: TEXT.change_quantity_title });
  const field = dialog.getByRole('textbox', { name: TEXT.new_quantity });
  await field.fill('0');
  await expect(dialog.getByText('Enter a whole number from 1 to 100000.')).toBeVisible();
  await field.fill('5');
  // 2 devices at the kept price for the whole one-month term.
  await expect(dialog.getByText(`Applies now. Prorated charge for the added seats: ${euros(Math.round(unitPrice * 2 * 100) / 100)}`, { exact: false })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'subscription-change-quantity');
  await dialog.getByRole('button', { name: TEXT.apply_change }).click();
  await expect(dialog).toBeHidden();

  // The vendor makes the change; the screen follows (a second Addition window, a Modify in the history).
  const windows = page.getByRole('table', { name: TEXT.windows_title });
  await expect(windows.getByText(TEXT.batch_kind_value.Addition)).toBeVisible();
  await expect(page.getByRole('table', { name: TEXT.history_title }).getByText('Modify')).toBeVisible();
  await expect(facts.getByText('5', { exact: true })).toBeVisible({ timeout: 30_000 });
});

test('an increase over the credit limit waits in Request review and is made when the reseller approves it', async ({ page, browser }) => {
  const { contoso, accountId } = await activeEndpointSubscription(page);

  // Northwind (the reseller) puts Contoso's limit at its open balance: any seat more is over it.
  const resellerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const reseller = await resellerContext.newPage();
  await reseller.setViewportSize({ width: 1440, height: 900 });
  await signIn(reseller, 'reseller.admin');
  await expect(reseller).toHaveURL(/#\/Dashboard$/);
  const credit = await post<{ CreditLimit: string | null; OpenBalance: string }>(reseller, 'IAccountService/GetCreditLimit', { companyAccountId: contoso });
  await post(reseller, 'IAccountService/SetCreditLimit', { companyAccountId: contoso, creditLimit: credit.OpenBalance });
  try {
    await page.goto(`/#/account/${accountId}/service-info`);
    await page.getByRole('button', { name: TEXT.change_quantity }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.change_quantity_title });
    await dialog.getByRole('textbox', { name: TEXT.new_quantity }).fill('5');
    await expect(dialog.getByText(CHANGE.needs_approval_title)).toBeVisible();
    await expect(dialog.getByText(/over the credit limit of .*: the change waits for approval in Request review/)).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'subscription-change-over-limit');
    await dialog.getByRole('button', { name: CHANGE.request_approval }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^The change to 5 waits for approval \(order \d+\)\.$/)).toBeVisible();
    await expect(page.getByText(/A change of this subscription waits for approval as order \d+: Quantity change: 3 → 5\./)).toBeVisible();
    await expect(page.getByRole('button', { name: TEXT.change_quantity })).toHaveCount(0);
    await expectAccessible(page);

    await reseller.goto('/#/orders/request-review');
    const row = reseller.getByRole('table', { name: 'Orders waiting for approval' }).getByRole('row', { name: /Quantity change: 3 → 5/ });
    await expect(row).toContainText('Contoso Ltd');
    await expectAccessible(reseller);
    await snapshot(reseller, 'request-review-change');
    await row.getByRole('checkbox').check();
    await reseller.getByRole('button', { name: 'Approve', exact: true }).click();
    const approve = reseller.getByRole('dialog', { name: /^Approve/ });
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(approve).toBeHidden();
    await expect(reseller.getByRole('alert')).toContainText('approved');
    await expect(row).toHaveCount(0);
  } finally {
    await post(reseller, 'IAccountService/SetCreditLimit', { companyAccountId: contoso, creditLimit: credit.CreditLimit });
    await resellerContext.close();
  }

  // Approved, the change is made: the vendor gets the Modify and the quantity follows.
  await expect
    .poll(async () => (await post<{ Subscription: { Quantity: number; PendingQuantity: number | null } }>(page, 'IAccountService/GetSubscription', { accountId })).Subscription, { timeout: 60_000 })
    .toMatchObject({ Quantity: 5, PendingQuantity: null });
  await page.reload();
  await expect(page.getByRole('table', { name: TEXT.history_title }).getByText('Modify')).toBeVisible();
  await expect(page.getByText(/A change of this subscription waits for approval/)).toHaveCount(0);
});
