import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accounts, exchangeRates, priceableItems, pricelistItemCosts, pricelistItemPrices, pricelists, pricingRules, products, serviceGroupServices, serviceGroups } from '../platform/db/schema';
import { startTestServer, type TestServer } from '../test/testServer';
import { effectivePrice, effectivePrices, loadPricingBasis, pricesWithChange } from './effectivePrice';

// The database side of the one price function (issue 13): rules, scopes and currencies as stored.

let server: TestServer;
const ids = { northwind: 0, fabrikam: 0, vendor: 0, pricelist: 0, mailSeat: 0, mailSetup: 0, crmSeat: 0, chfItem: 0, groupRule: 0, defaultRule: 0 };
const DAY_MS = 86_400_000;

const accountId = async (displayName: string) => (await server.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.displayName, displayName)).limit(1))[0]!.id;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.handle.db;
  ids.northwind = await accountId('Northwind Cloud');
  ids.fabrikam = await accountId('Fabrikam Distribution');
  ids.vendor = await accountId('Skyline Software');
  await db.insert(products).values({ name: 'SWISS_ANALYTICS', displayName: 'Swiss Analytics', vendorAccountId: ids.vendor, currency: 'CHF' });
  const items = await db
    .insert(priceableItems)
    .values([
      { productName: 'SKYLINE_MAIL', name: 'Mailbox', feeType: 'Recurring', purchasePrice: '4.10', srp: '6.00' },
      { productName: 'SKYLINE_MAIL', name: 'Setup', feeType: 'Setup', purchasePrice: '20', srp: '25' },
      { productName: 'SKYLINE_CRM', name: 'Seat', feeType: 'Recurring', purchasePrice: '30', srp: '45' },
      { productName: 'SWISS_ANALYTICS', name: 'Seat', feeType: 'Recurring', purchasePrice: '10', srp: '12' },
    ])
    .returning({ id: priceableItems.id });
  [ids.mailSeat, ids.mailSetup, ids.crmSeat, ids.chfItem] = items.map((row) => row.id) as [number, number, number, number];

  const [own] = await db.insert(serviceGroups).values({ ownerAccountId: ids.northwind, name: 'Collaboration (test)' }).returning({ id: serviceGroups.id });
  const [foreign] = await db.insert(serviceGroups).values({ ownerAccountId: ids.fabrikam, name: 'CRM at Fabrikam (test)' }).returning({ id: serviceGroups.id });
  await db.insert(serviceGroupServices).values([
    { serviceGroupId: own!.id, productName: 'SKYLINE_MAIL' },
    { serviceGroupId: foreign!.id, productName: 'SKYLINE_CRM' },
  ]);
  const [pricelist] = await db.insert(pricelists).values({ ownerAccountId: ids.northwind, name: 'Northwind test', priority: 5, currency: 'EUR' }).returning({ id: pricelists.id });
  ids.pricelist = pricelist!.id;
  const rules = await db
    .insert(pricingRules)
    .values([
      { pricelistId: ids.pricelist, name: 'Collaboration margin', priority: 1, model: 'GrossMargin', parameter: '20', scopeKind: 'ServiceGroups', scopeIds: [own!.id] },
      // Fabrikam's group is no scope of Northwind's rules, even if its id is named.
      { pricelistId: ids.pricelist, name: 'Foreign group', priority: 2, model: 'Static', parameter: '1', scopeKind: 'ServiceGroups', scopeIds: [foreign!.id] },
      { pricelistId: ids.pricelist, name: 'Skyline partners', priority: 3, model: 'Markup', parameter: '12', scopeKind: 'Vendors', scopeIds: [ids.vendor] },
      { pricelistId: ids.pricelist, name: 'Default', priority: 99, isDefault: true, model: 'Srp', parameter: null },
    ])
    .returning({ id: pricingRules.id });
  ids.groupRule = rules[0]!.id;
  ids.defaultRule = rules[3]!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('effectivePrice (issue 13)', () => {
  it('prices each item by the first rule whose scope holds it, and names that rule', async () => {
    const prices = await effectivePrices(server.handle.db, ids.pricelist, [ids.mailSeat, ids.mailSetup, ids.crmSeat]);
    // Mail is in Northwind's group: 4.10 / 0.8 = 5.125 → 5.13.
    expect(prices.get(ids.mailSeat)).toMatchObject({ isPriced: true, price: '5.13', margin: '1.03', explanation: { RuleId: ids.groupRule, RuleName: 'Collaboration margin', Model: 'GrossMargin', Parameter: '20' } });
    expect(prices.get(ids.mailSetup)).toMatchObject({ price: '25.00', explanation: { RuleName: 'Collaboration margin' } });
    // CRM is only in Fabrikam's group: Northwind's vendor rule prices it, 30 × 1.12.
    expect(prices.get(ids.crmSeat)).toMatchObject({ price: '33.60', explanation: { RuleName: 'Skyline partners', Model: 'Markup', Parameter: '12' } });
  });

  it('converts a vendor price in another currency at the latest rate, and refuses a rate that is too old', async () => {
    const db = server.handle.db;
    expect(await effectivePrice(db, ids.chfItem, ids.pricelist)).toMatchObject({ isPriced: false, problem: 'exchange_rate_missing' });
    await db.insert(exchangeRates).values({ baseCurrency: 'CHF', quoteCurrency: 'EUR', rate: '0.9', asOf: new Date(Date.now() - 10 * DAY_MS) });
    expect(await effectivePrice(db, ids.chfItem, ids.pricelist)).toMatchObject({ isPriced: false, problem: 'exchange_rate_outdated' });
    expect(await effectivePrice(db, ids.chfItem, ids.pricelist, { maxExchangeRateAgeDays: 30 })).toMatchObject({ isPriced: true, price: '10.08', currency: 'EUR' });
    await db.insert(exchangeRates).values({ baseCurrency: 'CHF', quoteCurrency: 'EUR', rate: '0.92', asOf: new Date(Date.now() - DAY_MS) });
    // 10 CHF × 0.92 = 9.20 EUR purchase, 12 % markup = 10.304 → 10.30.
    expect(await effectivePrice(db, ids.chfItem, ids.pricelist)).toMatchObject({ isPriced: true, price: '10.30', purchasePrice: '9.20', exchangeRate: { rate: '0.9200000000' } });
  });

  it('keeps rules the price function could not apply out of the database', async () => {
    const db = server.handle.db;
    const insertRule = (values: Partial<typeof pricingRules.$inferInsert>) =>
      db.insert(pricingRules).values({ pricelistId: ids.pricelist, name: 'Bad', priority: 5, model: 'Markup', parameter: '10', ...values });
    // A gross margin of 100 % would divide by zero; a second default rule; a default that is not SRP; SRP with a parameter; a negative markup.
    for (const values of [{ model: 'GrossMargin', parameter: '100' }, { isDefault: true, model: 'Srp', parameter: null }, { isDefault: true }, { model: 'Srp', parameter: '5' }, { parameter: '-1' }]) {
      await expect(insertRule(values)).rejects.toThrow();
    }
    const counted = (await db.execute(sql`select count(*)::int as count from pricing_rules where pricelist_id = ${ids.pricelist}`)) as unknown as { rows: { count: number }[] };
    expect(counted.rows[0]!.count).toBe(4);
    expect((await effectivePrice(db, ids.crmSeat, ids.pricelist))?.isPriced).toBe(true);
  });

  it('takes a propagated cost as purchase price and a manual price before every rule, and prices a hypothetical change', async () => {
    const db = server.handle.db;
    // A propagated cost of 40 replaces the vendor's 30 (no exchange): 40 × 1.12 = 44.80.
    await db.insert(pricelistItemCosts).values({ pricelistId: ids.pricelist, priceableItemId: ids.crmSeat, purchasePrice: '40', sourcePricelistId: ids.pricelist });
    expect(await effectivePrice(db, ids.crmSeat, ids.pricelist)).toMatchObject({ price: '44.80', purchasePrice: '40.00' });
    // A manual price below it wins over the rules and is flagged.
    await db.insert(pricelistItemPrices).values({ pricelistId: ids.pricelist, priceableItemId: ids.crmSeat, salesPrice: '39.995' });
    expect(await effectivePrice(db, ids.crmSeat, ids.pricelist)).toMatchObject({
      price: '40.00',
      isBelowPurchase: false,
      explanation: { RuleId: 0, RuleName: 'Manual price', Model: 'Static', IsManualPrice: true },
    });
    const rules = (await pricesWithChange(db, ids.pricelist, {}, { items: [ids.crmSeat] }))!.basis.rules;
    const changed = await pricesWithChange(
      db,
      ids.pricelist,
      { rules: rules.map((rule) => (rule.name === 'Skyline partners' ? { ...rule, parameter: '50' } : rule)), manualPrices: new Map([[ids.crmSeat, null]]), costs: new Map([[ids.mailSeat, '8']]) },
      { items: [ids.crmSeat, ids.mailSeat] },
    );
    expect(changed!.current.get(ids.crmSeat)).toMatchObject({ price: '40.00' });
    expect(changed!.changed.get(ids.crmSeat)).toMatchObject({ price: '60.00', explanation: { RuleName: 'Skyline partners', Parameter: '50' } });
    // 8 / 0.8 = 10.00 under the group's gross margin.
    expect([changed!.current.get(ids.mailSeat), changed!.changed.get(ids.mailSeat)]).toMatchObject([{ price: '5.13' }, { price: '10.00' }]);
    await db.delete(pricelistItemPrices).where(eq(pricelistItemPrices.pricelistId, ids.pricelist));
    await db.delete(pricelistItemCosts).where(eq(pricelistItemCosts.pricelistId, ids.pricelist));
  });

  it('reads the same basis for chosen items (pricelist head and rules in the items\' statement) as for the whole pricelist', async () => {
    const db = server.handle.db;
    const [precise] = await db
      .insert(pricingRules)
      .values({ pricelistId: ids.pricelist, name: 'Precise', priority: 4, model: 'Markup', parameter: '12.345678', scopeKind: 'PriceableItems', scopeIds: [ids.mailSetup] })
      .returning({ id: pricingRules.id });
    try {
      const chosen = await loadPricingBasis(db, ids.pricelist, [ids.crmSeat, ids.mailSetup]);
      const whole = await loadPricingBasis(db, ids.pricelist, 'offered');
      const byId = (rules: readonly { id: number }[]) => [...rules].sort((a, b) => a.id - b.id);
      expect(chosen).toMatchObject({ pricelistId: ids.pricelist, ownerAccountId: ids.northwind, currency: 'EUR' });
      expect(byId(chosen!.rules)).toEqual(byId(whole!.rules));
      // Numbers come as the database's text (no rounding through a JSON number), scopes as stored.
      expect(chosen!.rules.find((rule) => rule.id === precise!.id)).toEqual({
        id: precise!.id,
        name: 'Precise',
        priority: 4,
        isDefault: false,
        model: 'Markup',
        parameter: '12.345678',
        scope: { kind: 'PriceableItems', ids: [ids.mailSetup] },
      });
      expect(chosen!.rules.find((rule) => rule.isDefault)).toMatchObject({ name: 'Default', parameter: null, scope: { kind: 'AllServices', ids: [] } });
      // Items that do not exist: the pricelist's head and rules all the same; a pricelist that does not exist: nothing.
      expect(await loadPricingBasis(db, ids.pricelist, [2_000_000_000])).toMatchObject({ ownerAccountId: ids.northwind, currency: 'EUR', items: [], rules: chosen!.rules });
      expect(await loadPricingBasis(db, 2_000_000_000, [ids.crmSeat])).toBeUndefined();
    } finally {
      await db.delete(pricingRules).where(eq(pricingRules.id, precise!.id));
    }
  });
});
