import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Issue 13: IMarketplaceService's pricelist operations and IPricingRuleService, played as a
// partner's script calls them (server to server, no browser headers), on the demo world.

let server: TestServer;
let reseller: string;
let company: string;
const op = (name: string, body: unknown, cookie = reseller) => call(server.app, name, body, { cookie });
const idOf = async (query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: { id: number }[] }).rows[0]!.id;

beforeAll(async () => {
  server = await startTestServer();
  reseller = await signIn(server.app, 'reseller.admin');
  company = await signIn(server.app, 'company.admin');
});
afterAll(async () => {
  await server?.close();
});

describe('pricelists (IMarketplaceService)', () => {
  it("lists the caller's organisation's pricelists with counts, and refuses a company", async () => {
    const listed = await op('IMarketplaceService/GetMarketplaces', {});
    expect(listed.status).toBe(200);
    expect(listed.body.Marketplaces).toEqual([
      expect.objectContaining({ Name: 'Northwind standard', Priority: 1, Currency: 'EUR', CustomersCount: 3, ServicesCount: expect.any(Number) as number }),
    ]);
    expect((listed.body.Marketplaces as { ServicesCount: number }[])[0]!.ServicesCount).toBeGreaterThanOrEqual(30);
    const asCompany = await op('IMarketplaceService/GetMarketplaces', {}, company);
    expect(asCompany.status).toBe(403);
  });

  it('creates, renames, orders, assigns customers and deletes a pricelist, with the default rule and the audit trail', async () => {
    const created = await op('IMarketplaceService/CreateMarketplace', { marketplaceProperties: { Name: 'Northwind education', Currency: 'EUR', Tags: ['edu'] } });
    expect(created.status).toBe(200);
    const id = created.body.MarketplaceId as number;
    expect(created.body).toMatchObject({ Name: 'Northwind education', Priority: 2, CustomersCount: 0, Tags: ['edu'] });
    expect((await op('IMarketplaceService/CreateMarketplace', { marketplaceProperties: { Name: 'northwind EDUCATION', Currency: 'EUR' } })).status).toBe(409);

    const rules = await op('IPricingRuleService/GetPricingRules', { marketplaceId: id });
    expect(rules.body.Rules).toEqual([expect.objectContaining({ IsDefault: true, Model: 'Srp', Parameter: null, Scope: { Kind: 'AllServices', Ids: [] } })]);

    const renamed = await op('IMarketplaceService/UpdateMarketplaceProperties', { marketplaceId: id, marketplaceProperties: { Name: 'Northwind schools' } });
    expect(renamed.body).toMatchObject({ Name: 'Northwind schools', Currency: 'EUR', Tags: ['edu'] });

    const standard = await idOf(sql`select id from pricelists where name = 'Northwind standard'`);
    const ordered = await op('IMarketplaceService/PrioritizeMarketplaces', { marketplacePriorityList: [id, standard] });
    expect((ordered.body.Marketplaces as { Name: string; Priority: number }[]).map((p) => `${p.Priority} ${p.Name}`)).toEqual(['1 Northwind schools', '2 Northwind standard']);
    expect((await op('IMarketplaceService/PrioritizeMarketplaces', { marketplacePriorityList: [id] })).status).toBe(400);

    // Tailspin moves to the new pricelist: it leaves Northwind standard, one pricelist of an owner applies.
    const tailspin = await idOf(sql`select id from accounts where display_name = 'Tailspin Toys'`);
    const assigned = await op('IMarketplaceService/SetMarketplaceCustomers', { marketplaceId: id, customerAccountIds: [tailspin] });
    expect(assigned.body.Customers).toEqual([{ AccountId: tailspin, DisplayName: 'Tailspin Toys', AccountType: 'Company' }]);
    expect(((await op('IMarketplaceService/GetMarketplaceCustomers', { marketplaceId: standard })).body.Customers as { DisplayName: string }[]).map((c) => c.DisplayName)).toEqual(['Adventure Works', 'Contoso Ltd']);
    // Not a user, not the owner itself, not another reseller's company.
    for (const name of ['Carl Jensen', 'Northwind Cloud', 'Litware Inc']) {
      const refused = await op('IMarketplaceService/SetMarketplaceCustomers', { marketplaceId: id, customerAccountIds: [await idOf(sql`select id from accounts where display_name = ${name}`)] });
      expect(refused.status, name).toBe(400);
    }

    const blocked = await op('IMarketplaceService/DeleteMarketplace', { marketplaceId: id });
    expect(blocked.status).toBe(409);
    expect(blocked.body.Message).toContain('Northwind schools');
    await op('IMarketplaceService/SetMarketplaceCustomers', { marketplaceId: standard, customerAccountIds: [tailspin, await idOf(sql`select id from accounts where display_name = 'Contoso Ltd'`), await idOf(sql`select id from accounts where display_name = 'Adventure Works'`)] });
    expect((await op('IMarketplaceService/DeleteMarketplace', { marketplaceId: id })).status).toBe(200);
    expect((await op('IPricingRuleService/GetPricingRules', { marketplaceId: id })).status).toBe(403);

    const audit = (await server.handle.db.execute(sql`select action from audit_log where action like 'Pricelist%' order by id`)) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((row) => row.action)).toEqual(['PricelistCreated', 'PricelistChanged', 'PricelistChanged', 'PricelistChanged', 'PricelistChanged', 'PricelistDeleted']);
  });
});

