import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Order, OrderPreview } from '@cmp/contracts/orders';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { startVendorSandbox, type VendorSandbox } from '../provisioning/sandbox/vendorSandbox';

// Issue 14 "Ordering", played as a partner's script and the portal call it, on the demo world:
// Contoso Ltd (EUR pricelist of Northwind Cloud, credit limit EUR 5,000 of which its subscriptions take about 1,681 and its pending custom charges 2,290) orders Nimbus services;
// Northwind's reseller.admin approves or declines; provisioning runs against the vendor sandbox.

let sandbox: VendorSandbox;
let server: TestServer;
let reseller: string;
let companyAdmin: string;
let companyUser: string;
let otherReseller: string;
let contoso: number;
let litware: number;

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
/** The answer of an operation, its body read as the contract's shapes (the tests check them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the answer holds
type Answer = { status: number; body: any };
const op = (name: string, body: unknown, cookie: string, headers: Record<string, string> = {}): Promise<Answer> => call(server.app, `IAccountService/${name}`, body, { cookie, headers });
const order = (body: Partial<Record<string, unknown>> = {}) => ({
  parentAccountId: contoso,
  productName: 'NIMBUS_ENDPOINT',
  quantity: 2,
  commitment: '1-month',
  billingFrequency: 'Monthly',
  ...body,
});
const place = (body: Partial<Record<string, unknown>> = {}, cookie = companyAdmin, key?: string) => op('PlaceOrder', order(body), cookie, key ? { 'idempotency-key': key } : {});
/** Orders Contoso above its credit limit (400 devices × 3.22 = 1,288.00 > the 1,029.26 left): Pending. */
const placePending = async (): Promise<Order> => {
  const placed = await place({ quantity: 400 });
  expect(placed.status).toBe(200);
  expect(placed.body.Order.ApprovalStatus).toBe('Pending');
  return placed.body.Order as Order;
};
const subscriptionStatus = async (accountId: number) => (await rowsOf<{ status: string }>(sql`select status from subscriptions where account_id = ${accountId}`))[0]?.status;
const requestsOfOrder = (orderId: number) => rowsOf<{ id: number; order_status: string; action: string }>(sql`select id, order_status, action from provisioning_requests where order_id = ${orderId}`);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  sandbox = await startVendorSandbox({ options: { completionDelayMs: 100 } });
  process.env.VENDOR_SANDBOX_URL = sandbox.url;
  server = await startTestServer();
  [reseller, companyAdmin, companyUser, otherReseller] = await Promise.all(['reseller.admin', 'company.admin', 'company.user', 'other.admin'].map((name) => signIn(server.app, name)));
  contoso = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Contoso Ltd' and type = 'Company'`))[0]!.id;
  litware = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Litware Inc' and type = 'Company'`))[0]!.id;
}, 120_000);
afterAll(async () => {
  delete process.env.VENDOR_SANDBOX_URL;
  await server?.close();
  await sandbox?.close();
});

describe('what an account may order (GetAvailableServices)', () => {
  it("lists the services of Contoso's pricelist with the price per unit, and filters by text", async () => {
    const listed = await op('GetAvailableServices', { accountId: contoso }, companyAdmin);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ AccountName: 'Contoso Ltd', Currency: 'EUR', CanOrder: true });
    expect(listed.body.Services).toEqual(expect.arrayContaining([expect.objectContaining({ ProductName: 'NIMBUS_FIREWALL', Price: '51.75', PriceUnit: 'site', Commitments: ['1-month'] }), expect.objectContaining({ ProductName: 'NIMBUS_ENDPOINT', Price: '3.22', PriceUnit: 'device' })]));
    const filtered = await op('GetAvailableServices', { accountId: contoso, text: 'firewall' }, companyAdmin);
    expect(filtered.body.Services.map((s: { ProductName: string }) => s.ProductName)).toEqual(['NIMBUS_FIREWALL']);
    expect(filtered.body.Total).toBe(1);
  });

  it('answers 403 for an account outside the caller’s hierarchy', async () => {
    expect((await op('GetAvailableServices', { accountId: contoso }, otherReseller)).status).toBe(403);
  });
});

