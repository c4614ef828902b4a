import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BillingRun, Invoice, InvoiceSummary, OnlineBill } from '@cmp/contracts/billing';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { until } from '../test/subscriptionWorld';

// Issue 15 "Billing run": IInvoiceBillingService and the online bill played as a partner's script
// would, on the demo world. One of Contoso's subscriptions gets a history with known days (priced at
// 10.00 a seat a month from 10 August 2026, 4 seats, 6 from 16 September), so every figure below is
// worked out by hand.

let server: TestServer;
let reseller: string;
let companyAdmin: string;
let otherReseller: string;
let contoso: number;
let subscription: number;
const billingOp = (name: string, body: unknown, cookie = reseller, headers: Record<string, string> = {}) => call(server.app, `IInvoiceBillingService/${name}`, body, { cookie, headers });
const accountOp = (name: string, body: unknown, cookie = reseller) => call(server.app, `IAccountService/${name}`, body, { cookie });
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Runs billing for Contoso's month and waits until the run is over. */
async function runContoso(intervalId: string, headers: Record<string, string> = {}): Promise<BillingRun> {
  const started = await billingOp('RunBilling', { accountId: contoso, intervalId }, reseller, headers);
  expect(started.status).toBe(200);
  const runId = (started.body as BillingRun).BillingRunId;
  const runs = await until(
    async () => (await billingOp('GetBillingRuns', { accountId: contoso })).body.BillingRuns as BillingRun[],
    (list) => list.some((r) => r.BillingRunId === runId && r.Status !== 'Running' && r.Status !== 'Interrupted'),
  );
  return runs.find((r) => r.BillingRunId === runId)!;
}

async function invoicesOf(intervalId: string, cookie = reseller): Promise<InvoiceSummary[]> {
  const answer = await billingOp('GetInvoices', { accountId: contoso, intervalId, sortBy: 'Number', sortDirection: 'asc' }, cookie);
  expect(answer.status).toBe(200);
  return answer.body.Invoices as InvoiceSummary[];
}

beforeAll(async () => {
  server = await startTestServer({}, [], process.env.BILLING_DEBUG ? { level: 'error' } : false);
  [reseller, companyAdmin, otherReseller] = await Promise.all(['reseller.admin', 'company.admin', 'other.admin'].map((name) => signIn(server.app, name)));
  contoso = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Contoso Ltd' and type = 'Company'`))[0]!.id;
  const subs = await rowsOf<{ account_id: number }>(
    sql`select s.account_id from subscriptions s join accounts a on a.id = s.account_id where a.path like ${`%/${contoso}/%`} order by s.account_id`,
  );
  subscription = subs[0]!.account_id;
  // The demo's other subscriptions of Contoso start after the months billed here.
  await server.handle.db.execute(sql`update subscription_history set valid_from = '2026-12-20T12:00:00Z' where subscription_account_id <> ${subscription}`);
  await server.handle.db.execute(sql`delete from subscription_history where subscription_account_id = ${subscription}`);
  await server.handle.db.execute(sql`insert into subscription_history (subscription_account_id, valid_from, quantity, status, unit_price, currency, billing_frequency, is_prepaid, commitment, term_start_date) values
    (${subscription}, '2026-08-10T09:00:00Z', 4, 'Active', 10, 'EUR', 'Monthly', false, '1-month', '2026-08-10T09:00:00Z'),
    (${subscription}, '2026-09-16T15:30:00Z', 6, 'Active', 10, 'EUR', 'Monthly', false, '1-month', '2026-08-10T09:00:00Z')`);
  // The demo billed its first month (demoBilling.ts): this test bills its own history from scratch.
  await server.handle.db.execute(sql`delete from invoice_lines`);
  await server.handle.db.execute(sql`update custom_charges set invoice_id = null where invoice_id is not null`);
  await server.handle.db.execute(sql`delete from invoices`);
  await server.handle.db.execute(sql`delete from billed_payer_intervals`);
  await server.handle.db.execute(sql`delete from invoice_number_counters`);
  await server.handle.db.execute(sql`delete from outbox_events where event = 'InvoiceReady'`);
  // A credit Contoso's reseller gave in September, pending billing.
  await server.handle.db.execute(sql`insert into custom_charges (account_id, name, price, cost, currency, created_by_account_id, created_at)
    values (${contoso}, 'September goodwill credit', -15.00, 0, 'EUR', ${contoso}, '2026-09-20T10:00:00Z')`);
});
afterAll(async () => {
  await server?.close();
});

