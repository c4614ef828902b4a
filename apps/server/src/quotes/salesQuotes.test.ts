import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { startVendorSandbox, type VendorSandbox } from '../provisioning/sandbox/vendorSandbox';

// Issue 17 "Sales quotes", on the demo world: Northwind's reseller.admin quotes Nimbus services to
// Contoso Ltd (Northwind's EUR pricelist), sends the quote, and Contoso's company.admin accepts it:
// orders through the ordering path, exactly once. Fabrikam's other.admin sees none of it.

let sandbox: VendorSandbox;
let server: TestServer;
let reseller: string;
let companyAdmin: string;
let otherReseller: string;
let contoso: number;

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the answer holds
type Answer = { status: number; body: any };
const op = (name: string, body: unknown, cookie: string, headers: Record<string, string> = {}): Promise<Answer> => call(server.app, `ISalesQuoteService/${name}`, body, { cookie, headers });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const line = (extra: Record<string, unknown> = {}) => ({ ProductName: 'NIMBUS_ENDPOINT', Quantity: 2, Commitment: '1-month', BillingFrequency: 'Monthly', ...extra });
const save = (extra: { quote?: Record<string, unknown>; productList?: unknown[]; currency?: string } = {}, cookie = reseller) =>
  op('SaveQuote', { quote: { AccountId: contoso, Name: 'Endpoints for Contoso', ValidUntil: inDays(14), Terms: 'Net 30', ...extra.quote }, productList: extra.productList ?? [line()], currency: extra.currency ?? 'EUR' }, cookie);
/** A quote saved and sent by the reseller: its id. */
const sentQuote = async (productList = [line()]) => {
  const saved = await save({ productList });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const sent = await op('SendQuote', { quoteId: saved.body.Quote.QuoteId }, reseller);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return saved.body.Quote.QuoteId as number;
};
const ordersOfQuote = (quoteId: number) => rowsOf<{ order_id: number; order_value: string; unit_price: string | null }>(
  sql`select o.id as order_id, o.order_value::text, s.unit_price::text from sales_quote_lines l join orders o on o.id = l.order_id left join subscriptions s on s.order_id = o.id where l.quote_id = ${quoteId} order by l.position`,
);
const orderCount = async () => (await rowsOf<{ n: number }>(sql`select count(*)::int as n from orders`))[0]!.n;

beforeAll(async () => {
  sandbox = await startVendorSandbox({ options: { completionDelayMs: 100 } });
  process.env.VENDOR_SANDBOX_URL = sandbox.url;
  server = await startTestServer();
  [reseller, companyAdmin, otherReseller] = await Promise.all(['reseller.admin', 'company.admin', 'other.admin'].map((name) => signIn(server.app, name)));
  contoso = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Contoso Ltd' and type = 'Company'`))[0]!.id;
  // Room for the quotes' orders under Contoso's credit limit, so they go straight to provisioning.
  await server.handle.db.execute(sql`update company_credit_limits set credit_limit = 100000 where company_account_id = ${contoso}`);
}, 120_000);
afterAll(async () => {
  delete process.env.VENDOR_SANDBOX_URL;
  await server?.close();
  await sandbox?.close();
});

