import { expect, test, type Page } from '@playwright/test';
import wizardEn from '../apps/web/src/locales/order_wizard/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 14 "Ordering": Contoso's administrator orders a service from Explore through the wizard —
// configure, overview with the price and its rule and the credit check, place — and sees the result.
// Contoso's demo credit limit leaves about EUR 1,000, so ten CRM seats billed a year ahead wait for an account manager.

const TEXT = wizardEn.order_wizard;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => String(values[key] ?? ''));
const stepHeading = (number: number, title: string) => fill(TEXT.step_heading, { number, total: 4, title });
const API = '/DataModel/service.svc/rest';

async function crmOrders(page: Page): Promise<number> {
  const response = await page.request.post(`${API}/IAccountService/GetOrders`, { data: { scope: 'Company', text: 'Skyline CRM', pageSize: 200 } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { Total: number }).Total;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});
// Seven axe checks: over the default 45 s on a busy 2-core machine.
test.setTimeout(180_000);

test('company.admin orders a service from Explore: configure, overview with prices and credit check, place once, result', async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const ordersBefore = await crmOrders(page);

  await page.getByRole('link', { name: 'Explore' }).first().click();
  await page.getByRole('searchbox', { name: 'Search services' }).fill('CRM');
  const crm = page.getByRole('article', { name: 'Skyline CRM' });
  await crm.getByRole('link', { name: TEXT.order_button, exact: true }).click();
  await expect(page).toHaveURL(/#\/Account\/Create\/Service\?service=SKYLINE_CRM$/);

  // The service of the address is chosen for the caller's company: the wizard opens on configure.
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(3, TEXT.steps.configure) })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Account.*Contoso Ltd/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Service.*Skyline CRM/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Configure/ })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);
  await snapshot(page, 'order-configure');

  // The steps before can be gone back to (and are checked too).
  await page.getByRole('tab', { name: /Account.*Contoso Ltd/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(1, TEXT.steps.account) })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Parent account' })).toHaveValue('Contoso Ltd');
  await expectAccessible(page);
  await snapshot(page, 'order-account');
  await page.getByRole('button', { name: TEXT.next, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(2, TEXT.steps.service) })).toBeVisible();
  const services = page.getByRole('table', { name: stepHeading(2, TEXT.steps.service) });
  await page.getByRole('searchbox', { name: TEXT.available_search }).fill('crm');
  await expect(services.getByRole('row')).toHaveCount(2);
  const crmRow = services.getByRole('row', { name: /Skyline CRM/ });
  await expect(crmRow).toContainText(/€[\d.,]+ per user \/ month/);
  await expect(crmRow).toContainText('1 year, 3 years');
  await expect(crmRow.getByRole('radio', { name: 'Skyline CRM' })).toBeChecked();
  await expectAccessible(page);
  await snapshot(page, 'order-service');
  await page.getByRole('button', { name: TEXT.next, exact: true }).click();

  // Every field says what is wrong with it; a term offers only its billing frequencies.
  const quantity = page.getByRole('textbox', { name: TEXT.quantity });
  await quantity.fill('0');
  await page.getByRole('button', { name: TEXT.show_overview }).click();
  await expect(page.getByText(fill(TEXT.errors.quantity_range, { max: '100,000' }))).toBeVisible();
  await expect(quantity).toBeFocused();
  await expectAccessible(page);
  await snapshot(page, 'order-configure-error');
  await quantity.fill('10');
  await page.getByRole('combobox', { name: TEXT.commitment }).click();
  await expect(page.getByRole('option')).toHaveText([TEXT.commitments.annual, TEXT.commitments['3-year']]);
  await page.getByRole('option', { name: TEXT.commitments.annual }).click();
  await page.getByRole('combobox', { name: TEXT.billing_frequency }).click();
  await expect(page.getByRole('option')).toHaveText([TEXT.frequencies.Monthly, TEXT.frequencies.Annual]);
  await page.getByRole('option', { name: TEXT.frequencies.Annual }).click();
  await page.getByRole('button', { name: TEXT.show_overview }).click();

  // The overview: each line's price and the rule that set it (never a markup over the reseller's cost: issue 30), the credit check, the approval notice.
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(4, TEXT.steps.overview) })).toBeVisible();
  const lines = page.getByRole('table', { name: TEXT.overview_lines });
  const seats = lines.getByRole('row').filter({ hasText: /Recurring/ }).first();
  await expect(seats).toContainText(/€[\d.,]+ per user/);
  await expect(seats).toContainText(/— rule '/);
  await expect(seats).not.toContainText(/Markup|Gross margin/);
  await expect(seats.getByRole('cell').nth(1)).toHaveText('10');
  await expect(page.getByText(TEXT.approval_title)).toBeVisible();
  await expect(page.getByText(/will wait for approval by an account manager/)).toContainText(/credit limit \(€[\d,.]+\)/); // the limit another spec may have changed
  await expect(page.getByText(TEXT.overview_projected_invoice, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'order-overview');

  // A double click is one intent: one order.
  await page.getByRole('button', { name: TEXT.place_for_approval }).dblclick();
  await expect(page.getByRole('heading', { level: 2, name: /^Order \d+$/ })).toBeVisible();
  await expect(page.getByText(TEXT.result_status.Pending)).toBeVisible();
  await expect(page.getByRole('link', { name: TEXT.result_my_orders })).toHaveAttribute('href', '#/orders/my-orders');
  await expect(page.getByRole('link', { name: TEXT.result_open_subscription })).toHaveAttribute('href', /^#\/account\/\d+$/);
  await expectAccessible(page);
  await snapshot(page, 'order-result');
  expect(await crmOrders(page)).toBe(ordersBefore + 1);
});

test("an account's available services lead into the wizard with account and service chosen", async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const search = await page.request.post(`${API}/IAccountService/Search`, { data: { searchString: 'Contoso Ltd', includeDepartment: false } });
  const contoso = ((await search.json()) as { AccountId: number; DisplayName: string }[]).find((account) => account.DisplayName === 'Contoso Ltd')!.AccountId;

  await page.goto(`/#/account/${contoso}/available-services`);
  await expect(page.getByRole('heading', { level: 1, name: 'Available services' })).toBeVisible();
  const table = page.getByRole('table', { name: TEXT.available_title });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('searchbox', { name: TEXT.available_search }).fill('Skyline Mail');
  const mail = table.getByRole('row', { name: /Skyline Mail/ });
  await expect(mail).toContainText('Skyline Software');
  await expectAccessible(page);
  await snapshot(page, 'available-services');
  await mail.getByRole('link', { name: fill(TEXT.order_service_named, { name: 'Skyline Mail' }) }).click();
  await expect(page).toHaveURL(new RegExp(`#/Account/Create/Service\\?accountId=${contoso}&service=SKYLINE_MAIL$`));
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(3, TEXT.steps.configure) })).toBeVisible();
});

