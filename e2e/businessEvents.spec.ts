import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import ordersEn from '../apps/web/src/locales/orders/en.json' with { type: 'json' };
import liveEn from '../apps/web/src/locales/live_channel/en.json' with { type: 'json' };
import { expectAccessible, signIn } from './support';

// Issue 16 business events: Contoso's administrator orders above the credit limit and keeps My orders
// open; Northwind's Account Manager is told at once that an order waits, follows the message's link
// and decides it; the orderer's open page shows the decision without a reload. (The decision is a
// decline so the shared demo world keeps its credit and subscriptions for the other specs; the
// approval reaching the orderer's open page is in orderReview.spec.ts, which approves an order anyway.)

const ORDERS = ordersEn.orders;
const LIVE = liveEn.live_channel;
const OPERATIONS = '/DataModel/service.svc/rest/IAccountService';
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function post(page: Page, operation: string, data: unknown) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`${OPERATIONS}/${operation}`, { data, headers: { 'Idempotency-Key': randomUUID(), 'X-XSRF-TOKEN': xsrf } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

const messages = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test.setTimeout(150_000);

test('an order waiting for approval reaches the Account Manager, and the decision the orderer’s open page', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  const resellerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const reseller = await resellerContext.newPage();
  await reseller.setViewportSize({ width: 1440, height: 900 });
  await signIn(reseller, 'reseller.admin');
  await expect(reseller).toHaveURL(/#\/Dashboard$/);

  // 400 endpoint licences: above what Contoso's credit limit leaves, so the order waits.
  const contoso = ((await (await page.request.post(`${OPERATIONS}/Search`, { data: { searchString: 'Contoso Ltd', includeDepartment: false } })).json()) as { AccountId: number; DisplayName: string }[]).find(
    (account) => account.DisplayName === 'Contoso Ltd',
  )!.AccountId;
  const placed = (await post(page, 'PlaceOrder', { parentAccountId: contoso, productName: 'NIMBUS_ENDPOINT', quantity: 400, commitment: '1-month', billingFrequency: 'Monthly' })) as {
    Order: { Id: number; ApprovalStatus: string };
  };
  expect(placed.Order.ApprovalStatus).toBe('Pending');
  await page.goto('/#/orders/my-orders');
  const mine = page.getByRole('table', { name: ORDERS.my_orders_title });
  const orderRow = mine.getByRole('row', { name: new RegExp(`Order ${placed.Order.Id}\\b`) });
  await expect(orderRow).toContainText(ORDERS.status.Pending);

  // The Account Manager's open page hears it at once, with a link to Request review.
  const waiting = messages(reseller).getByRole('status').filter({ hasText: LIVE.event_title.OrderAwaitsApproval });
  await expect(waiting).toContainText(`Order ${placed.Order.Id} of Contoso Ltd`);
  await expectAccessible(reseller);
  await shot(reseller, 'business-event-order-waits');
  await waiting.getByRole('link', { name: LIVE.event_open }).click();
  await expect(reseller).toHaveURL(/#\/orders\/request-review$/);
  await post(reseller, 'DeclineCreditCheckOrder', { orderId: placed.Order.Id, reason: 'Please order fewer licences.' });

  // The orderer's page, never reloaded: the message, and the list refreshed.
  const decided = messages(page).getByRole('alert').filter({ hasText: LIVE.event_title.OrderDeclined });
  await expect(decided).toContainText(`Your order ${placed.Order.Id} for Nimbus Endpoint Protection has been declined.`);
  await expect(orderRow).toContainText(ORDERS.status.Rejected);
  await expectAccessible(page);
  await shot(page, 'business-event-order-declined');
  await resellerContext.close();
});