describe('RunBilling', () => {
  it('bills August: the start prorated by day (22 of 31 days), VAT at the UK rate', async () => {
    const run = await runContoso('2026-08');
    expect(run).toMatchObject({ Status: 'Completed', IntervalId: '2026-08', InvoicesCreated: 1, PayersDone: 1, PayersTotal: 1 });
    const [invoice] = await invoicesOf('2026-08');
    const detail = (await billingOp('GetInvoice', { invoiceId: invoice!.InvoiceId })).body as Invoice;
    expect(detail.Lines.map((l) => [l.Reason, l.PeriodStart, l.PeriodEnd, l.Quantity, l.Amount])).toEqual([['Start', '2026-08-10', '2026-09-01', 4, '28.39']]);
    expect(detail).toMatchObject({ Kind: 'Invoice', Currency: 'EUR', Subtotal: '28.39', TaxRate: '0.2000', TaxAmount: '5.68', Total: '34.07', ReverseCharge: false, SellerName: 'Northwind Cloud', BuyerName: 'Contoso Ltd' });
    // issue 16 "an invoice ready": told to Contoso's users who may read its invoices, with a link to its billing screen.
    const events = await rowsOf<{ recipient_user_ids: number[]; payload: unknown }>(
      sql`select recipient_user_ids, payload from outbox_events where event = 'InvoiceReady' and payload->>'link' = ${`/account/${contoso}/billing`}`,
    );
    const readers = await rowsOf<{ username: string; account_id: number }>(sql`select username, account_id from users where username in ('company.admin', 'reseller.admin')`);
    expect(events).toEqual([{ recipient_user_ids: [readers.find((r) => r.username === 'company.admin')!.account_id], payload: { values: { count: '1', period: '2026-08', account: 'Contoso Ltd' }, link: `/account/${contoso}/billing` } }]);
  });

  it('bills September: the month whole, the added seats for 15 of 30 days, and the pending credit, which becomes Billed', async () => {
    const run = await runContoso('2026-09');
    expect(run).toMatchObject({ Status: 'Completed', InvoicesCreated: 1 });
    const [invoice] = await invoicesOf('2026-09');
    const detail = (await billingOp('GetInvoice', { invoiceId: invoice!.InvoiceId })).body as Invoice;
    expect(detail.Lines.map((l) => [l.Reason, l.PeriodStart, l.Quantity, l.Amount])).toEqual([
      ['Recurring', '2026-09-01', 4, '40.00'],
      ['QuantityChange', '2026-09-16', 2, '10.00'],
      ['CustomCharge', '2026-09-20', 1, '-15.00'],
    ]);
    // The total is the sum of the rounded lines plus the tax rounded once.
    expect(detail).toMatchObject({ Subtotal: '35.00', TaxAmount: '7.00', Total: '42.00' });
    const [charge] = await rowsOf<{ status: string; invoice_id: number }>(sql`select status, invoice_id from custom_charges where name = 'September goodwill credit'`);
    expect(charge).toEqual({ status: 'Billed', invoice_id: invoice!.InvoiceId });
    // Invoice numbers run on per seller without gaps.
    const numbers = await rowsOf<{ number: number }>(sql`select number from invoices where seller_account_id = ${invoice!.SellerAccountId} order by number`);
    expect(numbers.map((n) => n.number)).toEqual([1, 2]);
  });

  it('changes nothing when run again: three runs, byte-identical invoices, no new number', async () => {
    const before = JSON.stringify(await Promise.all((await invoicesOf('2026-09')).map(async (i) => (await billingOp('GetInvoice', { invoiceId: i.InvoiceId })).body)));
    const told = await rowsOf(sql`select id from outbox_events where event = 'InvoiceReady'`);
    for (let i = 0; i < 2; i += 1) expect(await runContoso('2026-09')).toMatchObject({ Status: 'Completed', InvoicesCreated: 0 });
    // Nothing billed, nobody told again.
    expect(await rowsOf(sql`select id from outbox_events where event = 'InvoiceReady'`)).toEqual(told);
    const after = JSON.stringify(await Promise.all((await invoicesOf('2026-09')).map(async (i) => (await billingOp('GetInvoice', { invoiceId: i.InvoiceId })).body)));
    expect(after).toBe(before);
    expect((await rowsOf<{ n: number }>(sql`select count(*)::int as n from invoices where payer_account_id = ${contoso}`))[0]!.n).toBe(2);
  });

  it('bills a month once when two runs race for it: the second is refused while the first runs (issue 30), or bills nothing after it', async () => {
    const answers = await Promise.all([0, 1].map(() => billingOp('RunBilling', { accountId: contoso, intervalId: '2026-10' })));
    const started = answers.filter((answer) => answer.status === 200).map((answer) => (answer.body as BillingRun).BillingRunId);
    expect(started.length + answers.filter((answer) => answer.status === 409).length).toBe(2);
    const runs = await until(
      async () => ((await billingOp('GetBillingRuns', { accountId: contoso })).body.BillingRuns as BillingRun[]).filter((r) => started.includes(r.BillingRunId)),
      (list) => list.every((r) => r.Status === 'Completed'),
    );
    expect(runs.reduce((sum, r) => sum + r.InvoicesCreated, 0)).toBe(1);
    const [invoice] = await invoicesOf('2026-10');
    expect((await invoicesOf('2026-10')).length).toBe(1);
    expect(invoice).toMatchObject({ Subtotal: '60.00' });
  });

  it('answers the same run for the same Idempotency-Key', async () => {
    const first = await billingOp('RunBilling', { accountId: contoso, intervalId: '2026-07' }, reseller, { 'idempotency-key': 'run-july-1' });
    const again = await billingOp('RunBilling', { accountId: contoso, intervalId: '2026-07' }, reseller, { 'idempotency-key': 'run-july-1' });
    expect(again.status).toBe(200);
    expect(again.body.BillingRunId).toBe(first.body.BillingRunId);
  });

  it('refuses a month that is not over, and a caller without BILLING_RUN or outside the hierarchy', async () => {
    const open = await billingOp('RunBilling', { accountId: contoso, intervalId: '2099-01' });
    expect(open.status).toBe(400);
    expect(open.body.Message).toBe('2099-01 is not over yet: a month is billed after its last day.');
    expect((await billingOp('RunBilling', { accountId: contoso, intervalId: '2026-08' }, companyAdmin)).status).toBe(403);
    expect((await billingOp('RunBilling', { accountId: contoso, intervalId: '2026-08' }, otherReseller)).status).toBe(403);
    expect((await billingOp('RunBilling', { accountId: contoso, intervalId: '2026-13' })).status).toBe(400);
  });
});

