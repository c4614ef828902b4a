import { expect, test, type Page } from '@playwright/test';
import wizardEn from '../apps/web/src/locales/order_wizard/en.json' with { type: 'json' };
import ordersEn from '../apps/web/src/locales/orders/en.json' with { type: 'json' };
import { expectAccessible, signIn, snapshot } from './support';

// Issue 14 "Tests that must exist", browser: company.admin orders a service from Explore beyond its
// credit limit, reseller.admin approves it in request review, and the subscription appears Active
// after provisioning through the vendor sandbox (the demo's, started with the server).

const WIZARD = wizardEn.order_wizard;
const ORDERS = ordersEn.orders;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => String(values[key] ?? ''));

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.goto('/#/login');
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});
test.setTimeout(240_000);

test('an order above the credit limit is approved by the reseller and its subscription becomes Active', async ({ page }) => {
  // ── company.admin orders 400 endpoint licences (€3.22 each: above the about €1,000 Contoso's limit leaves) from Explore ──
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.getByRole('link', { name: 'Explore' }).first().click();
  await page.getByRole('searchbox', { name: 'Search services' }).fill('Endpoint Protection');
  await expect(page.getByText('Services found: 2')).toBeVisible();
  const service = page.getByRole('article', { name: 'Nimbus Endpoint Protection', exact: true });
  await service.getByRole('link', { name: WIZARD.order_button, exact: true }).click();
  await expect(page).toHaveURL(/#\/Account\/Create\/Service\?service=NIMBUS_ENDPOINT$/);
  await page.getByRole('textbox', { name: WIZARD.quantity }).fill('400');
  await page.getByRole('button', { name: WIZARD.show_overview }).click();
  await expect(page.getByText(WIZARD.approval_title)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: WIZARD.place_for_approval }).click();
  const heading = page.getByRole('heading', { level: 2, name: /^Order \d+$/ });
  await expect(heading).toBeVisible();
  const orderId = Number((await heading.textContent())!.replace(/\D/g, ''));
  await expect(page.getByText(WIZARD.result_status.Pending)).toBeVisible();
  await signOut(page);

  // ── reseller.admin approves it in request review ──
  await signIn(page, 'reseller.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/orders/request-review');
  const review = page.getByRole('table', { name: ORDERS.review_title });
  const row = review.getByRole('row', { name: new RegExp(`Order ${orderId}\\b`) });
  await expect(row).toContainText('Nimbus Endpoint Protection');
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: ORDERS.approve, exact: true }).click();
  const approve = page.getByRole('dialog', { name: fill(ORDERS.approve_title, { count: '1' }) });
  await approve.getByRole('button', { name: ORDERS.approve, exact: true }).click();
  await expect(approve).toBeHidden();
  await expect(page.getByRole('alert')).toContainText(`order ${orderId} (Nimbus Endpoint Protection) for Contoso Ltd: approved, provisioning starts.`);
  await expectAccessible(page);
  await signOut(page);

  // ── company.admin sees the order approved and, once the vendor has delivered, its subscription Active ──
  await signIn(page, 'company.admin');
  await expect(page).toHaveURL(/#\/Dashboard$/);
  await page.goto('/#/orders/my-orders');
  const mine = page.getByRole('table', { name: ORDERS.my_orders_title });
  const approved = mine.getByRole('row', { name: new RegExp(`Order ${orderId}\\b`) });
  await expect(approved).toContainText(ORDERS.status.Approved);
  await expect(async () => {
    await page.reload();
    await expect(approved).toContainText(ORDERS.subscription_status.Active, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expectAccessible(page);
  await snapshot(page, 'order-flow-active');
});
