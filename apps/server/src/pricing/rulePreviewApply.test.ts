import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PricedItem, PricingRule } from '@cmp/contracts/pricing';
import type { PricePreview } from '@cmp/contracts/pricePreview';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Issue 13: DeletePricingRule and PrioritizePricingRules with a previewId (PreviewPricingRule with
// deletePricingRuleId / pricingRuleIds) apply exactly what was previewed, or answer 409 when prices moved.

let server: TestServer;
let reseller: string;
let pricelist: number;
let skyline: number;
let uplift: number;
let everything: number;
const op = (name: string, body: unknown, cookie = reseller) => call(server.app, name, body, { cookie });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const idOf = async (query: ReturnType<typeof sql>) => (await rows<{ id: number }>(query))[0]!.id;
const rules = async () => ((await op('IPricingRuleService/GetPricingRules', { marketplaceId: pricelist })).body.Rules as PricingRule[]).filter((rule) => !rule.IsDefault).map((rule) => rule.PricingRuleId);
const preview = async (body: Record<string, unknown>) => {
  const answer = await op('IPricingRuleService/PreviewPricingRule', { marketplaceId: pricelist, ...body });
  expect(answer.status).toBe(200);
  return answer.body as PricePreview;
};
async function grid(): Promise<Map<number, PricedItem>> {
  const all: PricedItem[] = [];
  for (let page = 0; ; page++) {
    const answer = await op('IMarketplaceService/GetPriceableItems', { marketplaceId: pricelist, page, pageSize: 200 });
    all.push(...(answer.body.Items as PricedItem[]));
    if (all.length >= (answer.body.Total as number)) break;
  }
  return new Map(all.map((item) => [item.PriceableItemId, item]));
}
/** Someone types a manual price into the grid: prices move. */
const movePrices = async (itemId: number, price: string) =>
  expect((await op('IMarketplaceService/UpdateServices', { marketplaceId: pricelist, updateCharges: [{ PriceableItemId: itemId, SalesPrice: price }] })).status).toBe(200);

beforeAll(async () => {
  server = await startTestServer();
  reseller = await signIn(server.app, 'reseller.admin');
  pricelist = await idOf(sql`select id from pricelists where name = 'Northwind standard'`);
  skyline = await idOf(sql`select id from accounts where display_name = 'Skyline Software'`);
  const save = async (rule: Record<string, unknown>) => (await op('IPricingRuleService/SavePricingRule', { marketplaceId: pricelist, rule })).body.PricingRuleId as number;
  uplift = await save({ Name: 'Skyline uplift', Model: 'Markup', Parameter: '50', Scope: { Kind: 'Vendors', Ids: [skyline] } });
  everything = await save({ Name: 'Everything', Model: 'Markup', Parameter: '10', Scope: { Kind: 'AllServices', Ids: [] } });
});
afterAll(async () => {
  await server?.close();
});

describe('PrioritizePricingRules with a previewId (issue 13)', () => {
  it('applies exactly the order previewed, and refuses another order, moved prices or a second use', async () => {
    const before = await rules();
    // The catch-all rule before Skyline's uplift: Skyline items lose their 50 %.
    const order = [...before.filter((id) => id !== everything && id !== uplift), everything, uplift];
    const previewed = await preview({ pricingRuleIds: order });
    expect(previewed.ChangedItemsCount).toBeGreaterThan(0);

    const other = await op('IPricingRuleService/PrioritizePricingRules', { marketplaceId: pricelist, pricingRuleIds: [...order].reverse(), previewId: previewed.PreviewId });
    expect(other.status).toBe(409);
    expect(await rules()).toEqual(before);

    await movePrices(previewed.ChangedItems[0]!.PriceableItemId, '1.00');
    const moved = await op('IPricingRuleService/PrioritizePricingRules', { marketplaceId: pricelist, pricingRuleIds: order, previewId: previewed.PreviewId });
    expect(moved.status).toBe(409);
    expect(moved.body.Message).toBe('Prices changed since the preview. Preview again.');
    expect(await rules()).toEqual(before);

    const fresh = await preview({ pricingRuleIds: order });
    const applied = await op('IPricingRuleService/PrioritizePricingRules', { marketplaceId: pricelist, pricingRuleIds: order, previewId: fresh.PreviewId });
    expect(applied.status).toBe(200);
    expect(await rules()).toEqual(order);
    const prices = await grid();
    for (const change of fresh.ChangedItems) expect(prices.get(change.PriceableItemId)?.SalesPrice).toBe(change.NewPrice);
    expect((await op('IPricingRuleService/PrioritizePricingRules', { marketplaceId: pricelist, pricingRuleIds: order, previewId: fresh.PreviewId })).status).toBe(409);
  });

  it('still works without a previewId, and names previewId for an unknown one', async () => {
    const order = await rules();
    expect((await op('IPricingRuleService/PrioritizePricingRules', { marketplaceId: pricelist, pricingRuleIds: order })).status).toBe(200);
    const unknown = await op('IPricingRuleService/PrioritizePricingRules', { marketplaceId: pricelist, pricingRuleIds: order, previewId: 'no-such-preview' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toContain('previewId');
  });
});

describe('DeletePricingRule with a previewId (issue 13)', () => {
  it('refuses the preview of another rule or moved prices and deletes nothing, then deletes exactly as previewed', async () => {
    const ofEverything = await preview({ deletePricingRuleId: everything });
    const wrongRule = await op('IPricingRuleService/DeletePricingRule', { pricingRuleId: uplift, previewId: ofEverything.PreviewId });
    expect(wrongRule.status).toBe(409);
    expect(await rules()).toContain(uplift);

    const previewed = await preview({ deletePricingRuleId: everything });
    expect(previewed.ChangedItemsCount).toBeGreaterThan(0);
    await movePrices(previewed.ChangedItems[0]!.PriceableItemId, '2.00');
    const moved = await op('IPricingRuleService/DeletePricingRule', { pricingRuleId: everything, previewId: previewed.PreviewId });
    expect(moved.status).toBe(409);
    expect(moved.body.Message).toBe('Prices changed since the preview. Preview again.');
    expect(await rules()).toContain(everything);

    const fresh = await preview({ deletePricingRuleId: everything });
    const deleted = await op('IPricingRuleService/DeletePricingRule', { pricingRuleId: everything, previewId: fresh.PreviewId });
    expect(deleted.status).toBe(200);
    expect(await rules()).not.toContain(everything);
    const prices = await grid();
    for (const change of fresh.ChangedItems) expect(prices.get(change.PriceableItemId)?.SalesPrice).toBe(change.NewPrice);
  });
});
