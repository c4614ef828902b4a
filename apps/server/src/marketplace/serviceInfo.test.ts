import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Issue 13: the service info page's data — a price shown is the price the customer is billed.

let server: TestServer;
const as = async (username: string, body: unknown) => call(server.app, 'IMarketplaceService/GetService', body, { cookie: await signIn(server.app, username) });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('IMarketplaceService/GetService', () => {
  it("prices a service for the caller's company, without showing the reseller's rule", async () => {
    for (const username of ['company.admin', 'company.user']) {
      const result = await as(username, { serviceId: 'SKYLINE_MAIL' });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({
        Id: 'SKYLINE_MAIL',
        DisplayName: 'Skyline Mail',
        Description: 'Business e-mail with a 50 GB mailbox per user.',
        Category: 'Communication',
        VendorName: 'Skyline Software',
        Currency: 'EUR',
        Items: [{ Name: 'Subscription', FeeType: 'Recurring', Unit: 'user', SalesPrice: '5.47', Problem: null, RuleName: null }],
      });
    }
    // Fabrikam buys from the platform owner's base pricelist.
    expect((await as('other.admin', { serviceId: 'SKYLINE_MAIL' })).body.Items).toEqual([expect.objectContaining({ SalesPrice: '4.43', RuleName: null })]);
  });

  it('names the rule for a pricelist the caller manages, and refuses one of another reseller', async () => {
    const northwind = ((await server.handle.db.execute(sql`select id from pricelists where name = 'Northwind standard'`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
    const managed = await as('reseller.admin', { serviceId: 'ORBIT_WAREHOUSE', pricelistId: northwind });
    expect(managed.body.Items).toEqual([
      expect.objectContaining({ Name: 'Storage', FeeType: 'Usage', Unit: 'GB', SalesPrice: '0.023184', RuleName: 'Analytics promotion' }),
      expect.objectContaining({ Name: 'Queries', SalesPrice: '4.968000', RuleName: 'Analytics promotion' }),
    ]);
    const foreign = await as('other.admin', { serviceId: 'ORBIT_WAREHOUSE', pricelistId: northwind });
    const missing = await as('other.admin', { serviceId: 'ORBIT_WAREHOUSE', pricelistId: 987_654_321 });
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
  });

  it('answers an unknown service like a foreign id, and needs Marketplace Read', async () => {
    expect((await as('company.admin', { serviceId: 'NO_SUCH_SERVICE' })).status).toBe(403);
    expect((await as('vendor.admin', { serviceId: 'SKYLINE_MAIL' })).status).toBe(403);
  });
});
