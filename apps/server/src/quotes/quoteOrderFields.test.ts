import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { startVendorSandbox, type VendorSandbox } from '../provisioning/sandbox/vendorSandbox';

// Issue 30 item 1: a quote for a service with required order fields can be accepted. Skyline Mail
// asks for its mail domain (required) and its mailboxes; Northwind's reseller.admin may fill them when
// quoting or leave them to Contoso's company.admin, who fills what is missing when accepting. The
// order is placed with the values through the ordering path, and no message names a raw key.

let sandbox: VendorSandbox;
let server: TestServer;
let reseller: string;
let companyAdmin: string;
let contoso: number;

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the answer holds
type Answer = { status: number; body: any };
const op = (name: string, body: unknown, cookie: string, headers: Record<string, string> = {}): Promise<Answer> => call(server.app, `ISalesQuoteService/${name}`, body, { cookie, headers });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const mail = (extra: Record<string, unknown> = {}) => ({ ProductName: 'SKYLINE_MAIL', Quantity: 5, Commitment: '1-month', BillingFrequency: 'Monthly', ...extra });
const save = (productList: unknown[]) => op('SaveQuote', { quote: { AccountId: contoso, Name: 'Mail for Contoso', ValidUntil: inDays(14) }, productList, currency: 'EUR' }, reseller);
/** A quote saved and sent by the reseller: its id. */
const sentQuote = async (productList: unknown[]) => {
  const saved = await save(productList);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const sent = await op('SendQuote', { quoteId: saved.body.Quote.QuoteId }, reseller);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return saved.body.Quote.QuoteId as number;
};
const ordersOfQuote = (quoteId: number) =>
  rowsOf<{ order_id: number; view_values: Record<string, unknown> }>(sql`select o.id as order_id, o.view_values from sales_quote_lines l join orders o on o.id = l.order_id where l.quote_id = ${quoteId} order by l.position`);

beforeAll(async () => {
  sandbox = await startVendorSandbox({ options: { completionDelayMs: 100 } });
  process.env.VENDOR_SANDBOX_URL = sandbox.url;
  server = await startTestServer();
  [reseller, companyAdmin] = await Promise.all(['reseller.admin', 'company.admin'].map((name) => signIn(server.app, name)));
  contoso = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = 'Contoso Ltd' and type = 'Company'`))[0]!.id;
  // Room for the quotes' orders under Contoso's credit limit, so they go straight to provisioning.
  await server.handle.db.execute(sql`update company_credit_limits set credit_limit = 100000 where company_account_id = ${contoso}`);
}, 120_000);
afterAll(async () => {
  delete process.env.VENDOR_SANDBOX_URL;
  await server?.close();
  await sandbox?.close();
});

describe('quoting a service with order fields (SaveQuote, GetQuote)', () => {
  it('keeps what the reseller filled and names the required fields it left open', async () => {
    const open = await save([mail({ ViewValues: { Mailboxes: '5' } })]);
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.Quote.Lines[0]).toMatchObject({ ViewValues: { Mailboxes: 5 }, MissingFields: ['Domain'] });
    const filled = await save([mail({ ViewValues: { Domain: ' contoso.example ' } }), { ...mail(), ProductName: 'NIMBUS_ENDPOINT', Quantity: 1 }]);
    expect(filled.body.Quote.Lines.map((l: { ViewValues: unknown; MissingFields: unknown }) => [l.ViewValues, l.MissingFields])).toEqual([
      [{ Domain: 'contoso.example' }, []],
      [{}, []],
    ]);
  });

  it("checks the reseller's values as an order's (format, type, unknown fields) with the field's label", async () => {
    for (const [values, message] of [
      [{ Domain: 'not a domain' }, 'Mail domain has an invalid format'],
      [{ Mailboxes: 'many' }, 'Mailboxes must be a int32 value'],
      [{ Nickname: 'x' }, 'Unknown field: Nickname'],
    ] as const) {
      const refused = await save([mail({ ViewValues: values })]);
      expect([refused.status, refused.body.Message]).toEqual([400, message]);
    }
  });
});

describe('accepting a quote with order fields (AcceptQuote)', () => {
  it('refuses to accept without a required field, naming it, and places nothing', async () => {
    const id = await sentQuote([mail()]);
    const refused = await op('AcceptQuote', { quoteId: id }, companyAdmin);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ Message: 'Mail domain is required', Field: 'Product_SKYLINE_MAIL.Domain' });
    expect(await ordersOfQuote(id)).toEqual([]);
    expect((await op('GetQuote', { quoteId: id }, companyAdmin)).body.Quote).toMatchObject({ Status: 'Sent', CanDecide: true });
    // In the customer's language too.
    const german = await call(server.app, 'ISalesQuoteService/AcceptQuote', { quoteId: id }, { cookie: companyAdmin, headers: { 'accept-language': 'de' } });
    expect(german.body.Message).toContain('Mail-Domain');
    expect(german.body.Message).not.toContain('Product_');
  });

  it("places the order with the customer's values under the reseller's, and the quote shows them", async () => {
    const id = await sentQuote([mail(), mail({ Quantity: 2, ViewValues: { Domain: 'reseller.example' } })]);
    const refusedFormat = await op('AcceptQuote', { quoteId: id, lines: [{ line: 0, viewValues: { Domain: 'not a domain' } }] }, companyAdmin);
    expect([refusedFormat.status, refusedFormat.body.Message]).toEqual([400, 'Mail domain has an invalid format']);
    const accepted = await op('AcceptQuote', { quoteId: id, lines: [{ line: 0, viewValues: { Domain: 'contoso.example', Mailboxes: 3 } }, { line: 1, viewValues: { Domain: 'customer.example' } }] }, companyAdmin);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.Quote.Status).toBe('Accepted');
    const orders = await ordersOfQuote(id);
    expect(orders.map((o) => o.view_values)).toEqual([{ Domain: 'contoso.example', Mailboxes: 3 }, { Domain: 'reseller.example' }]);
    expect(accepted.body.Quote.Lines.map((l: { ViewValues: unknown; MissingFields: unknown }) => [l.ViewValues, l.MissingFields])).toEqual([
      [{ Domain: 'contoso.example', Mailboxes: 3 }, []],
      [{ Domain: 'reseller.example' }, []],
    ]);
  });

  it('answers a replayed acceptance with the same orders', async () => {
    const id = await sentQuote([mail()]);
    const body = { quoteId: id, lines: [{ line: 0, viewValues: { Domain: 'replay.example' } }] };
    const key = { 'idempotency-key': `accept-fields-${id}` };
    const first = await op('AcceptQuote', body, companyAdmin, key);
    const second = await op('AcceptQuote', body, companyAdmin, key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(await ordersOfQuote(id)).toHaveLength(1);
    // The same key with other values is another request: refused, nothing placed again.
    expect((await op('AcceptQuote', { ...body, lines: [{ line: 0, viewValues: { Domain: 'other.example' } }] }, companyAdmin, key)).status).toBe(422);
  });

  it('refuses unknown request fields in a line', async () => {
    const id = await sentQuote([mail()]);
    expect((await op('AcceptQuote', { quoteId: id, lines: [{ line: 0, viewValues: {}, extra: 1 }] }, companyAdmin)).status).toBe(400);
  });
});
