import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type CallResult, type TestServer } from '../test/testServer';
import { documentedOperations, requestForms, sampleOf, type DocumentedOperation } from '../test/requestSamples';
import { sellerOnlyFindings, sellerOnlyHeaders, workbooksIn } from '../test/sellerOnlyFields';

// Issue 30 "Customers see their reseller's cost": company.admin of Contoso (a buyer: platform/
// sellerSide.ts) calls every operation of the OpenAPI document that reads — with ids of its own
// demo world, so the handlers answer real data — and no answer, Excel file or chat answer may carry
// a cost, purchase price, margin or a price explained by the purchase price. Its reseller, the
// seller, still sees them, so the walk cannot pass by hiding everything from everyone.

/** Operations that read: the walk calls all of them. The rest change data and answer what a read shows next. */
const READS = /^(Get|Load|Search|List|Export|Download|Preview|Explain|Run|Ping|Validate)/;

/**
 * Reads the walk calls but which cannot answer data for a buyer, with why. Each is still called and
 * must answer as written here (so an answer with data would be walked, and this list stays true).
 */
const NO_DATA: Record<string, { status: number; why: string }> = {
  'IAccountService/GetSupportDetailsForAccount': { status: 400, why: 'support details belong to a reseller; Contoso is a company' },
  'IAccountService/GetViewLayout': { status: 404, why: 'a layout exists only for real views; it carries field definitions, no figures' },
  'IAccountService/GetEnumData': { status: 404, why: 'enumerations are option lists, no figures' },
  'IAccountService/ValidateRemoteFieldWithResult': { status: 400, why: 'checks one field value; answers valid or not' },
  'IAccountService/PreviewUpgrade': { status: 400, why: "no subscription of Contoso's demo world has an upgrade path; its prices are GetUpgradeOptions' (walked)" },
  'IMarketplaceService/GetPropagationStatus': { status: 400, why: 'propagation is a seller operation (its id is a seller run)' },
};

let server: TestServer;
let operations: DocumentedOperation[];
let buyer: string;
let seller: string;
const world = { contoso: 0, companyUser: 0, subscription: 0, order: 0, invoice: 0, interval: '', quote: 0, serviceName: '' };

const first = async <T>(query: ReturnType<typeof sql>): Promise<T> => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