describe('invoices and online bills', () => {
  it('shows the buyer its invoice without the seller’s purchase prices and margins, and nothing to another reseller', async () => {
    const [invoice] = await invoicesOf('2026-09', companyAdmin);
    const asBuyer = (await billingOp('GetInvoice', { invoiceId: invoice!.InvoiceId }, companyAdmin)).body as Invoice;
    expect(asBuyer.Lines.every((l) => !('PurchaseAmount' in l) && !('Margin' in l))).toBe(true);
    const asSeller = (await billingOp('GetInvoice', { invoiceId: invoice!.InvoiceId })).body as Invoice;
    expect(asSeller.Lines.find((l) => l.Reason === 'CustomCharge')).toMatchObject({ PurchaseAmount: '0.00', Margin: '-15.00' });
    expect((await billingOp('GetInvoice', { invoiceId: invoice!.InvoiceId }, otherReseller)).status).toBe(403);
    expect((await billingOp('GetInvoices', { accountId: contoso }, otherReseller)).status).toBe(403);
  });

  it('lists the intervals newest first, the billed ones with invoices, the current one open', async () => {
    const answer = await accountOp('GetIntervals', { accountId: contoso }, companyAdmin);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ Currency: 'EUR', TimeZone: 'Europe/London' });
    const intervals = answer.body.Intervals as { IntervalId: string; IsClosed: boolean; HasInvoices: boolean; StartDate: string; EndDate: string }[];
    expect(intervals.at(-1)).toMatchObject({ IntervalId: '2026-08', StartDate: '2026-08-01', EndDate: '2026-08-31', IsClosed: true, HasInvoices: true });
    expect(intervals.find((i) => i.IntervalId === '2026-10')).toMatchObject({ IsClosed: true, HasInvoices: true });
    expect(intervals[0]!.IsClosed).toBe(false);
  });

  it("gives the reseller its sales with margin, per customer, and the company its purchases", async () => {
    const northwind = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Northwind Cloud'`))[0]!.id;
    const soldAnswer = await accountOp('GetOnlineBill', { accountId: northwind, billingInterval: '2026-09', groupByCustomers: true, sortBy: 'Amount', sortDirection: 'desc' });
    expect(soldAnswer.body).toMatchObject({ IntervalId: '2026-09' });
    const sold = soldAnswer.body as OnlineBill;
    expect(sold.Lines.map((l) => [l.Direction, l.Reason, l.Amount])).toEqual([
      ['Sale', 'Recurring', '40.00'],
      ['Sale', 'QuantityChange', '10.00'],
      ['Sale', 'CustomCharge', '-15.00'],
    ]);
    expect(sold.Totals).toEqual([{ Currency: 'EUR', Sales: '35.00', Purchases: '0.00', Margin: expect.any(String) }]);
    expect(sold.Customers).toEqual([{ CustomerAccountId: contoso, CustomerName: 'Contoso Ltd', Currency: 'EUR', Lines: 3, Amount: '35.00', Margin: expect.any(String) }]);
    const bought = (await accountOp('GetOnlineBill', { accountId: contoso, billingInterval: '2026-09' }, companyAdmin)).body as OnlineBill;
    // The buyer's bill carries no margin field at all (issue 30).
    expect(bought.Lines.every((l) => l.Direction === 'Purchase' && !('Margin' in l))).toBe(true);
    expect(bought.Totals).toEqual([{ Currency: 'EUR', Sales: '0.00', Purchases: '35.00' }]);
    const empty = (await accountOp('GetOnlineBill', { accountId: contoso, billingInterval: '2026-07' }, companyAdmin)).body as OnlineBill;
    expect(empty).toMatchObject({ Lines: [], Total: 0, Totals: [{ Currency: 'EUR', Sales: '0.00', Purchases: '0.00' }] });
    expect((await accountOp('GetOnlineBill', { accountId: contoso, billingInterval: '2026-09' }, otherReseller)).status).toBe(403);
  });
});

