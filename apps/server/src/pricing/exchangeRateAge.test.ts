import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { readConfig } from '../platform/config';
import { accounts, exchangeRates, priceableItems, pricelists, products } from '../platform/db/schema';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { effectivePrice, maxExchangeRateAgeDays } from './effectivePrice';

// spec §4 / issue 13: "Exchange rate not up to date." when a needed rate is older than
// EXCHANGE_RATE_MAX_AGE_DAYS — the configured age, used by every caller of the price function.

const DAY_MS = 86_400_000;

describe('EXCHANGE_RATE_MAX_AGE_DAYS', () => {
  it('is 7 days unless set, and a wrong value stops the start with a clear message', () => {
    expect(readConfig({}).exchangeRateMaxAgeDays).toBe(7);
    expect(readConfig({ EXCHANGE_RATE_MAX_AGE_DAYS: '3' }).exchangeRateMaxAgeDays).toBe(3);
    for (const wrong of ['abc', '0', '-2', '1.5', '4000']) {
      expect(() => readConfig({ EXCHANGE_RATE_MAX_AGE_DAYS: wrong }), wrong).toThrow(`EXCHANGE_RATE_MAX_AGE_DAYS must be a whole number of days from 1 to 3650 (got "${wrong}")`);
    }
  });
});

describe('a rate older than the configured age', () => {
  let server: TestServer;
  let reseller: string;
  let pricelistId = 0;
  let chfItem = 0;

  beforeAll(async () => {
    server = await startTestServer({ exchangeRateMaxAgeDays: 1 });
    const db = server.handle.db;
    reseller = await signIn(server.app, 'reseller.admin');
    const [vendor] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.displayName, 'Skyline Software')).limit(1);
    await db.insert(products).values({ name: 'SWISS_RATE_AGE', displayName: 'Swiss rate age', vendorAccountId: vendor!.id, currency: 'CHF' });
    const [item] = await db.insert(priceableItems).values({ productName: 'SWISS_RATE_AGE', name: 'Seat', feeType: 'Recurring', purchasePrice: '10', srp: '12' }).returning({ id: priceableItems.id });
    chfItem = item!.id;
    const [pricelist] = await db.select({ id: pricelists.id }).from(pricelists).where(eq(pricelists.name, 'Northwind standard')).limit(1);
    pricelistId = pricelist!.id;
    // Only a rate taken two days ago.
    await db.delete(exchangeRates).where(and(eq(exchangeRates.baseCurrency, 'CHF'), eq(exchangeRates.quoteCurrency, 'EUR')));
    await db.delete(exchangeRates).where(and(eq(exchangeRates.baseCurrency, 'EUR'), eq(exchangeRates.quoteCurrency, 'CHF')));
    await db.insert(exchangeRates).values({ baseCurrency: 'CHF', quoteCurrency: 'EUR', rate: '0.92', asOf: new Date(Date.now() - 2 * DAY_MS) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is set for the price function when the server starts', () => {
    expect(maxExchangeRateAgeDays()).toBe(1);
  });

  it('prices nothing in another currency: the caller is told "Exchange rate not up to date."', async () => {
    expect(await effectivePrice(server.handle.db, chfItem, pricelistId)).toMatchObject({ isPriced: false, problem: 'exchange_rate_outdated' });
    const explained = await call(server.app, 'IPricingRuleService/ExplainPrice', { marketplaceId: pricelistId, priceableItemId: chfItem }, { cookie: reseller });
    expect(explained.status).toBe(200);
    expect(explained.body).toMatchObject({ SalesPrice: null, Problem: 'exchange_rate_outdated' });
    // The same rate within the age prices the item.
    expect(await effectivePrice(server.handle.db, chfItem, pricelistId, { maxExchangeRateAgeDays: 3 })).toMatchObject({ isPriced: true, currency: 'EUR', exchangeRate: { rate: '0.9200000000' } });
  });
});
