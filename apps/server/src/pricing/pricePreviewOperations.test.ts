import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PricedItem } from '@cmp/contracts/pricing';
import type { PricePreview } from '@cmp/contracts/pricePreview';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { money } from './money';

// Issue 13: the price-change preview of a rule change (PreviewPricingRule, SavePricingRule with a
// previewId) and the edit-prices grid's manual prices, enabled services and export, on the demo world.

let server: TestServer;
let reseller: string;
let fabrikam: string;
let pricelist: number;
let skyline: number;
const op = (name: string, body: unknown, cookie = reseller) => call(server.app, name, body, { cookie });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const idOf = async (query: ReturnType<typeof sql>) => (await rows<{ id: number }>(query))[0]!.id;

async function grid(): Promise<Map<number, PricedItem>> {
  const all: PricedItem[] = [];
  for (let page = 0; ; page++) {
    const answer = await op('IMarketplaceService/GetPriceableItems', { marketplaceId: pricelist, page, pageSize: 200 });
    all.push(...(answer.body.Items as PricedItem[]));
    if (all.length >= (answer.body.Total as number)) break;
  }
  return new Map(all.map((item) => [item.PriceableItemId, item]));
}

const uplift = (parameter: string) => ({ Name: 'Skyline uplift', Model: 'Markup', Parameter: parameter, Scope: { Kind: 'Vendors', Ids: [skyline] } });

beforeAll(async () => {
  server = await startTestServer();
  reseller = await signIn(server.app, 'reseller.admin');
  fabrikam = await signIn(server.app, 'other.admin');
  pricelist = await idOf(sql`select id from pricelists where name = 'Northwind standard'`);
  skyline = await idOf(sql`select id from accounts where display_name = 'Skyline Software'`);
});
afterAll(async () => {
  await server?.close();
});