describe('downloads', () => {
  it('draws an invoice as a PDF for its buyer and seller, and refuses another reseller', async () => {
    const [invoice] = await invoicesOf('2026-09', companyAdmin);
    const answer = await billingOp('DownloadInvoice', { invoiceId: invoice!.InvoiceId }, companyAdmin);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ FileName: `${invoice!.InvoiceNumber.replace(/[^\w-]/g, '_')}.pdf`, ContentType: 'application/pdf' });
    const pdf = Buffer.from(answer.body.ContentBase64 as string, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    // The logo, the embedded font and a page make a document of some size.
    expect(pdf.length).toBeGreaterThan(5_000);
    expect((await billingOp('DownloadInvoice', { invoiceId: invoice!.InvoiceId }, otherReseller)).status).toBe(403);
  });

  it('exports the online bill to Excel with exactly the bill’s lines, read back with exceljs', async () => {
    const northwind = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Northwind Cloud'`))[0]!.id;
    const answer = await accountOp('ExportOnlineBill', { accountId: northwind, billingInterval: '2026-09', groupByCustomers: true });
    expect(answer.status).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(answer.body.ContentBase64 as string, 'base64') as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Kind', 'Customer', 'Reason', 'Amount', 'Margin']));
    const amounts = [2, 3, 4].map((r) => sheet.getRow(r).getCell(11).value);
    expect(amounts).toEqual([40, 10, -15]);
    expect(sheet.getRow(2).getCell(1).value).toBe('Sale');
    expect(sheet.getRow(5).getCell(1).value).toBe(null);
    expect((await accountOp('ExportOnlineBill', { accountId: northwind, billingInterval: '2026-09' }, otherReseller)).status).toBe(403);
  });
});

/** A report page's rows as objects by column name. */
function asObjects(answer: unknown): Record<string, unknown>[] {
  const body = answer as { Columns?: { Name: string }[]; Rows?: unknown[][] };
  const names = (body.Columns ?? []).map((c) => c.Name);
  return (body.Rows ?? []).map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]])));
}