describe('preparing a quote (SaveQuote, GetQuote, GetQuotes)', () => {
  it("prices each line by Contoso's pricelist exactly as its order would be", async () => {
    const saved = await save();
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const quote = saved.body.Quote;
    expect(quote).toMatchObject({ Status: 'Draft', CustomerName: 'Contoso Ltd', SellerName: 'Northwind Cloud', Currency: 'EUR', Terms: 'Net 30', CanEdit: true, CanSend: true, CanDecide: false });
    const preview = await call(server.app, 'IAccountService/PreviewOrder', { parentAccountId: contoso, productName: 'NIMBUS_ENDPOINT', quantity: 2, commitment: '1-month', billingFrequency: 'Monthly' }, { cookie: companyAdmin });
    expect(quote.Lines[0].ListValue).toBe(preview.body.OrderValue);
    expect(quote.Total).toBe(preview.body.OrderValue);
    expect(quote.Discount).toBe('0.00');
    expect(Number(quote.Lines[0].MaxDiscountPercent)).toBeGreaterThan(0);
  });

  it('takes a discount within the margin and refuses one beyond it, naming the largest possible', async () => {
    const probe = (await save()).body.Quote;
    const max = probe.Lines[0].MaxDiscountPercent as string;
    const beyond = await save({ productList: [line({ DiscountPercent: (Number(max) + 0.01).toFixed(2) })] });
    expect(beyond.status).toBe(400);
    expect(beyond.body.Message).toContain(`${max}%`);
    const within = await save({ productList: [line({ DiscountPercent: '5' })] });
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    const discounted = within.body.Quote;
    expect(discounted.Lines[0].DiscountPercent).toBe('5.00');
    expect(Number(discounted.Total)).toBeLessThan(Number(discounted.SubTotal));
    expect(discounted.Discount).not.toBe('0.00');
  });

  it('refuses another currency than the pricelist’s and a validity date already passed', async () => {
    const currency = await save({ currency: 'USD' });
    expect(currency.status).toBe(400);
    expect(currency.body.Message).toContain('EUR');
    const past = await save({ quote: { ValidUntil: inDays(-2) } });
    expect(past.status).toBe(400);
  });

  it('changes a draft and lists it under My quotes and Customer quotes, filtered by status, sorted and limited', async () => {
    const id = (await save()).body.Quote.QuoteId;
    const changed = await save({ quote: { QuoteId: id, Name: 'Endpoints, revised' }, productList: [line({ Quantity: 3 })] });
    expect(changed.status).toBe(200);
    expect(changed.body.Quote).toMatchObject({ QuoteId: id, Name: 'Endpoints, revised' });
    expect(changed.body.Quote.Lines[0].Quantity).toBe(3);
    const mine = await op('GetQuotes', { scope: 'Mine', text: 'revised' }, reseller);
    expect(mine.body.Quotes.map((q: { QuoteId: number }) => q.QuoteId)).toContain(id);
    const customers = await op('GetQuotes', { scope: 'Customers', status: 'Draft', sortBy: 'Total', sortDirection: 'asc' }, reseller);
    expect(customers.status).toBe(200);
    expect(customers.body.Quotes.every((q: { Status: string }) => q.Status === 'Draft')).toBe(true);
    const limited = await op('GetQuotes', { limit: 1 }, reseller);
    expect(limited.body.Quotes).toHaveLength(1);
  });

  it("keeps a draft from the customer: company.admin neither lists nor opens it", async () => {
    const id = (await save()).body.Quote.QuoteId;
    expect((await op('GetQuote', { quoteId: id }, companyAdmin)).status).toBe(403);
    const listed = await op('GetQuotes', { scope: 'Mine' }, companyAdmin);
    expect(listed.body.Quotes.map((q: { QuoteId: number }) => q.QuoteId)).not.toContain(id);
    expect((await op('GetQuotes', { scope: 'Customers' }, companyAdmin)).status).toBe(403);
  });
});

describe('sending a quote (SendQuote)', () => {
  it('e-mails the customer the quote with a PDF and locks it against changes and deletion', async () => {
    const before = (await rowsOf<{ id: number }>(sql`select coalesce(max(id), 0) as id from mail_outbox`))[0]!.id;
    const id = await sentQuote();
    const mails = await rowsOf<{ recipient: string; subject: string; text_body: string; file_name: string; content_type: string; head: string }>(
      sql`select m.recipient, m.subject, m.text_body, a.file_name, a.content_type, convert_from(substring(a.content from 1 for 5), 'UTF8') as head
          from mail_outbox m join mail_outbox_attachments a on a.mail_id = m.id where m.id > ${before}`,
    );
    const [admin] = await rowsOf<{ email: string }>(sql`select email from users where username = 'company.admin'`);
    expect(mails).toContainEqual(expect.objectContaining({ recipient: admin!.email, file_name: `quote-${id}.pdf`, content_type: 'application/pdf', head: '%PDF-' }));
    expect(mails[0]!.subject).toContain(String(id));
    const edit = await save({ quote: { QuoteId: id } });
    expect(edit.status).toBe(409);
    expect(edit.body.Message).toContain('Draft');
    const removed = await op('DeleteQuotes', { quoteIds: [id] }, reseller);
    expect(removed.status).toBe(409);
    expect(removed.body.Message).toContain('Draft, Rejected and Expired');
    expect((await op('SendQuote', { quoteId: id }, reseller)).status).toBe(409);
  });
});