describe('the overview (PreviewOrder)', () => {
  it('prices each item (with its rule for the seller, not a markup over its cost for the buyer) and runs the credit check, writing nothing', async () => {
    const before = (await rowsOf<{ n: number }>(sql`select count(*)::int as n from orders`))[0]!.n;
    const preview = await op('PreviewOrder', order({ quantity: 3 }), companyAdmin);
    expect(preview.status).toBe(200);
    const body = preview.body as OrderPreview;
    expect(body).toMatchObject({ Currency: 'EUR', Quantity: 3, SetupFee: '0.00', RecurringCharge: '9.66', OrderValue: '9.66', CreditLimit: '5000.00', NeedsApproval: false });
    expect(body.Lines[0]).toMatchObject({ FeeType: 'Recurring', UnitPrice: '3.22', Quantity: 3, Amount: '9.66', Basis: 'Pricelist' });
    // Issue 30: Northwind's markup over its purchase price stays with Northwind.
    expect(body.Lines[0]!.Rule).toBeNull();
    const bySeller = (await op('PreviewOrder', order({ quantity: 3 }), reseller)).body as OrderPreview;
    expect(bySeller.Lines[0]).toMatchObject({ UnitPrice: '3.22', Rule: { RuleName: 'Nimbus partners', Model: 'Markup', Parameter: '15' } });
    expect(money(body.ProjectedInvoice)).toBeCloseTo(money(body.OpenBalance) + 9.66, 2);
    const above = await op('PreviewOrder', order({ quantity: 400 }), companyAdmin);
    expect(above.body).toMatchObject({ OrderValue: '1288.00', NeedsApproval: true });
    // A flat service bills once whatever the quantity, with its setup fee on the first invoice.
    const flat = await op('PreviewOrder', order({ productName: 'NIMBUS_FIREWALL', quantity: 3 }), companyAdmin);
    expect(flat.body).toMatchObject({ SetupFee: '230.00', RecurringCharge: '51.75', OrderValue: '281.75' });
    expect((await rowsOf<{ n: number }>(sql`select count(*)::int as n from orders`))[0]!.n).toBe(before);
  });

  it('refuses terms the service does not offer, naming the field', async () => {
    const term = await op('PreviewOrder', order({ commitment: 'annual', billingFrequency: 'Annual' }), companyAdmin);
    expect(term.status).toBe(400);
    expect(term.body.Message).toMatch(/^commitment: .*1-month/);
    const frequency = await op('PreviewOrder', order({ billingFrequency: 'Annual' }), companyAdmin);
    expect(frequency.status).toBe(400);
    expect(frequency.body.Message).toMatch(/^billingFrequency: /);
    const quantity = await op('PreviewOrder', order({ quantity: 0 }), companyAdmin);
    expect(quantity.status).toBe(400);
    expect(quantity.body.Message).toMatch(/quantity/);
    const unknown = await op('PreviewOrder', order({ productName: 'NO_SUCH_SERVICE' }), companyAdmin);
    expect(unknown.status).toBe(400);
  });

  it('needs PRODUCT_ACCOUNT Create: a plain user may not order', async () => {
    expect((await op('PreviewOrder', order(), companyUser)).status).toBe(403);
    expect((await place({}, companyUser)).status).toBe(403);
  });
});

const money = (value: string) => Math.round(Number(value) * 100) / 100;

