import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// DESIGN.md "The API" and the accounts issue: every operation that names an account answers 403 when
// the account lies outside the caller's hierarchy — with the same answer as for an id that does not
// exist, so nobody can probe for ids. The matrix is built from the OpenAPI document, so an operation
// added later is covered without touching this file.

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  minLength?: number;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  format?: string;
};

/** Request fields that name an account (camelCase requests; MFA policy nests `AccountId`). */
const ACCOUNT_FIELDS = new Set(['accountId', 'accountIds', 'sourceAccountId', 'newParentAccountId', 'parentAccountId', 'targetRoot', 'userAccountId', 'companyAccountId', 'secondaryParentId', 'terminatorId', 'AccountId', 'ownerAccountId', 'customerAccountIds', 'subId', 'targetAccountId', 'ownerCompanyId']);
/** Request fields naming a tenant's pricelist or pricing rule (issue 13): the owner must lie in the caller's hierarchy. */
const PRICELIST_FIELDS = new Set(['marketplaceId', 'marketplacePriorityList', 'pricelistId']);
const RULE_FIELDS = new Set(['pricingRuleId', 'pricingRuleIds']);
/** A customer's custom charge (issue 13): its account must lie in the caller's hierarchy. */
const CHARGE_FIELDS = new Set(['customChargeId']);
/** A customer's order (issue 14): its company must lie in the caller's hierarchy. */
const ORDER_FIELDS = new Set(['orderId']);
/** An order's attachment (issue 14): its order's company must lie in the caller's hierarchy. */
const ATTACHMENT_FIELDS = new Set(['attachmentId']);
const namesTenantObject = (field: string) =>
  ACCOUNT_FIELDS.has(field) || PRICELIST_FIELDS.has(field) || RULE_FIELDS.has(field) || CHARGE_FIELDS.has(field) || ORDER_FIELDS.has(field) || ATTACHMENT_FIELDS.has(field);
const USER_FIELDS = new Set(['userAccountId', 'terminatorId']);
const MISSING_ID = 987_654_321;

/** Operations whose account lies deeper than a field of the request (the views of CreateAccount). */
const HAND_WRITTEN: Record<string, (ids: Ids) => unknown> = {
  // A file the schema accepts, so only the parent account decides.
  'IImportService/UploadImport': ({ account }) => ({ file: { FileName: 'probe.csv', ContentBase64: Buffer.from('Type,Company\r\n').toString('base64') }, parentAccountId: account }),
  'IAccountService/CreateAccount': ({ account }) => ({
    account: { Views: { Account: { Values: { AccountType: 'Department', ParentAccountId: account } }, Department: { Values: { DisplayName: 'Probe' } } } },
  }),
  'IMarketplaceService/CreateMarketplace': ({ account }) => ({ ownerAccountId: account, marketplaceProperties: { Name: 'Probe', Currency: 'EUR' } }),
  // A rule the schema accepts (a static rule needs its price), so only the pricelist decides.
  'IPricingRuleService/SavePricingRule': ({ pricelist }) => ({ marketplaceId: pricelist, rule: { Name: 'Probe', Model: 'Srp', Scope: { Kind: 'AllServices' } } }),
  // Amounts the schema accepts, so only the account decides.
  'ICustomChargeService/CreateCustomCharge': ({ account }) => ({ accountId: account, customCharge: { Name: 'Probe', Price: '1.00', Cost: '0.00' } }),
  // The service page of a catalog entry priced by a foreign pricelist.
  'IMarketplaceService/GetService': ({ pricelist }) => ({ serviceId: 'SKYLINE_MAIL', pricelistId: pricelist }),
  // A limit the schema accepts, so only the company decides.
  'IAccountService/SetCreditLimit': ({ account }) => ({ companyAccountId: account, creditLimit: '1000.00' }),
  // A month the schema accepts, so only the account decides.
  'IAccountService/GetOnlineBill': ({ account }) => ({ accountId: account, billingInterval: '2026-09' }),
  'IAccountService/ExportOnlineBill': ({ account }) => ({ accountId: account, billingInterval: '2026-09' }),
  'IInvoiceBillingService/RequestInvoiceGeneration': ({ account }) => ({ accountId: account, intervalId: '2026-09' }),
  // A reason the schema accepts, so only the order decides.
  'IAccountService/DeclineCreditCheckOrder': ({ order }) => ({ orderId: order, reason: 'Probe' }),
  // A file the checks accept (a pdf), so only the order decides.
  'IAccountService/AddOrderAttachment': ({ order }) => ({ orderId: order, fileName: 'Probe.pdf', contentBase64: Buffer.from('%PDF-1.4 probe').toString('base64') }),
  // Issue 15: a report's customer is a parameter (paremeterFields: name and value), not a request field.
  'IReportingService/RunReport': ({ account }) => ({ reportName: 'ActiveSubscriptions', paremeterFields: [{ name: 'customer', value: String(account) }] }),
};