beforeAll(async () => {
  server = await startTestServer();
  operations = await documentedOperations(server.app);
  [buyer, seller] = await Promise.all([signIn(server.app, 'company.admin'), signIn(server.app, 'reseller.admin')]);
  world.contoso = (await first<{ id: number }>(sql`select id from accounts where display_name = 'Contoso Ltd'`)).id;
  const c = world.contoso;
  world.companyUser = (await first<{ id: number }>(sql`select account_id as id from users where username = 'company.user'`)).id;
  const subscription = await first<{ id: number; product: string }>(
    sql`select s.account_id as id, s.product_name as product from subscriptions s join accounts a on a.id = s.account_id where a.path like ${`%/${c}/%`} and a.state = 'Active' order by s.account_id limit 1`,
  );
  world.subscription = subscription.id;
  world.serviceName = subscription.product;
  world.order = (await first<{ id: number }>(sql`select id from orders where company_account_id = ${c} order by id limit 1`)).id;
  const invoice = await first<{ id: number; interval: string }>(sql`select id, interval_id as interval from invoices where payer_account_id = ${c} order by id desc limit 1`);
  world.invoice = invoice.id;
  world.interval = invoice.interval;
  // The demo world has no quote sent to Contoso: its reseller sends one (with a discount within its margin).
  const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const line = { ProductName: 'NIMBUS_ENDPOINT', Quantity: 2, Commitment: '1-month', BillingFrequency: 'Monthly', DiscountPercent: '2' };
  const saved = await call(server.app, 'ISalesQuoteService/SaveQuote', { quote: { AccountId: c, Name: 'Endpoints', ValidUntil: validUntil }, productList: [line], currency: 'EUR' }, { cookie: seller });
  world.quote = (saved.body.Quote as { QuoteId: number }).QuoteId;
  expect((await call(server.app, 'ISalesQuoteService/SendQuote', { quoteId: world.quote }, { cookie: seller })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

/** Bodies naming Contoso's own things, where a generated sample would name nothing real. */
function bodiesOf(operation: DocumentedOperation): unknown[] {
  const w = world;
  const hand: Record<string, unknown[]> = {
    'IAccountService/GetSubscription': [{ accountId: w.subscription }],
    'IAccountService/GetUpgradeOptions': [{ accountId: w.subscription }],
    'IAccountService/GetOrder': [{ orderId: w.order }],
    'IReportingService/RunReport': [{ reportName: 'RevenueByCustomer' }],
    'IAccountService/GetOrderAttachments': [{ orderId: w.order }],
    'IAccountService/PreviewOrder': [{ parentAccountId: w.contoso, productName: 'NIMBUS_ENDPOINT', quantity: 3, commitment: '1-month', billingFrequency: 'Monthly' }],
    'IAccountService/GetOnlineBill': [{ accountId: w.contoso, billingInterval: w.interval }, { accountId: w.contoso, billingInterval: w.interval, groupByCustomers: true }],
    'IAccountService/ExportOnlineBill': [{ accountId: w.contoso, billingInterval: w.interval, groupByCustomers: true }],
    'IInvoiceBillingService/GetInvoices': [{ accountId: w.contoso }, { accountId: w.contoso, side: 'Purchases' }],
    'IInvoiceBillingService/GetInvoice': [{ invoiceId: w.invoice }],
    'IInvoiceBillingService/DownloadInvoice': [{ invoiceId: w.invoice }],
    'ISalesQuoteService/GetQuote': [{ quoteId: w.quote }],
    'IMarketplaceService/GetService': [{ serviceId: w.serviceName }],
    'IMarketplaceService/GetMarketplaceTerms': [{ serviceName: w.serviceName }],
    'IMarketplaceService/SearchServices': [{ filter: {}, includeFacets: true }, { filter: {}, page: 1 }],
    'ICustomChargeService/GetCustomCharges': [{ accountId: w.contoso }, { accountId: w.contoso, filter: { Status: 'Billed' } }],
  };
  return hand[operation.name] ?? requestForms(operation.schema).map((form) => sampleOf(form, { ids: { account: w.contoso, user: w.companyUser } }));
}

/** The answer's findings, its Excel files' included. */
async function findingsOf(name: string, result: CallResult): Promise<string[]> {
  const findings = sellerOnlyFindings(result.body).map((f) => `${name} ${f}`);
  for (const workbook of workbooksIn(result.body)) findings.push(...(await sellerOnlyHeaders(workbook)).map((h) => `${name} Excel header ${h}`));
  return findings;
}

describe("a buyer never gets its seller's cost, purchase price or margin", () => {
  it('company.admin calls every read operation with its own ids: no answer or Excel file carries one', async () => {
    const findings: string[] = [];
    const unexpected: string[] = [];
    const answered: string[] = [];
    for (const operation of operations.filter((o) => READS.test(o.name.split('/')[1]!))) {
      for (const body of bodiesOf(operation)) {
        const result = await call(server.app, operation.name, body, operation.isPublic ? {} : { cookie: buyer });
        const expected = NO_DATA[operation.name];
        if (result.status === 200) answered.push(operation.name);
        else if (result.status !== 403 && result.status !== expected?.status) unexpected.push(`${operation.name} ${JSON.stringify(body)}: ${result.status} ${result.body.Message}`);
        findings.push(...(await findingsOf(operation.name, result)));
      }
    }
    expect(unexpected).toEqual([]);
    expect(findings).toEqual([]);
    // The walk reached the buyer's billing, orders, quotes, catalog and reports (not a wall of 403s).
    for (const reached of ['ICustomChargeService/GetCustomCharges', 'IAccountService/GetOnlineBill', 'IInvoiceBillingService/GetInvoice', 'IAccountService/GetOrder', 'ISalesQuoteService/GetQuote', 'IMarketplaceService/GetService', 'IAccountService/GetSubscription', 'IReportingService/GetReports']) {
      expect(answered, reached).toContain(reached);
    }
  });

  it("runs every report company.admin may run, on screen and as Excel, without a cost or margin column", async () => {
    const reports = (await call(server.app, 'IReportingService/GetReports', {}, { cookie: buyer })).body.Reports as { Name: string; Columns: { Name: string }[] }[];
    expect(reports.length).toBeGreaterThan(0);
    const findings: string[] = [];
    for (const report of reports) {
      findings.push(...report.Columns.filter((c) => /cost|margin|purchase/i.test(c.Name)).map((c) => `${report.Name} column ${c.Name}`));
      for (const generateExcelFile of [false, true]) {
        const result = await call(server.app, 'IReportingService/RunReport', { reportName: report.Name, generateExcelFile }, { cookie: buyer });
        expect(result.status, `${report.Name} ${result.body.Message}`).toBe(200);
        findings.push(...(await findingsOf(report.Name, result)));
        const columns = (result.body.Columns as { Name: string }[] | undefined) ?? [];
        findings.push(...columns.filter((c) => /cost|margin/i.test(c.Name)).map((c) => `${report.Name} ran with column ${c.Name}`));
      }
      // Asking for the column by name is refused like any column the report does not have.
      const asked = await call(server.app, 'IReportingService/RunReport', { reportName: report.Name, columns: ['Margin'] }, { cookie: buyer });
      expect(asked.status).toBe(400);
    }
    expect(findings).toEqual([]);
  });

  it("answers the chat assistant's questions about prices, orders and subscriptions without a cost", async () => {
    const token = (await call(server.app, 'IChatBotService/GetChatBotToken', {}, { cookie: buyer })).body.Token as string;
    const findings: string[] = [];
    for (const text of ['What did my reseller pay for Skyline Mail?', 'show my subscriptions', 'my orders', 'what is the margin on my last order?', 'purchase price of my services']) {
      const result = await call(server.app, 'IChatBotService/Ask', { token, text }, { cookie: buyer });
      expect(result.status, text).toBe(200);
      findings.push(...(await findingsOf(`Ask "${text}"`, result)));
      findings.push(...(/\b(cost|margin|purchase price)\b/i.test(JSON.stringify(result.body)) ? [`Ask "${text}" mentions it: ${JSON.stringify(result.body).slice(0, 200)}`] : []));
    }
    expect(findings).toEqual([]);
  });

  it("shows the seller (reseller.admin) the cost of Contoso's Migration support, and the buyer only its price", async () => {
    const bySeller = await call(server.app, 'ICustomChargeService/GetCustomCharges', { accountId: world.contoso, filter: { Text: 'Migration support' } }, { cookie: seller });
    expect(bySeller.body).toMatchObject({ SellerView: true, CustomCharges: [{ Name: 'Migration support', Price: '960.00', Cost: '600.00' }] });
    const byBuyer = await call(server.app, 'ICustomChargeService/GetCustomCharges', { accountId: world.contoso, filter: { Text: 'Migration support' } }, { cookie: buyer });
    expect(byBuyer.body).toMatchObject({ SellerView: false, CustomCharges: [{ Name: 'Migration support', Price: '960.00' }] });
    expect(byBuyer.body.CustomCharges).toEqual([expect.not.objectContaining({ Cost: expect.anything() })]);
    // Ordering by cost would rank the costs: refused to the buyer, naming the field.
    const sorted = await call(server.app, 'ICustomChargeService/GetCustomCharges', { accountId: world.contoso, sortBy: 'Cost' }, { cookie: buyer });
    expect(sorted.status).toBe(400);
    expect(sorted.body.Message).toContain('sortBy');
  });

  it("keeps a charge's cost out of its buyer's audit log, and in its seller's", async () => {
    const created = await call(server.app, 'ICustomChargeService/CreateCustomCharge', { accountId: world.contoso, customCharge: { Name: 'Audit probe', Price: '50.00', Cost: '31.00' } }, { cookie: seller });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const entryOf = async (cookie: string) => {
      const log = await call(server.app, 'IAccountService/GetAuditLog', { accountId: world.contoso, isUserLog: false, page: 0, pageSize: 50 }, { cookie });
      expect(log.status, JSON.stringify(log.body)).toBe(200);
      return (log.body.Entries as { Action: string; Details: Record<string, unknown> }[]).find((entry) => entry.Action === 'CustomChargeCreated' && entry.Details.Name === 'Audit probe');
    };
    expect((await entryOf(seller))?.Details).toMatchObject({ Price: '50.00', Cost: '31.00' });
    const seenByBuyer = await entryOf(buyer);
    expect(seenByBuyer?.Details).toMatchObject({ Price: '50.00' });
    expect(sellerOnlyFindings(seenByBuyer)).toEqual([]);
    const exported = await call(server.app, 'IAccountService/ExportAuditLog', { accountId: world.contoso, isUserLog: false }, { cookie: buyer });
    expect(exported.status).toBe(200);
    const [workbook] = workbooksIn(exported.body);
    expect(workbook).toBeDefined();
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(workbook!, 'base64') as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
    expect(cells.some((text) => text.includes('Audit probe'))).toBe(true);
    expect(cells.filter((text) => /31\.00|\bCost\b/.test(text))).toEqual([]);
  });
});
