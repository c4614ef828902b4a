import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// spec §3 service search, §7 search services; issue 13 Explore: the caller's catalog with the caller's prices.

let server: TestServer;
let cookie: string;
const cookies = new Map<string, string>();
const as = async (username: string) => cookies.get(username) ?? cookies.set(username, await signIn(server.app, username)).get(username)!;
const search = (body: Record<string, unknown>, as = cookie) => call(server.app, 'IMarketplaceService/SearchServices', body, { cookie: as });
const ids = (result: { body: Record<string, unknown> }) => (result.body.Services as { Id: string }[]).map((service) => service.Id);
const idOf = async (table: 'accounts' | 'pricelists', column: 'display_name' | 'name', value: string) =>
  ((await server.handle.db.execute(sql`select id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;

interface Price {
  Amount: string | null;
  Currency: string;
  Basis: string;
  Rule: { RuleName: string; Model: string; Parameter: string | null } | null;
}
const priceOf = (result: { body: Record<string, unknown> }, id: string) => (result.body.Services as { Id: string; Price: Price }[]).find((service) => service.Id === id)?.Price;

beforeAll(async () => {
  server = await startTestServer();
  cookie = await as('company.admin');
});
afterAll(async () => {
  await server?.close();
});

describe('IMarketplaceService/SearchServices (spec §3 service search, §7 search services)', () => {
  it('finds services by a part of the name, ranking a name starting with the text first', async () => {
    const northwind = await idOf('pricelists', 'name', 'Northwind standard');
    await server.handle.db.execute(sql`insert into products (name, display_name) values ('MAIL_ARCHIVE', 'Mail Archive')`);
    await server.handle.db.execute(sql`insert into pricelist_services (pricelist_id, product_name) values (${northwind}, 'MAIL_ARCHIVE')`);
    const result = await search({ filter: { DisplayName: 'mail', Source: { Type: 'Root' } }, sort: { Key: 'Ranking', Value: 'ASC' }, pageSize: 100 });
    expect(result.status).toBe(200);
    expect((result.body.Services as { DisplayName: string }[]).map((service) => service.DisplayName)).toEqual(['Mail Archive', 'Nimbus Mail Filter', 'Skyline Mail']);
    expect(result.body).toMatchObject({ Total: 3, TotalCount: 3 });
    // A service without a priceable item has no price; the others carry their headline price.
    expect(priceOf(result, 'MAIL_ARCHIVE')).toBeNull();
  });

  it("answers each service's vendor, short text, category, tags and icon rule", async () => {
    const result = await search({ filter: { DisplayName: 'Skyline Mail' } });
    expect(result.body.Services).toEqual([
      expect.objectContaining({
        Id: 'SKYLINE_MAIL',
        DisplayName: 'Skyline Mail',
        Icon: '',
        VendorName: 'Skyline Software',
        VendorAccountId: await idOf('accounts', 'display_name', 'Skyline Software'),
        ShortDescription: 'Business e-mail with a 50 GB mailbox per user.',
        Category: 'Communication',
        Tags: ['email', 'collaboration'],
        IsNew: true,
        BillingPeriod: 'Monthly',
      }),
    ]);
  });

  it("prices each service for Contoso by Northwind's pricelist, naming the rule unless it is over Northwind's purchase price", async () => {
    const result = await search({ filter: {}, pageSize: 100 });
    expect(result.body.MarketplaceId).toBe(await idOf('pricelists', 'name', 'Northwind standard'));
    expect(priceOf(result, 'SKYLINE_MAIL')).toEqual({
      PriceableItemId: expect.any(Number),
      ItemName: 'Subscription',
      FeeType: 'Recurring',
      Unit: 'user',
      Amount: '5.47',
      Currency: 'EUR',
      Basis: 'Pricelist',
      // Issue 30: a gross margin or a markup gives the reseller's cost away; its buyer gets no rule.
      Rule: null,
      Problem: null,
    });
    expect(priceOf(result, 'NIMBUS_MFA')).toMatchObject({ Amount: '1.38', Rule: null });
    // Orbit prices in USD: converted at the demo rate, then 10 % off the SRP (12.00 × 0.92 × 0.9).
    expect(priceOf(result, 'ORBIT_INSIGHTS')).toMatchObject({ Amount: '9.94', Currency: 'EUR', Rule: { RuleName: 'Analytics promotion', Model: 'SrpDiscount' } });
    expect(priceOf(result, 'SKYLINE_CRM')).toMatchObject({ Amount: '49.00', Rule: { RuleName: 'Default: SRP', Model: 'Srp', IsDefaultRule: true } });
    // A service with only usage fees shows its first one, at six decimals.
    expect(priceOf(result, 'ORBIT_WAREHOUSE')).toMatchObject({ ItemName: 'Storage', FeeType: 'Usage', Unit: 'GB', Amount: '0.023184' });
  });

  it("prices for a Fabrikam customer's user by Fabrikam's pricelist", async () => {
    const result = await search({ filter: { OwnerAccountIds: [await idOf('accounts', 'display_name', 'Nimbus Security')] }, pageSize: 100 }, await as('litware.ops'));
    expect(result.body.MarketplaceId).toBe(await idOf('pricelists', 'name', 'Fabrikam DACH'));
    expect(priceOf(result, 'NIMBUS_MFA')).toMatchObject({ Amount: '1.90', Rule: { RuleName: 'Security bundle', Model: 'SrpDiscount', Parameter: '5' } });
    const skyline = await search({ filter: { DisplayName: 'Skyline Mail' } }, await as('litware.ops'));
    expect(priceOf(skyline, 'SKYLINE_MAIL')).toMatchObject({ Amount: '4.92', Basis: 'Pricelist', Rule: null });
  });

  it('shows the platform owner, whom no pricelist prices, the vendors’ SRPs in their currencies', async () => {
    const result = await search({ filter: {}, pageSize: 100 }, await as('admin'));
    expect(result.body.MarketplaceId).toBeNull();
    expect(priceOf(result, 'SKYLINE_MAIL')).toMatchObject({ Amount: '6.00', Currency: 'EUR', Basis: 'Srp', Rule: null });
    expect(priceOf(result, 'ORBIT_INSIGHTS')).toMatchObject({ Amount: '12.00', Currency: 'USD', Basis: 'Srp' });
  });

  it('shows a price change in the next search, also one written straight to the database (kept prices are invalidated)', async () => {
    const db = server.handle.db;
    const pricelist = await idOf('pricelists', 'name', 'Northwind standard');
    const crm = async () => priceOf(await search({ filter: { DisplayName: 'Skyline CRM' } }), 'SKYLINE_CRM');
    const before = (await crm())!;
    expect(before).toMatchObject({ Amount: '49.00', Rule: { RuleName: 'Default: SRP' } });
    expect(await crm()).toEqual(before);
    const item = (before as unknown as { PriceableItemId: number }).PriceableItemId;
    try {
      // A new rule.
      await db.execute(sql`insert into pricing_rules (pricelist_id, name, priority, model, parameter, scope_kind, scope_ids)
        values (${pricelist}, 'CRM promotion', 0, 'Static', '39.5', 'PriceableItems', ${JSON.stringify([item])}::jsonb)`);
      expect(await crm()).toMatchObject({ Amount: '39.50', Rule: { RuleName: 'CRM promotion', Model: 'Static' } });
      // A manual price, then its change.
      await db.execute(sql`insert into pricelist_item_prices (pricelist_id, priceable_item_id, sales_price) values (${pricelist}, ${item}, '12.34')`);
      expect(await crm()).toMatchObject({ Amount: '12.34' });
      await db.execute(sql`update pricelist_item_prices set sales_price = '12.5' where pricelist_id = ${pricelist} and priceable_item_id = ${item}`);
      expect(await crm()).toMatchObject({ Amount: '12.50' });
      await db.execute(sql`delete from pricelist_item_prices where pricelist_id = ${pricelist} and priceable_item_id = ${item}`);
      await db.execute(sql`delete from pricing_rules where pricelist_id = ${pricelist} and name = 'CRM promotion'`);
      expect(await crm()).toEqual(before);
      // The vendor's SRP of the item.
      await db.execute(sql`update priceable_items set srp = '55' where id = ${item}`);
      expect(await crm()).toMatchObject({ Amount: '55.00', Rule: { RuleName: 'Default: SRP' } });
    } finally {
      await db.execute(sql`delete from pricelist_item_prices where pricelist_id = ${pricelist} and priceable_item_id = ${item}`);
      await db.execute(sql`delete from pricing_rules where pricelist_id = ${pricelist} and name = 'CRM promotion'`);
      await db.execute(sql`update priceable_items set srp = '49' where id = ${item}`);
    }
    expect(await crm()).toEqual(before);
    // Through the API as well: Northwind's admin adds a rule for the item.
    const saved = await call(
      server.app,
      'IPricingRuleService/SavePricingRule',
      { marketplaceId: pricelist, rule: { Name: 'CRM via API', Model: 'Static', Parameter: '45', Scope: { Kind: 'PriceableItems', Ids: [item] } } },
      { cookie: await as('reseller.admin') },
    );
    expect(saved.status).toBe(200);
    const viaApi = await crm();
    await db.execute(sql`delete from pricing_rules where pricelist_id = ${pricelist} and name = 'CRM via API'`);
    expect(viaApi).toMatchObject({ Amount: '45.00', Rule: { RuleName: 'CRM via API' } });
    expect(await crm()).toEqual(before);
  });

  it("filters by the vendor's account and pages, with the total", async () => {
    const vendor = await idOf('accounts', 'display_name', 'Skyline Software');
    const page = await search({ filter: { OwnerAccountIds: [vendor] }, sort: { Key: 'Name', Value: 'ASC' }, pageSize: 2, page: 1 });
    expect(page.body).toMatchObject({ Total: 5, TotalCount: 5 });
    expect(ids(page)).toEqual(['SKYLINE_DESIGN', 'SKYLINE_MAIL']);
    // The older name of the key still sorts by name; past the end, an empty page with the total.
    expect(ids(await search({ filter: { OwnerAccountIds: [vendor] }, sort: { Key: 'DisplayName', Value: 'DESC' }, pageSize: 2 }))).toEqual(['SKYLINE_OFFICE_E3', 'SKYLINE_MAIL']);
    expect((await search({ filter: { OwnerAccountIds: [vendor] }, pageSize: 20, page: 3 })).body).toMatchObject({ Services: [], Total: 5 });
    const all = await search({ filter: {}, pageSize: 20, page: 1 });
    expect(all.body.TotalCount).toBe(32);
    expect(ids(all)).toHaveLength(12);
  });

  it('filters by category and by any of the tags (issue 13)', async () => {
    const security = await search({ filter: { ServiceCategories: ['Security'] }, sort: { Key: 'Name', Value: 'ASC' } });
    expect(ids(security)).toEqual(['NIMBUS_ENDPOINT', 'NIMBUS_ENDPOINT_PLUS', 'NIMBUS_SIEM', 'NIMBUS_MAIL_FILTER', 'NIMBUS_AWARENESS']);
    const tagged = await search({ filter: { ServiceTags: ['crm', 'vpn'] }, sort: { Key: 'Name', Value: 'ASC' } });
    expect(ids(tagged)).toEqual(['NIMBUS_VPN', 'SKYLINE_CRM']);
    expect((await search({ filter: { ServiceCategories: ['Security'], ServiceTags: ['crm'] } })).body.Total).toBe(0);
  });

  it("sorts by the caller's price, ascending and descending, unpriced services last", async () => {
    const nimbus = await idOf('accounts', 'display_name', 'Nimbus Security');
    const ascending = await search({ filter: { OwnerAccountIds: [nimbus] }, sort: { Key: 'Price', Value: 'ASC' }, pageSize: 5 });
    expect(ids(ascending)).toEqual(['NIMBUS_BACKUP_GUARD', 'NIMBUS_SIEM', 'NIMBUS_MAIL_FILTER', 'NIMBUS_MFA', 'NIMBUS_VAULT']);
    expect((ascending.body.Services as { Price: Price }[]).map((service) => service.Price.Amount)).toEqual(['0.017250', '0.207000', '1.04', '1.38', '1.84']);
    const secondPage = await search({ filter: { OwnerAccountIds: [nimbus] }, sort: { Key: 'Price', Value: 'ASC' }, pageSize: 5, page: 1 });
    expect(ids(secondPage)).toEqual(['NIMBUS_SSO', 'NIMBUS_MOBILE', 'NIMBUS_ENDPOINT', 'NIMBUS_VPN', 'NIMBUS_ENDPOINT_PLUS']);
    expect(secondPage.body.TotalCount).toBe(13);
    const descending = await search({ filter: { OwnerAccountIds: [nimbus] }, sort: { Key: 'Price', Value: 'DESC' }, pageSize: 3 });
    expect(ids(descending)).toEqual(['NIMBUS_FIREWALL', 'NIMBUS_DNS', 'NIMBUS_AWARENESS']);
    // MAIL_ARCHIVE (no item, so no price) comes last both ways.
    const everything = await search({ filter: {}, sort: { Key: 'Price', Value: 'DESC' }, pageSize: 100 });
    expect(ids(everything).at(-1)).toBe('MAIL_ARCHIVE');
    expect(ids(await search({ filter: {}, sort: { Key: 'Price', Value: 'ASC' }, pageSize: 100 })).at(-1)).toBe('MAIL_ARCHIVE');
  });

  it('counts vendors, categories and tags for the filters, each under the other filters', async () => {
    const nimbus = await idOf('accounts', 'display_name', 'Nimbus Security');
    const result = await search({ filter: { OwnerAccountIds: [nimbus] }, includeFacets: true, pageSize: 1 });
    const facets = result.body.Facets as Record<string, { Key: string; Label: string; Count: number }[]>;
    // The vendor facet ignores the vendor filter: every vendor with its count.
    expect(facets.Vendors).toEqual([
      { Key: String(nimbus), Label: 'Nimbus Security', Count: 13 },
      { Key: expect.any(String), Label: 'Orbit Analytics', Count: 13 },
      { Key: expect.any(String), Label: 'Skyline Software', Count: 5 },
    ]);
    // Categories and tags count Nimbus's services only.
    expect(facets.Categories).toContainEqual({ Key: 'Security', Label: 'Security', Count: 5 });
    expect(facets.Categories).toContainEqual({ Key: 'Analytics', Label: 'Analytics', Count: 0 });
    expect(facets.Tags).toContainEqual({ Key: 'network', Label: 'network', Count: 3 });
    expect(result.body.TotalCount).toBe(13);
    expect((await search({ filter: {} })).body.Facets).toBeNull();
  });

  it('shows new services only when asked', async () => {
    await server.handle.db.execute(sql`update products set created_at = now() - interval '90 days' where name <> 'SKYLINE_CRM'`);
    const result = await search({ filter: { ShowNewOnly: true } });
    expect(ids(result)).toEqual(['SKYLINE_CRM']);
    expect((result.body.Services as { IsNew: boolean }[])[0]!.IsNew).toBe(true);
  });

  it("hides services the pricelist disables or a reseller above switches off, and shows the reseller's texts", async () => {
    const northwindPricelist = await idOf('pricelists', 'name', 'Northwind standard');
    const northwind = await idOf('accounts', 'display_name', 'Northwind Cloud');
    const fabrikam = await idOf('accounts', 'display_name', 'Fabrikam Distribution');
    await server.handle.db.execute(sql`update pricelist_services set is_enabled = false where pricelist_id = ${northwindPricelist} and product_name = 'NIMBUS_VPN'`);
    await server.handle.db.execute(sql`insert into owner_service_settings (owner_account_id, product_name, is_enabled) values (${northwind}, 'ORBIT_WIKI', false)`);
    // Fabrikam's settings touch only Fabrikam's customers.
    await server.handle.db.execute(sql`insert into owner_service_settings (owner_account_id, product_name, is_enabled) values (${fabrikam}, 'SKYLINE_CRM', false)`);
    await server.handle.db.execute(
      sql`insert into owner_service_settings (owner_account_id, product_name, display_names, descriptions) values (${northwind}, 'ORBIT_SIGN', '{"en": "Northwind Sign"}', '{"en": "Contracts signed online, set up by Northwind."}')`,
    );
    const contoso = ids(await search({ filter: {}, pageSize: 100 }, await signIn(server.app, 'company.admin')));
    expect(contoso).not.toContain('NIMBUS_VPN');
    expect(contoso).not.toContain('ORBIT_WIKI');
    expect(contoso).toContain('SKYLINE_CRM');
    expect(contoso).toHaveLength(30);
    const renamed = await search({ filter: { DisplayName: 'northwind sign' } }, await signIn(server.app, 'company.admin'));
    expect(renamed.body.Services).toEqual([expect.objectContaining({ Id: 'ORBIT_SIGN', DisplayName: 'Northwind Sign', ShortDescription: 'Contracts signed online, set up by Northwind.' })]);
    const litware = ids(await search({ filter: {}, pageSize: 100 }, await signIn(server.app, 'litware.ops')));
    expect(litware).toContain('NIMBUS_VPN');
    expect(litware).not.toContain('SKYLINE_CRM');
    // An inactive service is nobody's.
    await server.handle.db.execute(sql`update products set is_active = false where name = 'SKYLINE_MAIL'`);
    expect(ids(await search({ filter: { DisplayName: 'Skyline Mail' } }, await signIn(server.app, 'admin')))).toEqual([]);
  });

  it('refuses a page size over 100, an unknown sort key and unknown fields, naming them', async () => {
    expect((await search({ filter: {}, pageSize: 101 })).body.Message).toMatch(/pageSize/);
    expect((await search({ filter: {}, sort: { Key: 'Colour', Value: 'ASC' } })).body.Message).toMatch(/sort/);
    expect((await search({ filter: { Colour: 'red' } })).body.Message).toMatch(/Colour/);
  });

  it('needs Marketplace Read', async () => {
    expect((await search({ filter: {} }, await as('vendor.admin'))).status).toBe(403);
  });
});
