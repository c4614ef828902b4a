import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../../test/testServer';

// Issue 15: a subscription's month is billed at every level of the chain (company by its reseller,
// reseller by the platform owner, platform owner by the vendor) with the end customer on each line.
// The revenue reports count each sale once — the line billed to the end customer — whoever asks.
// The demo world bills its first month at every level when it loads (demo/demoBilling.ts).

let server: TestServer;
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  server = await startTestServer({}, [], false);
});
afterAll(async () => {
  await server?.close();
});

/** Revenue per month and currency as the report answers it to `userName`. */
async function reported(userName: string): Promise<Record<string, number>> {
  const cookie = await signIn(server.app, userName);
  const answer = await call(server.app, 'IReportingService/RunReport', { reportName: 'RevenueByMonth' }, { cookie });
  expect(answer.status).toBe(200);
  const body = answer.body as { Columns: { Name: string }[]; Rows: unknown[][] };
  const at = (name: string) => body.Columns.findIndex((c) => c.Name === name);
  return Object.fromEntries(body.Rows.map((row) => [`${String(row[at('Month')])} ${String(row[at('Currency')])}`, Number(row[at('Revenue')])]));
}

/** What the end customers below `scopeAccount` were billed, per month and currency. */
async function billedToEndCustomers(scopeAccount: string): Promise<Record<string, number>> {
  const rows = await rowsOf<{ key: string; revenue: string }>(sql`
    select i.interval_id || ' ' || i.currency as key, sum(l.amount)::text as revenue
    from invoice_lines l join invoices i on i.id = l.invoice_id join accounts c on c.id = l.customer_account_id
    where l.payer_account_id = l.customer_account_id
      and c.path like (select path from accounts where display_name = ${scopeAccount} and type in ('Reseller', 'Company') order by id limit 1) || '%'
    group by 1`);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.revenue)]));
}

describe('revenue over the whole chain', () => {
  it('counts each sale once for a reseller and for the platform owner, though the month was billed at three levels', async () => {
    const upstream = await rowsOf<{ n: number }>(sql`select count(*)::int as n from invoice_lines where payer_account_id <> customer_account_id`);
    expect(upstream[0]!.n).toBeGreaterThan(0);
    const asReseller = await reported('reseller.admin');
    expect(Object.keys(asReseller).length).toBeGreaterThan(0);
    expect(asReseller).toEqual(await billedToEndCustomers('Northwind Cloud'));
    const owner = (await rowsOf<{ name: string }>(sql`select display_name as name from accounts where parent_id is null order by id limit 1`))[0]!.name;
    const asOwner = await reported('admin');
    expect(Object.keys(asOwner).length).toBeGreaterThan(0);
    expect(asOwner).toEqual(await billedToEndCustomers(owner));
  });
});
