import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AccountTree } from '@cmp/contracts/accountTree';
import type { DataCheckResult } from '@cmp/contracts/dataChecks';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { startVendorSandbox, type VendorSandbox } from '../provisioning/sandbox/vendorSandbox';

// Issue 30 item 4: approving the demo's pending order (Contoso's Skyline Backup) provisioned seats at
// the vendor with no subscription in the portal. An approved order's seats always belong to a
// subscription: PlaceOrder (which the demo seeds through) writes it with the pending order, approving
// starts it, an order without one is refused, and the database refuses a completed request without one.

let sandbox: VendorSandbox;
let server: TestServer;
let reseller: string;
let admin: string;
let contoso: number;

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the answer holds
const op = (service: string, name: string, body: unknown, cookie: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> =>
  call(server.app, `${service}/${name}`, body, { cookie, headers });
const dataChecks = async (): Promise<DataCheckResult[]> => {
  const answer = await op('IAdminConsoleService', 'GetDataChecks', {}, admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.Checks;
};

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
  [reseller, admin] = await Promise.all(['reseller.admin', 'admin'].map((name) => signIn(server.app, name)));
  contoso = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Contoso Ltd' and type = 'Company'`))[0]!.id;
}, 120_000);
afterAll(async () => {
  delete process.env.VENDOR_SANDBOX_URL;
  await server?.close();
  await sandbox?.close();
});

describe("approving the demo's pending order (issue 30)", () => {
  it('the demo world has every pending order with its waiting subscription, and no inconsistency', async () => {
    const pending = await rowsOf<{ product_name: string; subscription_account_id: number | null; status: string | null }>(
      sql`select o.product_name, o.subscription_account_id, s.status from orders o left join subscriptions s on s.account_id = o.subscription_account_id where o.approval_status = 'Pending' order by o.id`,
    );
    expect(pending.map((o) => o.product_name)).toEqual(['SKYLINE_BACKUP', 'SKYLINE_CRM']);
    for (const order of pending) expect(order).toMatchObject({ subscription_account_id: expect.any(Number), status: 'Pending' });
    expect((await dataChecks()).map((c) => [c.Check, c.Total])).toEqual([
      ['ProvisionedWithoutSubscription', 0],
      ['ActiveSubscriptionWithoutProvisioning', 0],
      ['InvoiceLineWithoutSubscription', 0],
    ]);
  });

  it("reseller.admin approves Contoso's Skyline Backup: its subscription shows in the tree, its request names it, and it becomes Active", async () => {
    const [order] = await rowsOf<{ id: number; subscription_account_id: number }>(
      sql`select id, subscription_account_id from orders where company_account_id = ${contoso} and product_name = 'SKYLINE_BACKUP' and approval_status = 'Pending'`,
    );
    const approved = await op('IAccountService', 'ApproveCreditCheckOrder', { orderId: order!.id }, reseller);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.Order).toMatchObject({ ApprovalStatus: 'Approved', SubscriptionAccountId: order!.subscription_account_id });

    const tree = await op('IAccountService', 'GetAccountTree', { targetRoot: contoso }, reseller);
    expect(tree.status, JSON.stringify(tree.body)).toBe(200);
    expect((tree.body as AccountTree).Children).toEqual(expect.arrayContaining([expect.objectContaining({ AccountId: order!.subscription_account_id, AccountType: 'Product', DisplayName: 'Skyline Backup' })]));

    const requests = await rowsOf<{ subscription_account_id: number | null; action: string }>(sql`select subscription_account_id, action from provisioning_requests where order_id = ${order!.id}`);
    expect(requests).toEqual([{ subscription_account_id: order!.subscription_account_id, action: 'Create' }]);
    const status = () => rowsOf<{ status: string }>(sql`select status from subscriptions where account_id = ${order!.subscription_account_id}`).then((rows) => rows[0]?.status);
    expect(await until(status, (s) => s === 'Active')).toBe('Active');
    expect(await until(() => rowsOf<{ order_status: string }>(sql`select order_status from provisioning_requests where order_id = ${order!.id}`), (rows) => rows[0]?.order_status === 'Completed')).toHaveLength(1);
    expect((await dataChecks()).every((c) => c.Total === 0)).toBe(true);
  });

  it('an order without a subscription (written by hand, as the demo once did) is refused with the reason, and stays Pending', async () => {
    const [handMade] = await rowsOf<{ id: number }>(sql`
      insert into orders (company_account_id, parent_account_id, payer_account_id, seller_account_id, product_name, quantity, currency, order_value, credit_check, created_by_account_id)
      select company_account_id, parent_account_id, payer_account_id, seller_account_id, product_name, quantity, currency, order_value, true, created_by_account_id from orders where company_account_id = ${contoso} limit 1
      returning id`);
    const refused = await op('IAccountService', 'ApproveCreditCheckOrder', { orderId: handMade!.id }, reseller);
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe(`Order ${handMade!.id} cannot be approved: it has no subscription in the portal, so the seats would be delivered but never billed. Decline it and place it again.`);
    const german = await op('IAccountService', 'ApproveCreditCheckOrder', { orderId: handMade!.id }, reseller, { 'accept-language': 'de' });
    expect(german.body.Message).toMatch(/^Die Bestellung \d+ kann nicht genehmigt werden/);
    expect(await rowsOf(sql`select approval_status from orders where id = ${handMade!.id}`)).toEqual([{ approval_status: 'Pending' }]);
    expect(await rowsOf(sql`select id from provisioning_requests where order_id = ${handMade!.id}`)).toEqual([]);
  });

  it('the database refuses a completed provisioning request that names no subscription', async () => {
    /** The constraint a refused statement names (drizzle wraps the driver's error; PGlite and pg both name it). */
    const refusedBy = (statement: ReturnType<typeof sql>) =>
      server.handle.db.execute(statement).then(
        () => 'accepted',
        (error: { cause?: { constraint?: string; message?: string } }) => error.cause?.constraint ?? error.cause?.message ?? String(error),
      );
    expect(await refusedBy(sql`insert into provisioning_requests (company_account_id, product_name, order_status, product_status) values (${contoso}, 'SKYLINE_BACKUP', 'Completed', 'Active')`)).toMatch(
      /provisioning_requests_completed_subscription_check/,
    );
    expect(await refusedBy(sql`update provisioning_requests set subscription_account_id = null where order_status = 'Completed'`)).toMatch(/provisioning_requests_completed_subscription_check/);
    // Waiting or failed requests of a subscription not yet made are still allowed.
    expect(await refusedBy(sql`insert into provisioning_requests (company_account_id, product_name, order_status) values (${contoso}, 'SKYLINE_BACKUP', 'Failed')`)).toBe('accepted');
  });
});