interface Ids {
  account: number;
  user: number;
  pricelist: number;
  rule: number;
  charge: number;
  order: number;
  attachment: number;
}

function namesAccount(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema.anyOf) return schema.anyOf.some(namesAccount);
  return Object.entries(schema.properties ?? {}).some(([name, child]) => namesTenantObject(name) || namesAccount(child) || namesAccount(child.items));
}

/** A body the schema accepts, with every account field set to the probed ids. */
function sampleOf(schema: Schema, ids: Ids, field = ''): unknown {
  if (schema.anyOf) {
    const branch = schema.anyOf.find((option) => option.type !== 'null' && namesAccount(option)) ?? schema.anyOf.find((option) => option.type !== 'null')!;
    return sampleOf(branch, ids, field);
  }
  if (namesTenantObject(field)) {
    const id = PRICELIST_FIELDS.has(field) ? ids.pricelist : RULE_FIELDS.has(field) ? ids.rule : CHARGE_FIELDS.has(field) ? ids.charge : ORDER_FIELDS.has(field) ? ids.order : ATTACHMENT_FIELDS.has(field) ? ids.attachment : USER_FIELDS.has(field) ? ids.user : ids.account;
    return schema.type === 'array' ? [id] : id;
  }
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).filter(([name, child]) => schema.required?.includes(name) || namesTenantObject(name) || namesAccount(child));
      return Object.fromEntries(entries.map(([name, child]) => [name, sampleOf(child, ids, name)]));
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}, ids));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 0, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      // Acknowledgements given, so only the account decides the answer.
      return true;
    case 'string':
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      return 'probe-value'.padEnd(schema.minLength ?? 0, 'x');
    default:
      return null;
  }
}

let server: TestServer;
let operations: { name: string; schema: Schema }[];
let foreign: Ids;
let northwindPricing: Pick<Ids, 'pricelist' | 'rule' | 'charge' | 'order' | 'attachment'>;
const missing: Ids = { account: MISSING_ID, user: MISSING_ID, pricelist: MISSING_ID, rule: MISSING_ID, charge: MISSING_ID, order: MISSING_ID, attachment: MISSING_ID };

beforeAll(async () => {
  server = await startTestServer();
  const doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, { post: { security: unknown[]; requestBody: { content: Record<string, { schema: Schema }> } } }> };
  operations = Object.entries(doc.paths)
    .filter(([, path]) => path.post.security.length > 0)
    .map(([url, path]) => ({ name: url.split('/').slice(-2).join('/'), schema: path.post.requestBody.content['application/json']!.schema }))
    .filter(({ name, schema }) => name in HAND_WRITTEN || namesAccount(schema));
  const idOf = async (query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
  // Contoso Ltd, its plain user and Northwind's pricelist lie under Northwind Cloud, outside Fabrikam Distribution.
  // An attachment of Contoso's pending order (written directly: the demo world has none, and an audited
  // addition through the API would count as a change below), so a download or delete would succeed if the check let it.
  const attachment = await idOf(sql`insert into order_attachments (order_id, file_name, content_type, size, content)
    select o.id, 'Probe.pdf', 'application/pdf', 14, convert_to('%PDF-1.4 probe', 'UTF8') from orders o join accounts a on a.id = o.company_account_id
    where a.display_name = 'Contoso Ltd' and o.approval_status = 'Pending' order by o.id limit 1 returning id`);
  northwindPricing = {
    attachment,
    pricelist: await idOf(sql`select id from pricelists where name = 'Northwind standard'`),
    rule: await idOf(sql`select r.id from pricing_rules r join pricelists p on p.id = r.pricelist_id where p.name = 'Northwind standard' and not r.is_default order by r.id limit 1`),
    // A pending charge of Contoso's (the demo world's), so a delete would succeed if the check let it.
    charge: await idOf(sql`select c.id from custom_charges c join accounts a on a.id = c.account_id where a.display_name = 'Contoso Ltd' and c.status = 'PendingBilling' order by c.id limit 1`),
    // Contoso's order waiting for approval, so an approval would succeed if the check let it.
    order: await idOf(sql`select o.id from orders o join accounts a on a.id = o.company_account_id where a.display_name = 'Contoso Ltd' and o.approval_status = 'Pending' order by o.id limit 1`),
  };
  foreign = {
    account: await idOf(sql`select id from accounts where display_name = 'Contoso Ltd'`),
    user: await idOf(sql`select account_id as id from users where username = 'company.user'`),
    ...northwindPricing,
  };
});
afterAll(async () => {
  await server?.close();
});