describe('placing an order (PlaceOrder)', () => {
  it('within the credit limit: Approved, a Product account under the parent, provisioned through the vendor until Active', async () => {
    const placed = await place({ quantity: 2 });
    expect(placed.status).toBe(200);
    const o = placed.body.Order as Order & { Lines: unknown[] };
    expect(o).toMatchObject({ ApprovalStatus: 'Approved', CreditCheck: false, OrderValue: '6.44', Currency: 'EUR', CompanyName: 'Contoso Ltd', SellerName: 'Northwind Cloud', SubscriptionStatus: 'Provisioning' });
    expect(o.Lines).toHaveLength(1);
    const [product] = await rowsOf<{ type: string; parent_id: number; product_name: string }>(sql`select type, parent_id, product_name from accounts where id = ${o.SubscriptionAccountId}`);
    expect(product).toEqual({ type: 'Product', parent_id: contoso, product_name: 'NIMBUS_ENDPOINT' });
    const [subscription] = await rowsOf<{ unit_price: string; quantity: number; currency: string; has_price_protection: boolean }>(
      sql`select unit_price::text, quantity, currency, has_price_protection from subscriptions where account_id = ${o.SubscriptionAccountId}`,
    );
    expect(subscription).toEqual({ unit_price: '3.220000', quantity: 2, currency: 'EUR', has_price_protection: true });
    expect(await until(() => subscriptionStatus(o.SubscriptionAccountId!), (s) => s === 'Active')).toBe('Active');
    const requests = await requestsOfOrder(o.Id);
    expect(requests).toEqual([expect.objectContaining({ action: 'Create', order_status: 'Completed' })]);
    // The entry is written by the statement that writes the order: its details name what it wrote.
    const audit = await rowsOf<{ actor: number; account_id: number; account_path: string; details: unknown; request_id: string | null }>(
      sql`select actor_account_id as actor, account_id, account_path, details, request_id from audit_log where action = 'OrderPlaced' and details ->> 'OrderId' = ${String(o.Id)}`,
    );
    expect(audit).toEqual([
      {
        actor: o.CreatedByAccountId,
        account_id: contoso,
        account_path: expect.stringMatching(new RegExp(`/${contoso}/$`)),
        details: { OrderId: o.Id, Service: 'NIMBUS_ENDPOINT', Quantity: 2, OrderValue: expect.stringMatching(/^6\.44/), Currency: 'EUR', ApprovalStatus: 'Approved', SubscriptionAccountId: o.SubscriptionAccountId },
        request_id: expect.any(String),
      },
    ]);
  });

  it('above the credit limit: Pending, nothing sent to the vendor until approved', async () => {
    const pending = await placePending();
    expect(pending).toMatchObject({ CreditCheck: true, CreditLimit: '5000.00', CanCancel: true, CanDecide: false });
    expect(await requestsOfOrder(pending.Id)).toEqual([]);
    expect(await subscriptionStatus(pending.SubscriptionAccountId!)).toBe('Pending');
  });

  it('a price that moved since the overview answers 409 and orders nothing', async () => {
    const before = (await rowsOf<{ n: number }>(sql`select count(*)::int as n from orders`))[0]!.n;
    const moved = await place({ expectedOrderValue: '99.00' });
    expect(moved.status).toBe(409);
    expect(moved.body.Message).toMatch(/6\.44 EUR/);
    expect((await rowsOf<{ n: number }>(sql`select count(*)::int as n from orders`))[0]!.n).toBe(before);
    expect((await place({ expectedOrderValue: '6.44' })).status).toBe(200);
  });

  it("checks the product's view fields as an account's and keeps them on the order and its Product account", async () => {
    const mail = { productName: 'SKYLINE_MAIL', quantity: 1 };
    const missing = await place(mail);
    expect(missing.status).toBe(400);
    // Named by its label, never by its key (issue 30 item 1); the key comes beside the message.
    expect(missing.body).toMatchObject({ Message: 'Mail domain is required', Field: 'Product_SKYLINE_MAIL.Domain' });
    expect((await op('PreviewOrder', order({ ...mail, viewValues: { Domain: 'mail.contoso.example', Color: 'red' } }), companyAdmin)).status).toBe(400);
    const placed = await place({ ...mail, viewValues: { Domain: '  mail.contoso.example ' } });
    expect(placed.status).toBe(200);
    const [row] = await rowsOf<{ view_values: Record<string, unknown>; views: Record<string, { Values: Record<string, unknown> }> }>(
      sql`select o.view_values, a.views from orders o join accounts a on a.id = o.subscription_account_id where o.id = ${placed.body.Order.Id}`,
    );
    expect(row!.view_values).toEqual({ Domain: 'mail.contoso.example' });
    expect(row!.views.Product_SKYLINE_MAIL!.Values).toEqual({ Domain: 'mail.contoso.example' });
  });

  it('honours an Idempotency-Key: the same key and body order once, another body answers 422', async () => {
    const key = `order-${Date.now()}`;
    const [first, second] = await Promise.all([place({ quantity: 1 }, companyAdmin, key), place({ quantity: 1 }, companyAdmin, key)].map(async (p) => p));
    const statuses = [first.status, second.status].sort();
    // Two at once: one orders, the other waits for it (409 while running) or answers the stored result.
    expect(statuses[0]).toBe(200);
    const again = await place({ quantity: 1 }, companyAdmin, key);
    expect(again.status).toBe(200);
    expect(again.body.Order.Id).toBe(first.status === 200 ? first.body.Order.Id : second.body.Order.Id);
    const made = await rowsOf<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'OrderPlaced' and details ->> 'OrderId' = ${String(again.body.Order.Id)}`);
    expect(made[0]!.n).toBe(1);
    expect((await place({ quantity: 2 }, companyAdmin, key)).status).toBe(422);
  });

  it("prices under the pricelist assigned now, though the orderer's session kept the one it had read", async () => {
    const market = (name: string, body: unknown) => call(server.app, `IMarketplaceService/${name}`, body, { cookie: reseller });
    const [assigned] = await rowsOf<{ pricelist_id: number; owner_account_id: number }>(
      sql`select pc.pricelist_id, p.owner_account_id from pricelist_customers pc join pricelists p on p.id = pc.pricelist_id where pc.customer_account_id = ${contoso}`,
    );
    const customersBefore = (await rowsOf<{ id: number }>(sql`select customer_account_id as id from pricelist_customers where pricelist_id = ${assigned!.pricelist_id}`)).map((row) => row.id);
    // A second pricelist of the same owner, offering the same services, every item at a static 5.00.
    const [other] = await rowsOf<{ id: number }>(
      sql`insert into pricelists (owner_account_id, name, priority, currency) values (${assigned!.owner_account_id}, 'Static fives (test)', 9, 'EUR') returning id`,
    );
    await server.handle.db.execute(sql`insert into pricelist_services (pricelist_id, product_name, is_enabled) select ${other!.id}, product_name, is_enabled from pricelist_services where pricelist_id = ${assigned!.pricelist_id}`);
    await server.handle.db.execute(
      sql`insert into pricing_rules (pricelist_id, name, priority, model, parameter) values (${other!.id}, 'Fives', 1, 'Static', '5'), (${other!.id}, 'Default', 99, 'Srp', null)`,
    );
    await server.handle.db.execute(sql`update pricing_rules set is_default = true where pricelist_id = ${other!.id} and name = 'Default'`);
    try {
      const before = await op('PreviewOrder', order(), companyAdmin);
      expect(before.status).toBe(200);
      expect((await market('SetMarketplaceCustomers', { marketplaceId: other!.id, customerAccountIds: [contoso] })).status).toBe(200);
      const after = await op('PreviewOrder', order(), companyAdmin);
      expect(after.body.Lines.every((line: { Rule: { RuleName: string } | null }) => line.Rule?.RuleName === 'Fives')).toBe(true);
      expect(after.body.OrderValue).not.toBe(before.body.OrderValue);
      expect((await place({ expectedOrderValue: before.body.OrderValue })).status).toBe(409);
      const placed = await place({ expectedOrderValue: after.body.OrderValue });
      expect(placed.status).toBe(200);
      expect(placed.body.Order.OrderValue).toBe(after.body.OrderValue);
    } finally {
      expect((await market('SetMarketplaceCustomers', { marketplaceId: assigned!.pricelist_id, customerAccountIds: [...new Set([...customersBefore, contoso])] })).status).toBe(200);
      await server.handle.db.execute(sql`delete from pricelists where id = ${other!.id}`);
    }
    expect((await op('PreviewOrder', order(), companyAdmin)).body.Lines[0].Rule?.RuleName).not.toBe('Fives');
  });
});

describe('approval (Approve, Decline, Cancel CreditCheckOrder)', () => {
  it('the reseller approves a pending order: Approved, provisioned, audited', async () => {
    const pending = await placePending();
    const review = await op('GetOrders', { scope: 'Review' }, reseller);
    expect(review.body.Orders.find((o: Order) => o.Id === pending.Id)).toMatchObject({ CanDecide: true, ApprovalStatus: 'Pending' });
    const approved = await op('ApproveCreditCheckOrder', { orderId: pending.Id }, reseller);
    expect(approved.status).toBe(200);
    expect(approved.body.Order).toMatchObject({ ApprovalStatus: 'Approved', DecidedByName: expect.any(String) });
    expect(await until(() => subscriptionStatus(pending.SubscriptionAccountId!), (s) => s === 'Active')).toBe('Active');
    expect((await op('ApproveCreditCheckOrder', { orderId: pending.Id }, reseller)).status).toBe(409);
  });

  it('declining needs a reason; the subscription is cancelled and its account ends', async () => {
    const pending = await placePending();
    const noReason = await op('DeclineCreditCheckOrder', { orderId: pending.Id, reason: ' ' }, reseller);
    expect(noReason.status).toBe(400);
    const declined = await op('DeclineCreditCheckOrder', { orderId: pending.Id, reason: 'Pay the open invoices first' }, reseller);
    expect(declined.body.Order).toMatchObject({ ApprovalStatus: 'Rejected', Reason: 'Pay the open invoices first', SubscriptionStatus: 'Cancelled' });
    expect((await rowsOf<{ state: string }>(sql`select state from accounts where id = ${pending.SubscriptionAccountId}`))[0]!.state).toBe('Terminated');
    expect(await requestsOfOrder(pending.Id)).toEqual([]);
  });

  it('mails the orderer and the seller’s account managers as the notification preferences ask', async () => {
    const mails = (since: number) => rowsOf<{ recipient: string; subject: string }>(sql`select recipient, subject from mail_outbox where id > ${since} order by id`);
    const last = (await rowsOf<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from mail_outbox`))[0]!.id;
    const pending = await placePending();
    const placedMails = await mails(last);
    expect(placedMails.filter((m) => m.subject === `Order ${pending.Id} waits for approval: Nimbus Endpoint Protection`)).toHaveLength(1);
    expect(placedMails.filter((m) => m.subject === `Order ${pending.Id} of Contoso Ltd needs your approval`).length).toBeGreaterThan(0);
    await op('DeclineCreditCheckOrder', { orderId: pending.Id, reason: 'Over budget' }, reseller);
    expect((await mails(last)).map((m) => m.subject)).toContain(`Order ${pending.Id} declined: Nimbus Endpoint Protection`);
    // Contoso switches order e-mails off: the next order mails nobody at Contoso.
    const prefs = await call(server.app, 'INotificationService/SaveNotificationPreferences', {
      accountId: contoso,
      preferences: { OrderEvents: false, ApprovalEvents: true, ProvisioningFailures: true, Invoices: true, CommitmentRenewalReminders: true, CommitmentPeriods: ['1-month'] },
    }, { cookie: companyAdmin });
    expect(prefs.status).toBe(200);
    const before = (await rowsOf<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from mail_outbox`))[0]!.id;
    const quiet = await placePending();
    expect((await mails(before)).filter((m) => m.subject.includes('waits for approval'))).toEqual([]);
    expect((await mails(before)).map((m) => m.subject)).toContain(`Order ${quiet.Id} of Contoso Ltd needs your approval`);
    await op('CancelCreditCheckOrder', { orderId: quiet.Id }, companyAdmin);
  });

  it('the orderer cancels; the company cannot decide its own orders; another reseller cannot see them', async () => {
    const pending = await placePending();
    expect((await op('ApproveCreditCheckOrder', { orderId: pending.Id }, companyAdmin)).status).toBe(403);
    expect((await op('GetOrder', { orderId: pending.Id }, otherReseller)).status).toBe(403);
    expect((await op('CancelCreditCheckOrder', { orderId: pending.Id }, otherReseller)).status).toBe(403);
    const cancelled = await op('CancelCreditCheckOrder', { orderId: pending.Id, reason: 'Ordered by mistake' }, companyAdmin);
    expect(cancelled.body.Order).toMatchObject({ ApprovalStatus: 'Cancelled', CanCancel: false });
    const mine = await op('GetOrders', { status: 'Cancelled', text: 'endpoint' }, companyAdmin);
    expect(mine.body.Orders.map((o: Order) => o.Id)).toContain(pending.Id);
  });

  it('50 concurrent approve and cancel attempts end with exactly one outcome; the others get 409', async () => {
    const pending = await placePending();
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? op('ApproveCreditCheckOrder', { orderId: pending.Id }, reseller) : op('CancelCreditCheckOrder', { orderId: pending.Id }, companyAdmin),
      ),
    );
    const won = attempts.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 409)).toHaveLength(49);
    const outcome = won[0]!.body.Order.ApprovalStatus as string;
    expect(attempts.find((a) => a.status === 409)!.body.Message).toContain(`already ${outcome}`);
    const requests = await requestsOfOrder(pending.Id);
    expect(requests).toHaveLength(outcome === 'Approved' ? 1 : 0);
    const decisions = await rowsOf<{ n: number }>(sql`select count(*)::int as n from audit_log where action in ('OrderApproved', 'OrderCancelled') and details ->> 'OrderId' = ${String(pending.Id)}`);
    expect(decisions[0]!.n).toBe(1);
  });
});

describe('credit limits (GetCreditLimit, SetCreditLimit)', () => {
  it("the company's reseller sets and removes the limit; the company reads it but cannot change it", async () => {
    const read = await op('GetCreditLimit', { companyAccountId: litware }, otherReseller);
    expect(read.body).toMatchObject({ CreditLimit: '50000.00', CanEdit: true });
    const set = await op('SetCreditLimit', { companyAccountId: litware, creditLimit: '2500.5' }, otherReseller);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ CreditLimit: '2500.50' });
    expect((await op('GetCreditLimit', { companyAccountId: contoso }, companyAdmin)).body).toMatchObject({ CreditLimit: '5000.00', CanEdit: false });
    expect((await op('SetCreditLimit', { companyAccountId: contoso, creditLimit: '99999' }, companyAdmin)).status).toBe(403);
    expect((await op('SetCreditLimit', { companyAccountId: contoso, creditLimit: '1,000' }, reseller)).status).toBe(400);
    expect((await op('SetCreditLimit', { companyAccountId: litware, creditLimit: '1000' }, reseller)).status).toBe(403);
    const removed = await op('SetCreditLimit', { companyAccountId: litware, creditLimit: null }, otherReseller);
    expect(removed.body).toMatchObject({ CreditLimit: null });
  });
});