describe('pricing rules (IPricingRuleService) and prices', () => {
  let pricelist: number;
  beforeAll(async () => {
    pricelist = await idOf(sql`select id from pricelists where name = 'Northwind standard'`);
  });

  const gridRow = async (text: string) => {
    const grid = await op('IMarketplaceService/GetPriceableItems', { marketplaceId: pricelist, filter: { Text: text } });
    expect(grid.status).toBe(200);
    return (grid.body.Items as Record<string, unknown>[])[0]!;
  };

  it('shows every item with its price, margin and the rule that priced it, sorted and paged on the server', async () => {
    expect(await gridRow('Skyline Mail')).toMatchObject({
      ServiceName: 'SKYLINE_MAIL',
      VendorName: 'Skyline Software',
      PurchasePrice: '4.10',
      Srp: '6.00',
      SalesPrice: '5.47',
      Margin: '1.37',
      MarginPercent: '25.05',
      Rule: { RuleName: 'Collaboration margin', Model: 'GrossMargin', Parameter: '25', IsDefaultRule: false },
      Problem: null,
    });
    const page = await op('IMarketplaceService/GetPriceableItems', { marketplaceId: pricelist, sortBy: 'SalesPrice', sortDirection: 'desc', pageSize: 3 });
    const prices = (page.body.Items as { SalesPrice: string }[]).map((item) => Number(item.SalesPrice));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(page.body.Total as number).toBeGreaterThan(30);
    expect((await op('IMarketplaceService/GetPriceableItems', { marketplaceId: pricelist, sortBy: 'Price' })).status).toBe(400);
  });

  it('saves a rule with its validation, moves it first, explains the price it sets, and deletes it', async () => {
    const invalid = await op('IPricingRuleService/SavePricingRule', { marketplaceId: pricelist, rule: { Name: 'Too much', Model: 'GrossMargin', Parameter: '100', Scope: { Kind: 'AllServices' } } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.Message).toContain('below 100');
    const noIds = await op('IPricingRuleService/SavePricingRule', { marketplaceId: pricelist, rule: { Name: 'Empty', Model: 'Markup', Parameter: '5', Scope: { Kind: 'Vendors', Ids: [] } } });
    expect(noIds.status).toBe(400);
    const foreignGroup = await idOf(sql`insert into service_groups (owner_account_id, name) select id, 'Fabrikam group' from accounts where display_name = 'Fabrikam Distribution' returning id`);
    const notOurs = await op('IPricingRuleService/SavePricingRule', { marketplaceId: pricelist, rule: { Name: 'Theirs', Model: 'Markup', Parameter: '5', Scope: { Kind: 'ServiceGroups', Ids: [foreignGroup] } } });
    expect(notOurs.status).toBe(400);

    const item = await gridRow('Skyline Mail');
    const saved = await op('IPricingRuleService/SavePricingRule', {
      marketplaceId: pricelist,
      rule: { Name: 'Mail promotion', Model: 'Static', Parameter: '3.99', Scope: { Kind: 'PriceableItems', Ids: [item.PriceableItemId] } },
    });
    expect(saved.status).toBe(200);
    const ruleId = saved.body.PricingRuleId as number;
    // A new rule comes last before the default: the group rule still prices the mailbox.
    expect((await gridRow('Skyline Mail')).SalesPrice).toBe('5.47');

    const rules = (await op('IPricingRuleService/GetPricingRules', { marketplaceId: pricelist })).body.Rules as { PricingRuleId: number; IsDefault: boolean; Name: string }[];
    expect(rules.at(-2)!.Name).toBe('Mail promotion');
    expect(rules.at(-1)!.IsDefault).toBe(true);
    const others = rules.filter((rule) => !rule.IsDefault).map((rule) => rule.PricingRuleId);
    const moved = await op('IPricingRuleService/PrioritizePricingRules', { marketplaceId: pricelist, pricingRuleIds: [ruleId, ...others.filter((id) => id !== ruleId)] });
    expect((moved.body.Rules as { Name: string; Priority: number }[]).map((rule) => rule.Name)[0]).toBe('Mail promotion');
    expect((await op('IPricingRuleService/PrioritizePricingRules', { marketplaceId: pricelist, pricingRuleIds: [...others, rules.at(-1)!.PricingRuleId] })).status).toBe(400);

    // Below purchase is allowed with a static rule, and flagged.
    expect(await gridRow('Skyline Mail')).toMatchObject({ SalesPrice: '3.99', IsBelowPurchase: true, Rule: { RuleName: 'Mail promotion', Model: 'Static', Parameter: '3.99' } });
    const explained = await op('IPricingRuleService/ExplainPrice', { marketplaceId: pricelist, priceableItemId: item.PriceableItemId });
    expect(explained.body).toMatchObject({ SalesPrice: '3.99', Rule: { RuleId: ruleId }, Skipped: [] });
    // Seen from Contoso's page of the service: the same price, the price billed.
    const belowOnly = await op('IMarketplaceService/GetPriceableItems', { marketplaceId: pricelist, filter: { BelowPurchaseOnly: true } });
    expect((belowOnly.body.Items as { ServiceName: string }[]).map((row) => row.ServiceName)).toEqual(['SKYLINE_MAIL']);

    const defaultRule = rules.at(-1)!.PricingRuleId;
    expect((await op('IPricingRuleService/DeletePricingRule', { pricingRuleId: defaultRule })).status).toBe(409);
    expect((await op('IPricingRuleService/SavePricingRule', { marketplaceId: pricelist, rule: { PricingRuleId: defaultRule, Name: 'Mine', Model: 'Srp', Scope: { Kind: 'AllServices' } } })).status).toBe(409);
    const afterDelete = await op('IPricingRuleService/DeletePricingRule', { pricingRuleId: ruleId });
    expect((afterDelete.body.Rules as { Priority: number }[]).map((rule) => rule.Priority)).toEqual([1, 2, 3, 4]);
    expect((await gridRow('Skyline Mail')).SalesPrice).toBe('5.47');
  });

  it('refuses a company administrator, who may not manage pricing rules', async () => {
    expect((await op('IPricingRuleService/GetPricingRules', { marketplaceId: pricelist }, company)).status).toBe(403);
    expect((await op('IMarketplaceService/GetPriceableItems', { marketplaceId: pricelist }, company)).status).toBe(403);
  });
});
