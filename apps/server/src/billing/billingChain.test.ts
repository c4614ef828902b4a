import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BillingRun, Invoice, InvoiceSummary, OnlineBill } from '@cmp/contracts/billing';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { until } from '../test/subscriptionWorld';
import { money, type Money } from '../pricing/money';
import { intervalOf } from './calendar';
import { billPayer, newRunCache } from './payerBilling';
import { createBillingRun, executeBillingRun } from './billingRun';
import { seedBillingWorld } from '../test/billingWorld';

// Issue 15 "one invoice … seller to buyer at every level of the chain (vendor → platform owner →
// reseller → company)", on the demo world: the platform owner's administrator bills the month two
// months back for everyone. Each company is billed by its reseller, each reseller by the platform
// owner for what its customers' lines cost it, the platform owner by each vendor — and every level's
// amounts are the purchase amounts of the level below, to the cent.

let server: TestServer;
let admin: string;
let reseller: string;
let otherReseller: string;
let companyAdmin: string;
const ids: Record<string, number> = {};
const billingOp = (name: string, body: unknown, cookie: string) => call(server.app, `IInvoiceBillingService/${name}`, body, { cookie });
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/** `YYYY-MM` of the month `back` months before this one (the demo's subscriptions run since the 5th three months back). */
function monthBack(back: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}
const MONTH = monthBack(2);

async function runEverything(intervalId: string): Promise<BillingRun> {
  const started = await billingOp('RunBilling', { intervalId }, admin);
  expect(started.status).toBe(200);
  const runId = (started.body as BillingRun).BillingRunId;
  const runs = await until(
    async () => (await billingOp('GetBillingRuns', {}, admin)).body.BillingRuns as BillingRun[],
    (list) => list.some((r) => r.BillingRunId === runId && r.Status !== 'Running'),
    60_000,
  );
  return runs.find((r) => r.BillingRunId === runId)!;
}

async function invoicesOf(accountId: number, side: 'Sales' | 'Purchases', cookie: string): Promise<InvoiceSummary[]> {
  const answer = await billingOp('GetInvoices', { accountId, intervalId: MONTH, side, sortBy: 'Number', sortDirection: 'asc', pageSize: 100 }, cookie);
  expect(answer.status).toBe(200);
  return answer.body.Invoices as InvoiceSummary[];
}

async function detailsOf(invoices: InvoiceSummary[], cookie: string): Promise<Invoice[]> {
  return Promise.all(invoices.map(async (i) => (await billingOp('GetInvoice', { invoiceId: i.InvoiceId }, cookie)).body as Invoice));
}

/** A line's exactly-once key. */
const keyOf = (line: Invoice['Lines'][number]) => `${line.SubscriptionAccountId} ${line.Reason} ${line.PeriodStart} ${line.PeriodEnd}`;
const sum = (amounts: (string | null)[]): Money => amounts.reduce((total: Money, a) => total.plus(a ?? 0), money(0));

