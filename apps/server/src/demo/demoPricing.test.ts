import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNull } from 'drizzle-orm';
import { accounts, priceableItems, products } from '../platform/db/schema';
import { startTestServer, type TestServer } from '../test/testServer';
import { customerPricelistId } from '../pricing/customerPricelist';
import { effectivePrices } from '../pricing/effectivePrice';

// Issue 13 "Demo world": the catalog and its prices as a customer of each reseller sees them.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const accountId = async (displayName: string) => (await server.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.displayName, displayName)).limit(1))[0]!.id;

/** The price of a service's first item for the customer, with the name of the rule. */
async function priceFor(customer: string, productName: string) {
  const db = server.handle.db;
  const pricelistId = await customerPricelistId(db, await accountId(customer));
  const [item] = await db.select({ id: priceableItems.id }).from(priceableItems).where(eq(priceableItems.productName, productName)).orderBy(priceableItems.id).limit(1);
  const price = (await effectivePrices(db, pricelistId!, [item!.id])).get(item!.id);
  return price?.isPriced ? `${price.price} (${price.explanation.RuleName})` : 'unpriced';
}

describe('the demo catalog and pricelists (issue 13)', () => {
  it('has three vendors with 30 or more services in several categories, each with a price', async () => {
    const db = server.handle.db;
    const [{ services }] = (await db.select({ services: count() }).from(products)) as [{ services: number }];
    expect(services).toBeGreaterThanOrEqual(30);
    const vendors = await db.selectDistinct({ vendor: products.vendorAccountId }).from(products);
    expect(vendors).toHaveLength(3);
    const categories = await db.selectDistinct({ category: products.category }).from(products);
    expect(categories.length).toBeGreaterThanOrEqual(5);
    const unpricedServices = await db.select({ name: products.name }).from(products).leftJoin(priceableItems, eq(priceableItems.productName, products.name)).where(isNull(priceableItems.id));
    expect(unpricedServices).toEqual([]);
  });

  it("prices for Contoso by Northwind's rules and for Litware by Fabrikam's, naming the rule", async () => {
    // Skyline Mail is in Northwind's Collaboration group: 4.10 / (1 − 25 %) = 5.4666… → 5.47.
    expect(await priceFor('Contoso Ltd', 'SKYLINE_MAIL')).toBe('5.47 (Collaboration margin)');
    // Orbit sells in US dollars: SRP 12.00 × 0.92 = 11.04 EUR, less 10 % = 9.936 → 9.94.
    expect(await priceFor('Contoso Ltd', 'ORBIT_INSIGHTS')).toBe('9.94 (Analytics promotion)');
    expect(await priceFor('Contoso Ltd', 'NIMBUS_MFA')).toBe('1.38 (Nimbus partners)');
    // A department and a user of Contoso see Contoso's prices.
    expect(await priceFor('Sales', 'SKYLINE_MAIL')).toBe('5.47 (Collaboration margin)');
    expect(await priceFor('Carl Jensen', 'SKYLINE_MAIL')).toBe('5.47 (Collaboration margin)');
    expect(await priceFor('Litware Inc', 'NIMBUS_ENDPOINT')).toBe('3.80 (Security bundle)');
    expect(await priceFor('Litware Inc', 'SKYLINE_CRM')).toBe('43.20 (Fabrikam markup)');
    // The resellers buy from the platform owner's base pricelist: 4.10 × 1.08 = 4.428 → 4.43.
    expect(await priceFor('Northwind Cloud', 'SKYLINE_MAIL')).toBe('4.43 (Distribution markup)');
  });
});
