import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Issue 13: the service info page's data — a price shown is the price the customer is billed, and it says why.

let server: TestServer;
const cookies = new Map<string, string>();
const cookieOf = async (username: string) => cookies.get(username) ?? cookies.set(username, await signIn(server.app, username)).get(username)!;
const as = async (username: string, body: unknown, operation = 'GetService') => call(server.app, `IMarketplaceService/${operation}`, body, { cookie: await cookieOf(username) });
const idOf = async (query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: { id: number }[] }).rows[0]!.id;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('IMarketplaceService/GetService', () => {
  it("prices every item of a service for the caller's company and names the rule that priced it", async () => {
    const skyline = await idOf(sql`select id from accounts where display_name = 'Skyline Software'`);
    for (const username of ['company.admin', 'company.user']) {
      const result = await as(username, { serviceId: 'SKYLINE_CRM' });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({
        Id: 'SKYLINE_CRM',
        DisplayName: 'Skyline CRM',
        Description: 'Customer relationship management for sales teams.',
        Category: 'Sales',
        Tags: ['crm'],
        VendorName: 'Skyline Software',
        Vendor: { AccountId: skyline, Name: 'Skyline Software' },
        VendorSku: 'SKYLINE-CRM',
        BillingRule: 'PerUnit',
        BillingPeriod: 'Monthly',
        CommitmentTerms: ['annual', '3-year'],
        Currency: 'EUR',
        MarketplaceId: await idOf(sql`select id from pricelists where name = 'Northwind standard'`),
        // The recurring fee first, then the setup fee; both by Northwind's default rule (the SRP).
        Items: [
          { Name: 'Subscription', FeeType: 'Recurring', Unit: 'user', SalesPrice: '49.00', Problem: null, RuleName: 'Default: SRP', Basis: 'Pricelist', Rule: expect.objectContaining({ Model: 'Srp', IsDefaultRule: true }) },
          { Name: 'Setup', FeeType: 'Setup', Unit: null, SalesPrice: '250.00', Problem: null, RuleName: 'Default: SRP', Basis: 'Pricelist', Rule: expect.objectContaining({ Model: 'Srp' }) },
        ],
      });
    }
    const mail = await as('company.admin', { serviceId: 'SKYLINE_MAIL' });
    // Issue 30: the buyer gets its price, not the gross margin over its reseller's purchase price.
    expect(mail.body.Items).toEqual([expect.objectContaining({ SalesPrice: '5.47', Basis: 'Pricelist', Problem: null, RuleName: null, Rule: null })]);
    // A Fabrikam customer's user sees Fabrikam's price; Fabrikam itself buys from the platform owner's base pricelist — each without its seller's markup.
    expect((await as('litware.ops', { serviceId: 'SKYLINE_MAIL' })).body.Items).toEqual([expect.objectContaining({ SalesPrice: '4.92', RuleName: null, Rule: null })]);
    expect((await as('other.admin', { serviceId: 'SKYLINE_MAIL' })).body.Items).toEqual([expect.objectContaining({ SalesPrice: '4.43', RuleName: null, Rule: null })]);
    // The platform owner, whom no pricelist prices, sees the vendor's SRP.
    expect((await as('admin', { serviceId: 'ORBIT_PHONE' })).body).toMatchObject({
      MarketplaceId: null,
      Currency: 'USD',
      Items: [expect.objectContaining({ SalesPrice: '10.00', Basis: 'Srp', Rule: null }), expect.objectContaining({ Name: 'Outbound minutes', SalesPrice: '0.020000', Basis: 'Srp' })],
    });
  });

  it('names the rule for a pricelist the caller manages, and refuses one of another reseller', async () => {
    const northwind = await idOf(sql`select id from pricelists where name = 'Northwind standard'`);
    const managed = await as('reseller.admin', { serviceId: 'ORBIT_WAREHOUSE', pricelistId: northwind });
    expect(managed.body.Items).toEqual([
      expect.objectContaining({ Name: 'Storage', FeeType: 'Usage', Unit: 'GB', SalesPrice: '0.023184', RuleName: 'Analytics promotion' }),
      expect.objectContaining({ Name: 'Queries', SalesPrice: '4.968000', RuleName: 'Analytics promotion' }),
    ]);
    const foreign = await as('other.admin', { serviceId: 'ORBIT_WAREHOUSE', pricelistId: northwind });
    const missing = await as('other.admin', { serviceId: 'ORBIT_WAREHOUSE', pricelistId: 987_654_321 });
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
    // A customer cannot name its reseller's pricelist either.
    expect((await as('company.admin', { serviceId: 'ORBIT_WAREHOUSE', pricelistId: northwind })).status).toBe(403);
  });

  it("shows the vendor's profile and the terms of the service", async () => {
    const skyline = await idOf(sql`select id from accounts where display_name = 'Skyline Software'`);
    await server.handle.db.execute(sql`update products set terms_of_service = 'Skyline Backup keeps 30 days of history.' where name = 'SKYLINE_BACKUP'`);
    await server.handle.db.execute(sql`insert into vendor_profiles (vendor_account_id, descriptions, website_url, support_email)
      values (${skyline}, '{"en": "Software for small businesses.", "de": "Software für kleine Unternehmen."}', 'https://skyline.example', 'help@skyline.example')
      on conflict (vendor_account_id) do update set descriptions = excluded.descriptions, website_url = excluded.website_url, support_email = excluded.support_email`);
    const result = await as('company.admin', { serviceId: 'SKYLINE_BACKUP' });
    expect(result.body).toMatchObject({
      TermsOfService: 'Skyline Backup keeps 30 days of history.',
      Vendor: { Name: 'Skyline Software', Description: 'Software for small businesses.', WebsiteUrl: 'https://skyline.example', SupportEmail: 'help@skyline.example' },
    });
    expect((await as('company.admin', { serviceName: 'SKYLINE_BACKUP' }, 'GetMarketplaceTerms')).body).toEqual({
      ServiceName: 'SKYLINE_BACKUP',
      DisplayName: 'Skyline Backup',
      TermsText: 'Skyline Backup keeps 30 days of history.',
    });
    expect((await as('company.admin', { serviceName: 'SKYLINE_MAIL' }, 'GetMarketplaceTerms')).body.TermsText).toBe('');
    expect((await as('company.admin', { serviceName: 'NO_SUCH_SERVICE' }, 'GetMarketplaceTerms')).status).toBe(403);
  });

  it('answers an unknown, disabled or switched-off service like a foreign id, and needs Marketplace Read', async () => {
    const northwindPricelist = await idOf(sql`select id from pricelists where name = 'Northwind standard'`);
    const northwind = await idOf(sql`select id from accounts where display_name = 'Northwind Cloud'`);
    await server.handle.db.execute(sql`update pricelist_services set is_enabled = false where pricelist_id = ${northwindPricelist} and product_name = 'NIMBUS_VPN'`);
    await server.handle.db.execute(sql`insert into owner_service_settings (owner_account_id, product_name, is_enabled) values (${northwind}, 'ORBIT_WIKI', false)`);
    const denied = await call(server.app, 'IMarketplaceService/GetService', { serviceId: 'NO_SUCH_SERVICE' }, { cookie: await signIn(server.app, 'company.admin') });
    expect(denied.status).toBe(403);
    for (const serviceId of ['NIMBUS_VPN', 'ORBIT_WIKI']) {
      const hidden = await call(server.app, 'IMarketplaceService/GetService', { serviceId }, { cookie: await signIn(server.app, 'company.admin') });
      expect(hidden.status).toBe(403);
      expect(hidden.body).toEqual(denied.body);
    }
    // Fabrikam's customers still see them.
    expect((await call(server.app, 'IMarketplaceService/GetService', { serviceId: 'NIMBUS_VPN' }, { cookie: await signIn(server.app, 'litware.ops') })).status).toBe(200);
    expect((await as('vendor.admin', { serviceId: 'SKYLINE_MAIL' })).status).toBe(403);
  });
});

describe('IMarketplaceService/GetCurrencies', () => {
  it("lists the currencies of the caller's pricelists with their minor units", async () => {
    const owner = await idOf(sql`select id from accounts where display_name = 'Cloud Service Providers'`);
    await server.handle.db.execute(sql`insert into pricelists (owner_account_id, name, priority, currency) values (${owner}, 'Japan', 9, 'JPY')`);
    expect((await as('admin', {}, 'GetCurrencies')).body).toEqual({ Currencies: [{ Code: 'EUR', MinorUnits: 2 }, { Code: 'JPY', MinorUnits: 0 }] });
    // Contoso's purchases are priced in Northwind's pricelist's currency; the platform owner's Japanese pricelist is not its concern.
    expect((await as('company.admin', {}, 'GetCurrencies')).body).toEqual({ Currencies: [{ Code: 'EUR', MinorUnits: 2 }] });
    expect((await as('vendor.admin', {}, 'GetCurrencies')).status).toBe(403);
  });
});