describe('revenue reports', () => {
  it('sums the lines Northwind billed per month, with cost and margin, and shows nothing of it to another reseller', async () => {
    const run = (cookie: string, reportName: string) =>
      call(server.app, 'IReportingService/RunReport', { reportName, paremeterFields: [{ name: 'period', value: '2026-08-01/2026-09-30' }], sort: { column: 'Month', direction: 'asc' } }, { cookie });
    const answer = await run(reseller, 'RevenueByMonth');
    expect(answer.status).toBe(200);
    const rows = asObjects(answer.body);
    // August: 28.39; September: 40 + 10 − 15 (the custom charge costs nothing).
    expect(rows.map((r) => [r.Month, r.Currency, r.Invoices, r.Revenue])).toEqual([
      ['2026-08', 'EUR', 1, 28.39],
      ['2026-09', 'EUR', 1, 35],
    ]);
    // The test's subscription is priced in euros, as its pricelist: the lines' cost is known, and the
    // credit (which costs nothing) takes its 15 off the margin.
    expect([rows[1]!.Cost, rows[1]!.Margin]).toEqual([20.5, 14.5]);
    expect(answer.body.Chart).toBeTruthy();
    expect(asObjects((await run(otherReseller, 'RevenueByMonth')).body)).toEqual([]);
    const byCustomer = await call(server.app, 'IReportingService/RunReport', { reportName: 'RevenueByCustomer' }, { cookie: reseller });
    // August 28.39, September 35.00, October 60.00.
    expect(asObjects(byCustomer.body).map((r) => [r.Customer, r.Revenue])).toEqual([['Contoso Ltd', 123.39]]);
    // The buyer sees what it was billed, not its seller's cost and margin: not even the columns (issue 30).
    const buyersRun = await run(companyAdmin, 'RevenueByMonth');
    expect((buyersRun.body.Columns as { Name: string }[]).map((c) => c.Name)).toEqual(['Month', 'Currency', 'Invoices', 'Revenue']);
    expect(asObjects(buyersRun.body)).toEqual([
      { Month: '2026-08', Currency: 'EUR', Invoices: 1, Revenue: 28.39 },
      { Month: '2026-09', Currency: 'EUR', Invoices: 1, Revenue: 35 },
    ]);
  });
});

describe('invoice generation (RequestInvoiceGeneration)', () => {
  it('draws the month’s invoices into a ZIP, mails the requester a link, and gives the ZIP to the requester only', async () => {
    const asked = await billingOp('RequestInvoiceGeneration', { accountId: contoso, intervalId: '2026-09' }, companyAdmin);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ Status: 'Queued', InvoicesTotal: 1, EtaMinutes: 30, DownloadUrl: null });
    const tasks = await until(
      async () => (await billingOp('GetInvoiceGenerationTasks', { accountId: contoso }, companyAdmin)).body.Tasks as { TaskId: number; Status: string; InvoicesDone: number; DownloadUrl: string | null; MailFailed: boolean }[],
      (list) => list[0]?.Status === 'Completed',
    );
    expect(tasks[0]).toMatchObject({ TaskId: asked.body.TaskId, InvoicesDone: 1, DownloadUrl: `/billing/invoice-files/${asked.body.TaskId}` });
    const zipped = await server.app.inject({ method: 'GET', url: tasks[0]!.DownloadUrl!, headers: { cookie: companyAdmin } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-type']).toBe('application/zip');
    const { default: JSZip } = await import('jszip');
    const zip = await JSZip.loadAsync(zipped.rawPayload);
    const [invoice] = await invoicesOf('2026-09');
    expect(Object.keys(zip.files)).toEqual([`${invoice!.InvoiceNumber}.pdf`]);
    expect((await zip.file(`${invoice!.InvoiceNumber}.pdf`)!.async('nodebuffer')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [mail] = await rowsOf<{ subject: string; text_body: string }>(sql`select subject, text_body from mail_outbox order by id desc limit 1`);
    expect(mail!.subject).toMatch(/^Your invoices for September 2026 are ready$/);
    expect(mail!.text_body).toContain(`/billing/invoice-files/${asked.body.TaskId}`);
    // Another user — even the seller — does not get the requester's files.
    expect((await server.app.inject({ method: 'GET', url: tasks[0]!.DownloadUrl!, headers: { cookie: reseller } })).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: tasks[0]!.DownloadUrl! })).statusCode).toBe(401);
  });

  it('says so for a month without invoices, and refuses an account outside the hierarchy', async () => {
    const empty = await billingOp('RequestInvoiceGeneration', { accountId: contoso, intervalId: '2026-05' }, companyAdmin);
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toBe('No billing data for this period');
    expect((await billingOp('RequestInvoiceGeneration', { accountId: contoso, intervalId: '2026-09' }, otherReseller)).status).toBe(403);
  });
});