describe('PreviewPricingRule and SavePricingRule with a previewId (issue 13)', () => {
  let previewed: PricePreview;

  it('shows the items whose price changes, old and new, the customers reached and the monthly deltas', async () => {
    const before = await grid();
    const answer = await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: pricelist, rule: uplift('50') });
    expect(answer.status).toBe(200);
    previewed = answer.body as PricePreview;
    expect(previewed).toMatchObject({ MarketplaceId: pricelist, Currency: 'EUR', ItemsCount: before.size, PreviewId: expect.any(String) as string });
    expect(previewed.ChangedItemsCount).toBeGreaterThan(0);
    expect(previewed.ChangedItems).toHaveLength(previewed.ChangedItemsCount);
    for (const change of previewed.ChangedItems) {
      const now = before.get(change.PriceableItemId)!;
      // The old price is the one the grid shows; the new one is purchase × 1.5 by the new rule.
      expect(change.OldPrice).toBe(now.SalesPrice);
      expect(change.NewRule).toMatchObject({ RuleName: 'Skyline uplift', Model: 'Markup', Parameter: '50', IsManualPrice: false });
      expect(change.NewPrice).toBe(money(now.PurchasePrice!).times('1.5').toFixed(change.FeeType === 'Usage' ? 6 : 2));
      expect(change.NewPrice).not.toBe(change.OldPrice);
      expect(money(change.NewMargin!).equals(money(change.NewPrice!).minus(now.PurchasePrice!))).toBe(true);
    }
    // Items of other vendors (and Skyline's in the Collaboration group, priced by an earlier rule) stay.
    const unchanged = [...before.values()].filter((item) => !previewed.ChangedItems.some((change) => change.PriceableItemId === item.PriceableItemId));
    expect(unchanged.length).toBeGreaterThan(0);
    expect(previewed.Customers.map((customer) => customer.DisplayName)).toEqual(['Adventure Works', 'Contoso Ltd', 'Tailspin Toys']);

    // Contoso's active subscriptions, checked with the quantities as stored: quantity × (new − old) of each recurring item.
    const subscriptions = await rows<{ product_name: string; quantity: number; billing_rule: string; billing_period: string }>(sql`
      select s.product_name, s.quantity, p.billing_rule, p.billing_period from subscriptions s join accounts a on a.id = s.account_id join products p on p.name = s.product_name
      where a.path like (select path from accounts where display_name = 'Contoso Ltd') || '%' and a.state <> 'Terminated'`);
    let expected = money(0);
    for (const subscription of subscriptions) {
      for (const change of previewed.ChangedItems.filter((item) => item.ServiceName === subscription.product_name && item.FeeType === 'Recurring')) {
        const quantity = subscription.billing_rule === 'Flat' ? 1 : subscription.quantity;
        const monthly = (price: string) => money(price).times(quantity).div(subscription.billing_period === 'Annual' ? 12 : 1).toDecimalPlaces(2);
        expected = expected.plus(monthly(change.NewPrice!)).minus(monthly(change.OldPrice!));
      }
    }
    const contoso = previewed.Customers.find((customer) => customer.DisplayName === 'Contoso Ltd')!;
    expect(expected.isZero()).toBe(false);
    expect(contoso.MonthlyRevenueDelta).toBe(expected.toFixed(2));
    // The purchase prices stay: the margin moves with the revenue.
    expect(contoso.MonthlyMarginDelta).toBe(contoso.MonthlyRevenueDelta);
    const total = previewed.Customers.reduce((sum, customer) => sum.plus(customer.MonthlyRevenueDelta), money(0));
    expect(previewed.MonthlyRevenueDelta).toBe(total.toFixed(2));
    // A preview changes no price.
    expect([...(await grid()).values()].map((item) => item.SalesPrice)).toEqual([...before.values()].map((item) => item.SalesPrice));
  });

  it('saves exactly what was previewed, once', async () => {
    const saved = await op('IPricingRuleService/SavePricingRule', { marketplaceId: pricelist, rule: uplift('50'), previewId: previewed.PreviewId });
    expect(saved.status).toBe(200);
    const after = await grid();
    for (const change of previewed.ChangedItems) expect(after.get(change.PriceableItemId)).toMatchObject({ SalesPrice: change.NewPrice, Rule: { RuleName: 'Skyline uplift' } });
    const again = await op('IPricingRuleService/SavePricingRule', { marketplaceId: pricelist, rule: { ...uplift('50'), PricingRuleId: saved.body.PricingRuleId as number }, previewId: previewed.PreviewId });
    expect(again.status).toBe(409);
  });

  it('refuses to save when prices moved since the preview, or when the rule is not the one previewed', async () => {
    const ruleId = await idOf(sql`select id from pricing_rules where name = 'Skyline uplift'`);
    const preview = (await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: pricelist, rule: { ...uplift('60'), PricingRuleId: ruleId } })).body as PricePreview;
    expect(preview.ChangedItems.every((change) => change.OldRule?.RuleName === 'Skyline uplift' && change.NewRule?.Parameter === '60')).toBe(true);

    const other = await op('IPricingRuleService/SavePricingRule', { marketplaceId: pricelist, rule: { ...uplift('70'), PricingRuleId: ruleId }, previewId: preview.PreviewId });
    expect(other.status).toBe(409);
    expect(other.body.Message).toBe('The rule differs from the one previewed. Preview again.');

    // Meanwhile someone types a manual price into the grid.
    const item = preview.ChangedItems[0]!;
    expect((await op('IMarketplaceService/UpdateServices', { marketplaceId: pricelist, updateCharges: [{ PriceableItemId: item.PriceableItemId, SalesPrice: '1.00' }] })).status).toBe(200);
    const moved = await op('IPricingRuleService/SavePricingRule', { marketplaceId: pricelist, rule: { ...uplift('60'), PricingRuleId: ruleId }, previewId: preview.PreviewId });
    expect(moved.status).toBe(409);
    expect(moved.body.Message).toBe('Prices changed since the preview. Preview again.');
    // Nothing was written: the rule is still at 50 %.
    expect((await rows<{ parameter: string }>(sql`select parameter from pricing_rules where id = ${ruleId}`))[0]!.parameter).toBe('50.000000');

    // A fresh preview starts from the moved prices (the manual price stays: it comes before every rule).
    const fresh = (await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: pricelist, rule: { ...uplift('60'), PricingRuleId: ruleId } })).body as PricePreview;
    expect(fresh.ChangedItemsCount).toBe(preview.ChangedItemsCount - 1);
    expect((await op('IPricingRuleService/SavePricingRule', { marketplaceId: pricelist, rule: { ...uplift('60'), PricingRuleId: ruleId }, previewId: fresh.PreviewId })).status).toBe(200);
    // Another pricelist's preview id is no preview of this one.
    const fabrikamList = await idOf(sql`select id from pricelists where name = 'Fabrikam DACH'`);
    const theirs = (await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: fabrikamList, deletePricingRuleId: await idOf(sql`select id from pricing_rules where name = 'Fabrikam markup'`) }, fabrikam)).body as PricePreview;
    const foreign = await op('IPricingRuleService/SavePricingRule', { marketplaceId: pricelist, rule: uplift('5'), previewId: theirs.PreviewId });
    expect(foreign.status).toBe(400);
    expect(foreign.body.Message).toContain('previewId');
    await op('IMarketplaceService/UpdateServices', { marketplaceId: pricelist, updateCharges: [{ PriceableItemId: item.PriceableItemId, SalesPrice: null }] });
  });

  it('previews a deletion and a new order, and refuses a request naming no change, two, or a foreign rule', async () => {
    const ruleId = await idOf(sql`select id from pricing_rules where name = 'Skyline uplift'`);
    const deletion = (await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: pricelist, deletePricingRuleId: ruleId })).body as PricePreview;
    expect(deletion.ChangedItemsCount).toBeGreaterThan(0);
    expect(deletion.ChangedItems.every((change) => change.OldRule?.RuleName === 'Skyline uplift' && change.NewRule?.RuleName !== 'Skyline uplift')).toBe(true);
    expect(money(deletion.MonthlyRevenueDelta).isNegative()).toBe(true);

    const ordered = (await op('IPricingRuleService/GetPricingRules', { marketplaceId: pricelist })).body.Rules as { PricingRuleId: number; IsDefault: boolean; Name: string }[];
    const movable = ordered.filter((rule) => !rule.IsDefault).map((rule) => rule.PricingRuleId);
    // The uplift first: Skyline's collaboration services move from the group's margin to it.
    const reorder = (await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: pricelist, pricingRuleIds: [ruleId, ...movable.filter((id) => id !== ruleId)] })).body as PricePreview;
    expect(reorder.ChangedItems.length).toBeGreaterThan(0);
    expect(reorder.ChangedItems.every((change) => change.OldRule?.RuleName === 'Collaboration margin' && change.NewRule?.RuleName === 'Skyline uplift')).toBe(true);

    expect((await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: pricelist })).status).toBe(400);
    const two = await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: pricelist, rule: uplift('1'), deletePricingRuleId: ruleId });
    expect(two.status).toBe(400);
    expect(two.body.Message).toContain('exactly one change');
    expect((await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: pricelist, pricingRuleIds: [ruleId] })).status).toBe(400);
    const foreignRule = await idOf(sql`select id from pricing_rules where name = 'Fabrikam markup'`);
    expect((await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: pricelist, deletePricingRuleId: foreignRule })).status).toBe(403);
    const defaultRule = ordered.find((rule) => rule.IsDefault)!.PricingRuleId;
    expect((await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: pricelist, deletePricingRuleId: defaultRule })).status).toBe(409);
    // Fabrikam's admin gets the same 403 for Northwind's pricelist as for a missing one.
    const foreign = await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: pricelist, rule: uplift('1') }, fabrikam);
    const missing = await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: 999_999, rule: uplift('1') }, fabrikam);
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
  });
});