describe('every operation naming an account: foreign and missing ids answer the same 403', () => {
  it('finds the account operations (the accounts, security, support and identity operations)', () => {
    const names = operations.map((operation) => operation.name);
    for (const expected of [
      'IAccountService/LoadAccountById',
      'IAccountService/UpdateAccount',
      'IAccountService/MoveAccount',
      'IAccountService/TerminateAccount',
      'IIpRestrictionService/SaveIpRestrictions',
      'IMarketplaceService/GetMarketplaces',
      'IMarketplaceService/SetMarketplaceCustomers',
      'IMarketplaceService/GetPriceableItems',
      'IPricingRuleService/SavePricingRule',
      'IPricingRuleService/DeletePricingRule',
      'IAccountService/AddOrderAttachment',
      'IAccountService/GetOrderAttachments',
      'IAccountService/DownloadOrderAttachment',
      'IAccountService/DeleteOrderAttachment',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('refuses Fabrikam\'s administrator (every capability) on Contoso and on an id that does not exist, alike', async () => {
    const cookie = await signIn(server.app, 'other.admin');
    const outcomes: string[] = [];
    for (const { name, schema } of operations) {
      const body = (ids: Ids) => HAND_WRITTEN[name]?.(ids) ?? sampleOf(schema, ids);
      const onForeign = await call(server.app, name, body(foreign), { cookie });
      const onMissing = await call(server.app, name, body(missing), { cookie });
      const isSame = onForeign.status === 403 && onMissing.status === 403 && JSON.stringify(onForeign.body) === JSON.stringify(onMissing.body);
      if (!isSame) outcomes.push(`${name}: foreign ${onForeign.status} ${JSON.stringify(onForeign.body)}, missing ${onMissing.status} ${JSON.stringify(onMissing.body)} (body ${JSON.stringify(body(foreign))})`);
    }
    expect(outcomes).toEqual([]);
  });

  it('changed nothing while refusing', async () => {
    const rows = (await server.handle.db.execute(sql`select state, path from accounts where display_name = 'Contoso Ltd'`)) as unknown as { rows: { state: string; path: string }[] };
    expect(rows.rows[0]!.state).toBe('Active');
    const audit = (await server.handle.db.execute(sql`select count(*)::int as n from audit_log where account_id = ${foreign.account} and action not in ('AccountCreated')`)) as unknown as { rows: { n: number }[] };
    expect(audit.rows[0]!.n).toBe(0);
  });
});

// Issue 10 item 7: a plain user sees only what the capability model grants — their own user account
// (every user reads it) and nothing of a colleague's, not even an administrator's e-mail address.
describe("a plain user and a colleague's account", () => {
  let colleague: Ids;
  let own: Ids;
  beforeAll(async () => {
    const userIdOf = async (username: string) =>
      ((await server.handle.db.execute(sql`select account_id as id from users where username = ${username}`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
    const claire = await userIdOf('company.admin');
    const carl = await userIdOf('company.user');
    // Northwind's pricelist is no business of Contoso's users either.
    colleague = { account: claire, user: claire, ...northwindPricing };
    own = { account: carl, user: carl, ...northwindPricing };
  });

  it("refuses company.user on every operation naming a colleague's account, exactly as on a missing id", async () => {
    const cookie = await signIn(server.app, 'company.user');
    const outcomes: string[] = [];
    for (const { name, schema } of operations) {
      if (name in HAND_WRITTEN) continue;
      const onColleague = await call(server.app, name, sampleOf(schema, colleague), { cookie });
      const onMissing = await call(server.app, name, sampleOf(schema, missing), { cookie });
      const isSame = onColleague.status === 403 && onMissing.status === 403 && JSON.stringify(onColleague.body) === JSON.stringify(onMissing.body);
      if (!isSame) outcomes.push(`${name}: colleague ${onColleague.status} ${JSON.stringify(onColleague.body).slice(0, 120)}, missing ${onMissing.status}`);
    }
    expect(outcomes).toEqual([]);
  });

  it('lets company.user read their own account: the account, its place in the tree, its MFA methods, its terminations, searching under it', async () => {
    const cookie = await signIn(server.app, 'company.user');
    const answered: string[] = [];
    for (const { name, schema } of operations) {
      if (name in HAND_WRITTEN) continue;
      const result = await call(server.app, name, sampleOf(schema, own), { cookie });
      if (result.status === 200) answered.push(name);
    }
    // What the user's own account may order, and the orders they placed themselves (none), are theirs to read.
    expect(answered.sort()).toEqual([
      'IAccountService/GetAccountTree',
      'IAccountService/GetAuthenticationMethods',
      'IAccountService/GetAvailableServices',
      'IAccountService/GetOrders',
      'IAccountService/GetTerminationPreview',
      'IAccountService/ListScheduledTerminations',
      'IAccountService/LoadAccountById',
      'IAccountService/Search',
    ]);
  });
});