test('an order within the credit limit is approved at once and its subscription becomes active through the vendor', async ({ page }) => {
  // Other specs' approved orders fill Contoso's open balance: its reseller gives it room first.
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const found = await page.request.post(`${API}/IAccountService/Search`, { data: { searchString: 'Contoso Ltd', includeDepartment: false } });
  const contosoId = ((await found.json()) as { AccountId: number; DisplayName: string }[]).find((account) => account.DisplayName === 'Contoso Ltd')!.AccountId;
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const limit = await page.request.post(`${API}/IAccountService/SetCreditLimit`, { data: { companyAccountId: contosoId, creditLimit: '100000' }, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(limit.status(), await limit.text()).toBe(200);
  await page.context().clearCookies();
  await page.goto('/#/login');
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/Account/Create/Service?service=SKYLINE_MAIL');
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(3, TEXT.steps.configure) })).toBeVisible();
  // One seat, one month, billed monthly: the service's first term and frequency to start with.
  await expect(page.getByRole('textbox', { name: TEXT.quantity })).toHaveValue('1');
  // Skyline Mail's own view field (its Product layout): the mail domain is required.
  await page.getByRole('textbox', { name: 'Mail domain' }).fill('mail.contoso.example');
  await page.getByRole('button', { name: TEXT.show_overview }).click();
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(4, TEXT.steps.overview) })).toBeVisible();
  await expect(page.getByText(TEXT.approval_title)).toHaveCount(0);
  await page.getByRole('button', { name: TEXT.place_order, exact: true }).click();
  await expect(page.getByText(TEXT.result_status.Approved).or(page.getByText(TEXT.result_status.Active))).toBeVisible();
  // The wizard follows the order (GetOrder) while the vendor sandbox provisions it.
  await expect(page.getByText(TEXT.subscription_status.Active, { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(TEXT.result_status.Active)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'order-result-approved');
});