describe('UpdateServices: manual prices and enabled services of the grid (issue 13)', () => {
  it('sets and clears a manual price that prices the item before every rule, flagged below purchase, audited', async () => {
    const item = [...(await grid()).values()].find((candidate) => candidate.ServiceName === 'SKYLINE_CRM' && candidate.FeeType === 'Recurring')!;
    const set = await op('IMarketplaceService/UpdateServices', { marketplaceId: pricelist, updateCharges: [{ PriceableItemId: item.PriceableItemId, SalesPrice: '0.5' }] });
    expect(set.body).toEqual({ UpdatedServices: 0, UpdatedCharges: 1 });
    expect((await grid()).get(item.PriceableItemId)).toMatchObject({
      SalesPrice: '0.50',
      IsBelowPurchase: true,
      Rule: { RuleId: 0, RuleName: 'Manual price', Model: 'Static', Parameter: '0.5', IsManualPrice: true },
    });
    const explained = await op('IPricingRuleService/ExplainPrice', { marketplaceId: pricelist, priceableItemId: item.PriceableItemId });
    expect(explained.body).toMatchObject({ SalesPrice: '0.50', Rule: { IsManualPrice: true } });
    await op('IMarketplaceService/UpdateServices', { marketplaceId: pricelist, updateCharges: [{ PriceableItemId: item.PriceableItemId, SalesPrice: null }] });
    expect((await grid()).get(item.PriceableItemId)).toMatchObject({ SalesPrice: item.SalesPrice, Rule: { RuleName: item.Rule!.RuleName } });
    const audit = await rows<{ details: { ManualPrices: unknown[] } }>(sql`select details from audit_log where action = 'PricelistChanged' order by id desc limit 1`);
    expect(audit[0]!.details.ManualPrices).toEqual([{ PriceableItemId: item.PriceableItemId, SalesPrice: null }]);
  });

  it('disables and enables a service: its items leave the grid and come back', async () => {
    const count = (await grid()).size;
    const crmItems = [...(await grid()).values()].filter((item) => item.ServiceName === 'SKYLINE_CRM').length;
    expect((await op('IMarketplaceService/UpdateServices', { marketplaceId: pricelist, marketplaceServiceList: [{ ServiceName: 'SKYLINE_CRM', IsEnabled: false }] })).body).toEqual({ UpdatedServices: 1, UpdatedCharges: 0 });
    expect((await grid()).size).toBe(count - crmItems);
    await op('IMarketplaceService/UpdateServices', { marketplaceId: pricelist, marketplaceServiceList: [{ ServiceName: 'SKYLINE_CRM', IsEnabled: true }] });
    expect((await grid()).size).toBe(count);
  });

  it('refuses bad prices and items or services not on the pricelist, naming the field, and writes nothing then', async () => {
    const [first, second] = [...(await grid()).values()];
    const good = { PriceableItemId: first!.PriceableItemId, SalesPrice: '9.99' };
    for (const [SalesPrice, field] of [['-1', 'updateCharges.1.SalesPrice'], ['1.1234567', 'updateCharges.1.SalesPrice'], ['abc', 'updateCharges.1.SalesPrice']] as const) {
      const refused = await op('IMarketplaceService/UpdateServices', { marketplaceId: pricelist, updateCharges: [good, { PriceableItemId: second!.PriceableItemId, SalesPrice }] });
      expect(refused.status, SalesPrice).toBe(400);
      expect(refused.body.Message).toContain(field);
    }
    const notOffered = await idOf(sql`insert into priceable_items (product_name, name, fee_type, purchase_price, srp) values ('SKYLINE_MAIL', 'Inactive archive', 'Recurring', 1, 2) returning id`);
    await server.handle.db.execute(sql`delete from pricelist_services where pricelist_id = ${pricelist} and product_name = 'SKYLINE_MAIL'`);
    const foreignItem = await op('IMarketplaceService/UpdateServices', { marketplaceId: pricelist, updateCharges: [good, { PriceableItemId: notOffered, SalesPrice: '1' }] });
    expect(foreignItem.status).toBe(400);
    expect(foreignItem.body.Message).toContain(String(notOffered));
    const unknownService = await op('IMarketplaceService/UpdateServices', { marketplaceId: pricelist, marketplaceServiceList: [{ ServiceName: 'SKYLINE_MAIL', IsEnabled: true }], updateCharges: [good] });
    expect(unknownService.status).toBe(400);
    expect(unknownService.body.Message).toContain('SKYLINE_MAIL');
    await server.handle.db.execute(sql`insert into pricelist_services (pricelist_id, product_name) values (${pricelist}, 'SKYLINE_MAIL')`);
    expect(await rows(sql`select * from pricelist_item_prices where pricelist_id = ${pricelist}`)).toEqual([]);
    // Another reseller's admin: the same 403 as for a missing pricelist.
    const foreign = await op('IMarketplaceService/UpdateServices', { marketplaceId: pricelist, updateCharges: [good] }, fabrikam);
    expect(foreign.status).toBe(403);
  });
});