describe('the customer decides (AcceptQuote, RejectQuote)', () => {
  it('turns an accepted quote into orders at the quoted price, once', async () => {
    const id = await sentQuote([line({ DiscountPercent: '5' }), line({ Quantity: 1 })]);
    const quote = (await op('GetQuote', { quoteId: id }, companyAdmin)).body.Quote;
    expect(quote).toMatchObject({ Status: 'Sent', CanDecide: true, CanEdit: false, CanDelete: false });
    const countBefore = await orderCount();
    const accepted = await op('AcceptQuote', { quoteId: id }, companyAdmin);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.Quote.Status).toBe('Accepted');
    const made = await ordersOfQuote(id);
    expect(made).toHaveLength(2);
    expect(made.map((o) => o.order_value)).toEqual(quote.Lines.map((l: { Value: string }) => l.Value));
    // The discounted unit price is what the subscription keeps and bills.
    expect(made[0]!.unit_price).toBe(Number(quote.Lines[0].PriceLines.find((l: { FeeType: string }) => l.FeeType === 'Recurring').UnitPrice).toFixed(6));
    const again = await op('AcceptQuote', { quoteId: id }, companyAdmin);
    expect(again.status).toBe(409);
    expect(again.body.Message).toContain('Accepted');
    expect(await orderCount()).toBe(countBefore + 2);
    // The orders show under My orders.
    const myOrders = await call(server.app, 'IAccountService/GetOrders', { scope: 'Company', pageSize: 200 }, { cookie: companyAdmin });
    expect((myOrders.body as { Orders: { Id: number }[] }).Orders.map((o) => o.Id)).toEqual(expect.arrayContaining(made.map((o) => o.order_id)));
    const audit = await rowsOf<{ action: string }>(sql`select action from audit_log where details->>'QuoteId' = ${String(id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['QuoteSaved', 'QuoteSent', 'OrderPlaced', 'QuoteAccepted']));
  });

  it('weighs the quoted, discounted value in the credit check, not the list value', async () => {
    const probe = (await save()).body.Quote;
    const id = await sentQuote([line({ Quantity: 40, DiscountPercent: probe.Lines[0].MaxDiscountPercent })]);
    const quoted = (await op('GetQuote', { quoteId: id }, companyAdmin)).body.Quote.Lines[0] as { Value: string; ListValue: string };
    expect(Number(quoted.Value)).toBeLessThan(Number(quoted.ListValue));
    // A limit the discounted order fits under and the listed one would not.
    const preview = await call(server.app, 'IAccountService/PreviewOrder', { parentAccountId: contoso, productName: 'NIMBUS_ENDPOINT', quantity: 40, commitment: '1-month', billingFrequency: 'Monthly' }, { cookie: companyAdmin });
    const openBalance = Number((preview.body as { OpenBalance: string }).OpenBalance);
    const limit = (openBalance + (Number(quoted.Value) + Number(quoted.ListValue)) / 2).toFixed(2);
    await server.handle.db.execute(sql`update company_credit_limits set credit_limit = ${limit} where company_account_id = ${contoso}`);
    try {
      const accepted = await op('AcceptQuote', { quoteId: id }, companyAdmin);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      const [order] = await rowsOf<{ approval_status: string; order_value: string; projected_invoice: string }>(
        sql`select o.approval_status, o.order_value::text, o.projected_invoice::text from sales_quote_lines l join orders o on o.id = l.order_id where l.quote_id = ${id}`,
      );
      expect(order).toMatchObject({ approval_status: 'Approved', order_value: quoted.Value });
      expect(Number(order!.projected_invoice)).toBeCloseTo(openBalance + Number(quoted.Value), 2);
    } finally {
      await server.handle.db.execute(sql`update company_credit_limits set credit_limit = 100000 where company_account_id = ${contoso}`);
    }
  });

  it('makes one set of orders when two accepts race', async () => {
    const id = await sentQuote();
    const countBefore = await orderCount();
    const answers = await Promise.all([op('AcceptQuote', { quoteId: id }, companyAdmin), op('AcceptQuote', { quoteId: id }, companyAdmin)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await ordersOfQuote(id)).toHaveLength(1);
    expect(await orderCount()).toBe(countBefore + 1);
  });

  it('answers a repeated Idempotency-Key with the stored acceptance', async () => {
    const id = await sentQuote();
    const first = await op('AcceptQuote', { quoteId: id }, companyAdmin, { 'idempotency-key': `accept-${id}` });
    const second = await op('AcceptQuote', { quoteId: id }, companyAdmin, { 'idempotency-key': `accept-${id}` });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(await ordersOfQuote(id)).toHaveLength(1);
  });

  it('rejects a quote, which then may be deleted; the reseller cannot decide for the customer', async () => {
    const id = await sentQuote();
    expect((await op('AcceptQuote', { quoteId: id }, reseller)).status).toBe(403);
    const rejected = await op('RejectQuote', { quoteId: id, reason: 'Too early' }, companyAdmin);
    expect(rejected.status).toBe(200);
    expect(rejected.body.Quote).toMatchObject({ Status: 'Rejected', Reason: 'Too early' });
    expect((await op('AcceptQuote', { quoteId: id }, companyAdmin)).status).toBe(409);
    expect((await ordersOfQuote(id)).length).toBe(0);
    expect((await op('DeleteQuotes', { quoteIds: [id] }, reseller)).body).toEqual({ DeletedQuoteIds: [id] });
    expect((await op('GetQuote', { quoteId: id }, reseller)).status).toBe(403);
  });

  it('cannot accept an expired quote, which shows as Expired and may be deleted', async () => {
    const id = await sentQuote();
    await server.handle.db.execute(sql`update sales_quotes set valid_until = current_date - 1 where id = ${id}`);
    const accepted = await op('AcceptQuote', { quoteId: id }, companyAdmin);
    expect(accepted.status).toBe(409);
    expect(accepted.body.Message).toContain('expired');
    expect((await ordersOfQuote(id)).length).toBe(0);
    expect((await op('GetQuote', { quoteId: id }, reseller)).body.Quote.Status).toBe('Expired');
    const expired = await op('GetQuotes', { scope: 'Customers', status: 'Expired' }, reseller);
    expect(expired.body.Quotes.map((q: { QuoteId: number }) => q.QuoteId)).toContain(id);
    expect((await op('DeleteQuotes', { quoteIds: [id] }, reseller)).status).toBe(200);
  });
});

describe('another hierarchy (other.admin of Fabrikam)', () => {
  it('sees, changes and decides none of Contoso’s quotes, with the answer of a quote that does not exist', async () => {
    const id = await sentQuote();
    const missing = 987_654_321;
    for (const [name, body] of [
      ['GetQuote', { quoteId: id }],
      ['SendQuote', { quoteId: id }],
      ['AcceptQuote', { quoteId: id }],
      ['RejectQuote', { quoteId: id }],
      ['DeleteQuotes', { quoteIds: [id] }],
    ] as const) {
      const foreign = await op(name, body, otherReseller);
      const absent = await op(name, JSON.parse(JSON.stringify(body).replace(String(id), String(missing))), otherReseller);
      expect([name, foreign.status, foreign.body]).toEqual([name, 403, absent.body]);
    }
    expect((await save({}, otherReseller)).status).toBe(403);
    const listed = await op('GetQuotes', { scope: 'Customers' }, otherReseller);
    expect(listed.body.Quotes.map((q: { QuoteId: number }) => q.QuoteId)).not.toContain(id);
  });
});