beforeAll(async () => {
  server = await startTestServer({}, [], false);
  [admin, reseller, otherReseller, companyAdmin] = await Promise.all(['admin', 'reseller.admin', 'other.admin', 'company.admin'].map((name) => signIn(server.app, name)));
  for (const name of ['Cloud Service Providers', 'Northwind Cloud', 'Fabrikam Distribution', 'Contoso Ltd']) {
    ids[name] = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = ${name} and type in ('Reseller', 'Company')`))[0]!.id;
  }
});
afterAll(async () => {
  await server?.close();
});

describe('invoices at every level of the chain', () => {
  it('leaves a reseller for later while its month is not over everywhere or a customer of it is still to bill', async () => {
    const interval = intervalOf(MONTH);
    // Over in London, but not yet at UTC−12.
    const early = new Date(interval.end * 86_400_000 + 6 * 3_600_000);
    expect(await billPayer(server.handle.db, newRunCache(), ids['Northwind Cloud']!, interval, null, early)).toEqual({ outcome: 'waiting', invoices: 0 });
    // Its companies are not billed yet.
    expect(await billPayer(server.handle.db, newRunCache(), ids['Northwind Cloud']!, interval, null)).toEqual({ outcome: 'waiting', invoices: 0 });
    expect(await rowsOf(sql`select 1 from billed_payer_intervals where payer_account_id = ${ids['Northwind Cloud']!} and interval_id = ${MONTH}`)).toEqual([]);
  });

  it('bills each reseller what its customers’ lines cost it: line for line their purchase amounts, so its margin reconciles to the cent', async () => {
    const run = await runEverything(MONTH);
    expect(run.Status).toBe('Completed');

    const received = await invoicesOf(ids['Northwind Cloud']!, 'Purchases', reseller);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ SellerAccountId: ids['Cloud Service Providers'], BuyerAccountId: ids['Northwind Cloud'], Currency: 'EUR', Kind: 'Invoice' });
    const [bill] = await detailsOf(received, reseller);
    // The buyer's view: no cost or margin of the platform owner — not even the fields (issue 30).
    expect(bill!.Lines.every((l) => !('PurchaseAmount' in l) && !('Margin' in l))).toBe(true);
    expect(bill!.Lines.length).toBeGreaterThan(0);

    const sold = (await detailsOf(await invoicesOf(ids['Northwind Cloud']!, 'Sales', reseller), reseller)).flatMap((i) => i.Lines);
    const costed = sold.filter((l) => l.SubscriptionAccountId !== null && l.PurchaseAmount !== null && l.PurchaseAmount !== undefined && !(money(l.PurchaseAmount).isZero() && money(l.Amount).isZero()));
    expect(costed.length).toBeGreaterThan(0);
    // One line per costed sales line, with its purchase amount as the amount, for the same customer.
    const upstream = new Map(bill!.Lines.map((l) => [keyOf(l), l]));
    expect([...upstream.keys()].sort()).toEqual(costed.map(keyOf).sort());
    for (const line of costed) {
      const above = upstream.get(keyOf(line))!;
      expect([above.Amount, above.CustomerAccountId]).toEqual([line.PurchaseAmount, line.CustomerAccountId]);
      expect(money(line.Amount).minus(above.Amount).toFixed(2)).toBe(line.Margin);
    }
    expect(bill!.Subtotal).toBe(sum(costed.map((l) => l.PurchaseAmount ?? null)).toFixed(2));

    // The reseller's online bill: what it bought is the platform owner's invoice.
    const online = (await call(server.app, 'IAccountService/GetOnlineBill', { accountId: ids['Northwind Cloud'], billingInterval: MONTH, hideIndirectPayments: true }, { cookie: reseller })).body as OnlineBill;
    expect(online.Totals.find((t) => t.Currency === 'EUR')).toMatchObject({ Purchases: bill!.Subtotal });
  });

  it('groups an online bill by the buyer each line was billed to, never adding two levels of the chain together', async () => {
    const grouped = async (accountId: number, cookie: string) =>
      ((await call(server.app, 'IAccountService/GetOnlineBill', { accountId, billingInterval: MONTH, groupByCustomers: true }, { cookie })).body as OnlineBill).Customers;
    const [contosoInvoice] = await invoicesOf(ids['Contoso Ltd']!, 'Purchases', companyAdmin);
    const [northwindBill] = await invoicesOf(ids['Northwind Cloud']!, 'Purchases', reseller);
    // Northwind: what it sold Contoso, not what it paid for Contoso's lines.
    expect((await grouped(ids['Northwind Cloud']!, reseller)).find((c) => c.CustomerAccountId === ids['Contoso Ltd'])).toMatchObject({ Amount: contosoInvoice!.Subtotal });
    // The platform owner: what it sold Northwind, and beside it what Northwind sold Contoso.
    const top = await grouped(ids['Cloud Service Providers']!, admin);
    expect(top.find((c) => c.CustomerAccountId === ids['Northwind Cloud'])).toMatchObject({ Amount: northwindBill!.Subtotal, CustomerName: 'Northwind Cloud' });
    expect(top.find((c) => c.CustomerAccountId === ids['Contoso Ltd'])).toMatchObject({ Amount: contosoInvoice!.Subtotal });
  });

  it('bills the platform owner from each vendor what the lines it issued cost it, at the vendor’s price', async () => {
    const fromVendors = await invoicesOf(ids['Cloud Service Providers']!, 'Purchases', admin);
    const vendors = await rowsOf<{ id: number }>(sql`select id from accounts where type = 'Vendor'`);
    expect(fromVendors.length).toBeGreaterThan(0);
    expect(fromVendors.every((i) => vendors.some((v) => v.id === i.SellerAccountId))).toBe(true);
    const issued = (await detailsOf(await invoicesOf(ids['Cloud Service Providers']!, 'Sales', admin), admin)).flatMap((i) => i.Lines.map((l) => ({ ...l, currency: i.Currency })));
    const vendorLines = (await detailsOf(fromVendors, admin)).flatMap((i) => i.Lines);
    const costed = issued.filter((l) => l.SubscriptionAccountId !== null && l.PurchaseAmount !== null && l.PurchaseAmount !== undefined && !(money(l.PurchaseAmount).isZero() && money(l.Amount).isZero()));
    expect(vendorLines.map(keyOf).sort()).toEqual(costed.map(keyOf).sort());
    expect(sum(fromVendors.map((i) => i.Subtotal)).toFixed(2)).toBe(sum(costed.map((l) => l.PurchaseAmount ?? null)).toFixed(2));
    // Each vendor bills its own services: Skyline's invoice holds only Skyline's.
    const [skyline] = await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Skyline Software'`);
    const skylineInvoice = (await detailsOf(fromVendors.filter((i) => i.SellerAccountId === skyline!.id), admin))[0]!;
    expect(skylineInvoice.Lines.every((l) => l.ProductName?.startsWith('SKYLINE_'))).toBe(true);
  });

  it('changes nothing when run again: no new invoice, the same documents, numbers without gaps per seller', async () => {
    const count = async () => (await rowsOf<{ n: number }>(sql`select count(*)::int as n from invoices where interval_id = ${MONTH}`))[0]!.n;
    const before = await count();
    const received = JSON.stringify(await detailsOf(await invoicesOf(ids['Northwind Cloud']!, 'Purchases', reseller), reseller));
    expect(await runEverything(MONTH)).toMatchObject({ Status: 'Completed', InvoicesCreated: 0 });
    expect(await count()).toBe(before);
    expect(JSON.stringify(await detailsOf(await invoicesOf(ids['Northwind Cloud']!, 'Purchases', reseller), reseller))).toBe(received);
    const gaps = await rowsOf<{ seller_account_id: number }>(sql`select seller_account_id from invoices group by seller_account_id having max(number) <> count(*)`);
    expect(gaps).toEqual([]);
    // One document per payer, seller, month and currency; one line per subscription, period, reason and payer.
    expect(await rowsOf(sql`select 1 from invoices group by payer_account_id, seller_account_id, interval_id, currency having count(*) > 1`)).toEqual([]);
    expect(await rowsOf(sql`select 1 from invoice_lines where subscription_account_id is not null group by subscription_account_id, period_start, period_end, reason, payer_account_id having count(*) > 1`)).toEqual([]);
  });

  it('bills a distributor one invoice for every subscription below it, however many lines that makes', async () => {
    // 1,200 subscriptions of one reseller: more lines than one insert statement takes.
    const world = await seedBillingWorld(server.handle.db, { resellers: 1, companiesPerReseller: 3, subscriptionsPerCompany: 400, chainPrices: true }, new Date('2026-06-10T08:00:00Z'));
    const runId = await createBillingRun(server.handle.db, { intervalId: '2026-07', scopeAccountId: world.ownerAccountId, startedByAccountId: null });
    await executeBillingRun(server.handle.db, runId);
    const bills = await rowsOf<{ payer_type: string; seller_account_id: number; subtotal: string; lines: number }>(
      sql`select p.type as payer_type, i.seller_account_id, i.subtotal::text as subtotal, (select count(*)::int from invoice_lines l where l.invoice_id = i.id) as lines
          from invoices i join accounts p on p.id = i.payer_account_id where i.billing_run_id = ${runId} and p.type = 'Reseller' order by p.path desc`,
    );
    // The reseller from the distributor, the distributor from the platform owner: 1,200 lines at 3 × 4.10 each.
    expect(bills).toEqual([
      { payer_type: 'Reseller', seller_account_id: world.ownerAccountId, subtotal: '14760.0000', lines: 1200 },
      { payer_type: 'Reseller', seller_account_id: ids['Cloud Service Providers'], subtotal: '14760.0000', lines: 1200 },
    ]);
  });

  it('shows a reseller the bill it received, its PDF too, and nothing of it to another hierarchy or to its customers', async () => {
    const [received] = await invoicesOf(ids['Northwind Cloud']!, 'Purchases', reseller);
    const pdf = await billingOp('DownloadInvoice', { invoiceId: received!.InvoiceId }, reseller);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(pdf.body.ContentBase64 as string, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Both sides appear in its list without a side.
    const all = (await billingOp('GetInvoices', { accountId: ids['Northwind Cloud'], intervalId: MONTH, pageSize: 100 }, reseller)).body.Invoices as InvoiceSummary[];
    expect(all.some((i) => i.InvoiceId === received!.InvoiceId)).toBe(true);
    expect(all.some((i) => i.SellerAccountId === ids['Northwind Cloud'])).toBe(true);

    for (const cookie of [otherReseller, companyAdmin]) {
      expect((await billingOp('GetInvoice', { invoiceId: received!.InvoiceId }, cookie)).status).toBe(403);
      expect((await billingOp('DownloadInvoice', { invoiceId: received!.InvoiceId }, cookie)).status).toBe(403);
      expect((await billingOp('GetInvoices', { accountId: ids['Northwind Cloud'] }, cookie)).status).toBe(403);
    }
    // Fabrikam sees its own bill from the platform owner, never Northwind's; nor the vendors' bills to the platform owner.
    const fabrikam = await invoicesOf(ids['Fabrikam Distribution']!, 'Purchases', otherReseller);
    expect(fabrikam).toHaveLength(1);
    expect(fabrikam[0]).toMatchObject({ BuyerAccountId: ids['Fabrikam Distribution'], SellerAccountId: ids['Cloud Service Providers'] });
    const [fromVendor] = await invoicesOf(ids['Cloud Service Providers']!, 'Purchases', admin);
    expect((await billingOp('GetInvoice', { invoiceId: fromVendor!.InvoiceId }, reseller)).status).toBe(403);
    expect((await billingOp('GetInvoices', { accountId: ids['Cloud Service Providers'] }, reseller)).status).toBe(403);
  });
});