describe('ExportPriceableItems (issue 13)', () => {
  it('answers the grid as a workbook named by the spec §5 rule', async () => {
    const answer = await op('IMarketplaceService/ExportPriceableItems', { marketplaceId: pricelist, sortBy: 'SalesPrice', sortDirection: 'desc' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ FileName: 'Prices-Northwind_standard.xlsx', ContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(answer.body.ContentBase64 as string, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Service', 'Item', 'Fee type', 'Vendor', 'Currency', 'Purchase price', 'SRP', 'Sales price', 'Margin', 'Margin %', 'Priced by', 'Below purchase']);
    const items = await grid();
    expect(sheet.rowCount).toBe(items.size + 1);
    // Sorted as asked: the most expensive first.
    const top = [...items.values()].filter((item) => item.SalesPrice !== null).sort((a, b) => money(b.SalesPrice!).comparedTo(a.SalesPrice!))[0]!;
    expect(sheet.getRow(2).getCell(8).value).toBe(top.SalesPrice);
    const german = await call(server.app, 'IMarketplaceService/ExportPriceableItems', { marketplaceId: pricelist }, { cookie: reseller, headers: { 'accept-language': 'de' } });
    expect(german.body.FileName).toBe('Preise-Northwind_standard.xlsx');
  });
});
