import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import ordersEn from '../apps/web/src/locales/orders/en.json' with { type: 'json' };
import liveEn from '../apps/web/src/locales/live_channel/en.json' with { type: 'json' };
import dataTableEn from '../apps/web/src/locales/data_table/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 14 "Order approval": Contoso's administrator has two orders above its credit limit waiting
// (the demo's Skyline Backup, and one placed here through the API); Northwind's administrator
// declines the first with a reason and approves the second in /orders/request-review; back in
// /orders/my-orders the orderer sees both decided. The orderer's My orders, open in another browser
// while the approval is given, shows it without a reload (issue 16). axe on every screen and dialog.

const ORDERS = ordersEn.orders;
const LIVE = liveEn.live_channel;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => values[key] ?? '');
const OPERATIONS = '/DataModel/service.svc/rest/IAccountService';

async function accountIdOf(page: Page, name: string): Promise<number> {
  const response = await page.request.post(`${OPERATIONS}/Search`, { data: { searchString: name, includeDepartment: false } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { AccountId: number; DisplayName: string }[]).find((account) => account.DisplayName === name)!.AccountId;
}

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.goto('/#/login');
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});
// Several axe checks, three sign-ins: over the default 45 s on a busy 2-core machine.
test.setTimeout(180_000);

test('an Account Manager declines one order with a reason and approves another; the orderer sees both decided', async ({ page, browser }) => {
  // Contoso's administrator orders 400 endpoint licences: above the about EUR 1,000 its credit limit leaves, so it waits.
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const contoso = await accountIdOf(page, 'Contoso Ltd');
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const placed = await page.request.post(`${OPERATIONS}/PlaceOrder`, {
    data: { parentAccountId: contoso, productName: 'NIMBUS_ENDPOINT', quantity: 400, commitment: '1-month', billingFrequency: 'Monthly' },
    headers: { 'Idempotency-Key': randomUUID(), 'X-XSRF-TOKEN': xsrf },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const endpointOrder = ((await placed.json()) as { Order: { Id: number; ApprovalStatus: string } }).Order;
  expect(endpointOrder.ApprovalStatus).toBe('Pending');
  await signOut(page);

  // ── Request review (reseller.admin, Northwind's Account Manager) ──
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/orders/request-review');
  await expect(page.getByRole('heading', { level: 1, name: 'Request review' })).toBeVisible();
  const table = page.getByRole('table', { name: ORDERS.review_title });
  const backupRow = table.getByRole('row', { name: /Skyline Backup/ });
  const endpointRow = table.getByRole('row', { name: /Nimbus Endpoint Protection/ });
  await expect(backupRow).toContainText('Contoso Ltd');
  await expect(backupRow).toContainText(ORDERS.status.Pending);
  // Placed through PlaceOrder by the demo (issue 30): priced in Contoso's euros.
  await expect(backupRow).toContainText('€1,750.00');
  await expect(endpointRow).toContainText(ORDERS.status.Pending);
  // Only orders waiting for approval are listed here, never Fabrikam's (another reseller's) Litware order.
  await expect(table.getByRole('row', { name: /Litware/ })).toHaveCount(0);
  // Approve and Decline are offered once an order is selected.
  await expect(page.getByRole('button', { name: ORDERS.approve, exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'request-review');

  // The details of the order placed above: its credit check and its price lines with the rule that priced them.
  await endpointRow.getByRole('button', { name: /^Details of order/ }).click();
  const details = page.getByRole('dialog', { name: `Details of order ${endpointOrder.Id} (Nimbus Endpoint Protection)` });
  await expect(details).toContainText(ORDERS.credit_check_needed);
  await expect(details).toContainText('Claire Dubois');
  await expect(details.getByRole('table', { name: ORDERS.price_lines }).getByRole('row')).not.toHaveCount(0);
  await expect(details.getByRole('table', { name: ORDERS.price_lines })).toContainText('€');
  await expectAccessible(page);
  await snapshot(page, 'request-review-details');
  await details.getByRole('button', { name: ORDERS.close }).click();
  await expect(details).toBeHidden();

  // Decline the demo order: a reason is required.
  await backupRow.getByRole('checkbox').check();
  await expect(page.getByText(fill(dataTableEn.data_table.selected_count, { count: '1' }))).toBeVisible();
  await page.getByRole('button', { name: ORDERS.decline, exact: true }).click();
  const decline = page.getByRole('dialog', { name: fill(ORDERS.decline_title, { count: '1' }) });
  await decline.getByRole('button', { name: ORDERS.decline, exact: true }).click();
  await expect(decline.getByText(ORDERS.reason_required)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'request-review-decline');
  await decline.getByRole('textbox', { name: ORDERS.reason_label_required }).fill('Please pay the open invoice first.');
  await decline.getByRole('button', { name: ORDERS.decline, exact: true }).click();
  await expect(decline).toBeHidden();
  const result = page.getByRole('alert').filter({ hasText: fill(ORDERS.result_title, { done: '1', total: '1' }) });
  await expect(result).toContainText(/Skyline Backup\) for Contoso Ltd: declined\./);
  await expect(backupRow).toHaveCount(0);

  // The orderer keeps My orders open in a browser of their own while the order is approved.
  const ordererContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const orderer = await ordererContext.newPage();
  await orderer.setViewportSize({ width: 1440, height: 900 });
  await signIn(orderer, 'company.admin');
  await expect(orderer).toHaveURL(/#\/Dashboard$/);
  await orderer.goto('/#/orders/my-orders');
  const ordererRow = orderer.getByRole('table', { name: ORDERS.my_orders_title }).getByRole('row', { name: new RegExp(`Order ${endpointOrder.Id}\\b`) });
  await expect(ordererRow).toContainText(ORDERS.status.Pending);

  // Approve the endpoint order.
  await endpointRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: ORDERS.approve, exact: true }).click();
  const approve = page.getByRole('dialog', { name: fill(ORDERS.approve_title, { count: '1' }) });
  await expect(approve).toContainText(`order ${endpointOrder.Id} (Nimbus Endpoint Protection) for Contoso Ltd`);
  await approve.getByRole('button', { name: ORDERS.approve, exact: true }).click();
  await expect(approve).toBeHidden();
  await expect(page.getByRole('alert')).toContainText(`order ${endpointOrder.Id} (Nimbus Endpoint Protection) for Contoso Ltd: approved, provisioning starts.`);
  await expect(endpointRow).toHaveCount(0);
  await expect(page.getByText(ORDERS.none_to_review)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'request-review-done');

  // The orderer's page, never reloaded: the message with its link, and the row approved.
  const told = orderer.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: LIVE.event_title.OrderApproved });
  await expect(told).toContainText(`Your order ${endpointOrder.Id} for Nimbus Endpoint Protection has been approved.`);
  await expect(told.getByRole('link', { name: LIVE.event_open })).toHaveAttribute('href', '#/orders/my-orders');
  await expect(ordererRow).toContainText(ORDERS.status.Approved);
  await expectAccessible(orderer);
  await snapshot(orderer, 'my-orders-approved-live');
  await ordererContext.close();

  // The credit limit card on Contoso's billing tab: Northwind may change it; a bad amount is refused in the dialog.
  await page.goto(`/#/account/${contoso}/billing`);
  const card = page.getByRole('region', { name: ORDERS.credit_limit_title });
  await expect(card).toContainText('€5,000.00');
  await card.getByRole('button', { name: ORDERS.edit_credit_limit }).click();
  const limitDialog = page.getByRole('dialog', { name: ORDERS.edit_credit_limit_title });
  await limitDialog.getByRole('textbox').fill('1.000,50');
  await limitDialog.getByRole('button', { name: ORDERS.save }).click();
  await expect(limitDialog.getByText(ORDERS.credit_limit_invalid)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'billing-credit-limit-dialog');
  await limitDialog.getByRole('textbox').fill('4800');
  await limitDialog.getByRole('button', { name: ORDERS.save }).click();
  await expect(limitDialog).toBeHidden();
  await expect(card).toContainText('€4,800.00');
  await expectAccessible(page);
  await snapshot(page, 'billing-credit-limit');
  await signOut(page);

  // ── My orders (company.admin, the orderer) ──
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/orders/my-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  const mine = page.getByRole('table', { name: ORDERS.my_orders_title });
  const declined = mine.getByRole('row', { name: /Skyline Backup/ }).filter({ hasText: ORDERS.status.Rejected });
  await expect(declined).toContainText('Please pay the open invoice first.');
  const approved = mine.getByRole('row', { name: new RegExp(`Order ${endpointOrder.Id}\\b`) });
  await expect(approved).toContainText(ORDERS.status.Approved);
  // Decided orders can no longer be cancelled.
  await expect(approved.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'my-orders');

  // Filtered by status on the server.
  await page.getByRole('combobox', { name: ORDERS.filter_status }).click();
  await page.getByRole('option', { name: ORDERS.status.Rejected }).click();
  // The approved order is gone from the Declined list (other specs' declined orders of the same service may stay).
  await expect(mine.getByRole('row', { name: new RegExp(`Order ${endpointOrder.Id}\\b`) })).toHaveCount(0);
  await expect(declined).toBeVisible();

  await declined.getByRole('button', { name: /^Details of order/ }).click();
  const declinedDetails = page.getByRole('dialog', { name: /^Details of order \d+ \(Skyline Backup\)/ });
  await expect(declinedDetails).toContainText(/By Nora Winters on/);
  await expectAccessible(page);
  await snapshot(page, 'my-orders-details');
  await declinedDetails.getByRole('button', { name: ORDERS.close }).click();
  await expect(declinedDetails).toBeHidden();

  // The orderer cancels an order still waiting (500 licences: the open balance plus this exceed the new EUR 4,800 limit).
  const second = await page.request.post(`${OPERATIONS}/PlaceOrder`, {
    data: { parentAccountId: contoso, productName: 'NIMBUS_ENDPOINT', quantity: 500, commitment: '1-month', billingFrequency: 'Monthly' },
    headers: { 'Idempotency-Key': randomUUID(), 'X-XSRF-TOKEN': (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '' },
  });
  expect(second.status(), await second.text()).toBe(200);
  const waiting = ((await second.json()) as { Order: { Id: number; ApprovalStatus: string } }).Order;
  expect(waiting.ApprovalStatus).toBe('Pending');
  await page.getByRole('combobox', { name: ORDERS.filter_status }).click();
  await page.getByRole('option', { name: ORDERS.status_all }).click();
  const name = `order ${waiting.Id} (Nimbus Endpoint Protection)`;
  await mine.getByRole('button', { name: fill(ORDERS.cancel_order, { name }) }).click();
  const cancel = page.getByRole('dialog', { name: ORDERS.cancel_title });
  await cancel.getByRole('textbox', { name: ORDERS.reason_label_optional }).fill('Ordered too many.');
  await expectAccessible(page);
  await snapshot(page, 'my-orders-cancel');
  await cancel.getByRole('button', { name: ORDERS.cancel_submit }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByText(fill(ORDERS.cancelled_one, { name }))).toBeVisible();
  const cancelled = mine.getByRole('row', { name: new RegExp(`Order ${waiting.Id}\\b`) });
  await expect(cancelled).toContainText(ORDERS.status.Cancelled);
  await expect(cancelled.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
});
