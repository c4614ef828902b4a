import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DataCheckResult } from '@cmp/contracts/dataChecks';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Issue 30: the admin console's data checks list the rows in states the product must never reach,
// by id; on the demo world they find nothing.

let server: TestServer;
let admin: string;
let reseller: string;

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const idOf = async (name: string, type: string) => (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = ${name} and type = ${type}`))[0]!.id;
const getDataChecks = (cookie: string) => call(server.app, 'IAdminConsoleService/GetDataChecks', {}, { cookie });
const checksOf = async (): Promise<Record<string, DataCheckResult>> => {
  const answer = await getDataChecks(admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Object.fromEntries((answer.body as unknown as { Checks: DataCheckResult[] }).Checks.map((c) => [c.Check, c]));
};

beforeAll(async () => {
  server = await startTestServer();
  [admin, reseller] = await Promise.all(['admin', 'reseller.admin'].map((name) => signIn(server.app, name)));
});
afterAll(async () => {
  await server?.close();
});

describe('IAdminConsoleService/GetDataChecks', () => {
  it('finds nothing on the demo world', async () => {
    const checks = await checksOf();
    expect(Object.keys(checks)).toEqual(['ProvisionedWithoutSubscription', 'ActiveSubscriptionWithoutProvisioning', 'InvoiceLineWithoutSubscription']);
    for (const check of Object.values(checks)) expect(check, check.Check).toMatchObject({ Total: 0, Findings: [] });
  });

  it("is the platform owner's: a reseller's administrator is refused with the reason, a stranger with 401", async () => {
    const refused = await getDataChecks(reseller);
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toEqual(expect.any(String));
    expect((await call(server.app, 'IAdminConsoleService/GetDataChecks', {})).status).toBe(401);
    expect((await call(server.app, 'IAdminConsoleService/GetDataChecks', { extra: 1 }, { cookie: admin })).status).toBe(400);
  });

  it('lists each inconsistent row by id: a completed request on an account without subscription, an Active subscription never provisioned, a service line without subscription', async () => {
    const contoso = await idOf('Contoso Ltd', 'Company');
    const awBackup = (await rowsOf<{ account_id: number }>(sql`select s.account_id from subscriptions s join orders o on o.id = s.order_id join accounts c on c.id = o.company_account_id where c.display_name = 'Adventure Works' and s.product_name = 'SKYLINE_BACKUP'`))[0]!.account_id;
    // A request naming the company (an account, but no subscription): the constraint lets it through, the check does not.
    const [request] = await rowsOf<{ id: number }>(sql`
      insert into provisioning_requests (company_account_id, subscription_account_id, product_name, order_status, product_status)
      values (${contoso}, ${contoso}, 'SKYLINE_BACKUP', 'Completed', 'Active') returning id`);
    const [before] = await rowsOf<{ status: string }>(sql`select status from subscriptions where account_id = ${awBackup}`);
    await server.handle.db.execute(sql`update subscriptions set status = 'Active' where account_id = ${awBackup}`);
    const [line] = await rowsOf<{ id: number; invoice_id: number }>(sql`
      insert into invoice_lines (invoice_id, payer_account_id, customer_account_id, reason, period_start, period_end, product_name, description, quantity, unit_price, amount)
      select invoice_id, payer_account_id, customer_account_id, 'Recurring', '2000-01-01', '2000-02-01', product_name, description, quantity, unit_price, amount
        from invoice_lines where subscription_account_id is not null limit 1
      returning id::int, invoice_id`);
    // A custom charge's line names no subscription, rightly: not a finding.
    await server.handle.db.execute(sql`
      insert into invoice_lines (invoice_id, payer_account_id, customer_account_id, reason, period_start, period_end, description, quantity, unit_price, amount)
      select invoice_id, payer_account_id, customer_account_id, 'CustomCharge', '2000-01-01', '2000-01-02', 'Migration', 1, 1, 1 from invoice_lines limit 1`);

    const checks = await checksOf();
    expect(checks.ProvisionedWithoutSubscription).toMatchObject({ Total: 1, Findings: [{ RecordId: request!.id, AccountId: contoso, AccountName: 'Contoso Ltd', ProductName: 'SKYLINE_BACKUP', Status: 'Completed / Active' }] });
    expect(checks.ActiveSubscriptionWithoutProvisioning).toMatchObject({ Total: 1, Findings: [{ RecordId: awBackup, ProductName: 'SKYLINE_BACKUP', OrderId: expect.any(Number), Status: 'Active' }] });
    expect(checks.InvoiceLineWithoutSubscription).toMatchObject({ Total: 1, Findings: [{ RecordId: line!.id, InvoiceId: line!.invoice_id, Status: 'Recurring' }] });

    // Put right, the checks are empty again — as they must be in every test database when it closes (testServer.ts).
    await server.handle.db.execute(sql`delete from provisioning_requests where id = ${request!.id}`);
    await server.handle.db.execute(sql`update subscriptions set status = ${before!.status} where account_id = ${awBackup}`);
    await server.handle.db.execute(sql`delete from invoice_lines where id = ${line!.id}`);
    for (const check of Object.values(await checksOf())) expect(check, check.Check).toMatchObject({ Total: 0 });
  });
});
