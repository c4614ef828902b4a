import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Issue 13 /add-to-pricelist: the services a pricelist offers, the catalog services it does not
// offer yet, adding a selection (idempotent, active services only) and taking one off.

let server: TestServer;
let reseller: string;
let other: string;
let standard: number;
const op = (name: string, body: unknown, cookie = reseller) => call(server.app, `IMarketplaceService/${name}`, body, { cookie });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;

interface Service {
  ServiceName: string;
  DisplayName: string;
  VendorName: string;
  Category: string | null;
  IsOffered: boolean;
  IsEnabled: boolean;
  ItemCount: number;
}

beforeAll(async () => {
  server = await startTestServer();
  reseller = await signIn(server.app, 'reseller.admin');
  other = await signIn(server.app, 'other.admin');
  standard = (await rows<{ id: number }>(sql`select id from pricelists where name = 'Northwind standard'`))[0]!.id;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('the services of a pricelist', () => {
  it('lists the offered services with vendor, category, enabled and item count, filtered and paged', async () => {
    const offered = await op('GetMarketplaceServices', { marketplaceId: standard, pageSize: 5 });
    expect(offered.status).toBe(200);
    expect(offered.body.Total).toBeGreaterThanOrEqual(30);
    expect(offered.body.Services).toHaveLength(5);
    expect((offered.body.Vendors as { Name: string }[]).map((vendor) => vendor.Name)).toEqual(['Nimbus Security', 'Orbit Analytics', 'Skyline Software']);
    expect(offered.body.Categories).toContain('Security');

    const crm = await op('GetMarketplaceServices', { marketplaceId: standard, filter: { Text: 'crm' } });
    expect(crm.body.Services).toEqual([
      expect.objectContaining({ ServiceName: 'SKYLINE_CRM', DisplayName: 'Skyline CRM', VendorName: 'Skyline Software', Category: 'Sales', IsOffered: true, IsEnabled: true, ItemCount: 2 }),
    ]);
    const security = await op('GetMarketplaceServices', { marketplaceId: standard, filter: { Category: 'Security' }, pageSize: 100 });
    expect((security.body.Services as Service[]).every((service) => service.Category === 'Security')).toBe(true);
    expect(security.body.Total).toBe((security.body.Services as Service[]).length);
  });

  it('offers the catalog services not on the pricelist, adds a selection once and takes one off', async () => {
    const removed = await op('RemoveServiceFromMarketplace', { marketplaceId: standard, serviceName: 'ORBIT_SIGN' });
    expect(removed.status).toBe(200);
    expect((await op('RemoveServiceFromMarketplace', { marketplaceId: standard, serviceName: 'ORBIT_SIGN' })).status).toBe(400);

    const available = await op('GetMarketplaceServices', { marketplaceId: standard, filter: { Scope: 'Available' } });
    expect((available.body.Services as Service[]).map((service) => service.ServiceName)).toContain('ORBIT_SIGN');
    expect((available.body.Services as Service[]).find((service) => service.ServiceName === 'ORBIT_SIGN')).toMatchObject({ IsOffered: false, IsEnabled: false, VendorName: 'Orbit Analytics' });

    const added = await op('AddServicesToMarketplace', { marketplaceId: standard, serviceNames: ['ORBIT_SIGN', 'SKYLINE_MAIL'] });
    expect(added.status).toBe(200);
    expect(added.body.AddedServiceNames).toEqual(['ORBIT_SIGN']);
    expect(added.body.ServicesCount).toBe(removed.body.ServicesCount as number + 1);
    const again = await op('AddServicesToMarketplace', { marketplaceId: standard, serviceNames: ['ORBIT_SIGN'] });
    expect(again.body).toEqual({ AddedServiceNames: [], ServicesCount: added.body.ServicesCount });
    const audit = await rows(sql`select 1 from audit_log where action = 'PricelistChanged' and details->'AddedServices' ? 'ORBIT_SIGN'`);
    expect(audit).toHaveLength(1);
  });

  it('refuses an unknown or inactive service, naming it, and adds nothing', async () => {
    const before = (await op('GetMarketplaceServices', { marketplaceId: standard })).body.Total;
    await op('RemoveServiceFromMarketplace', { marketplaceId: standard, serviceName: 'NIMBUS_DNS' });
    await server.handle.db.execute(sql`update products set is_active = false where name = 'NIMBUS_DNS'`);
    const inactive = await op('AddServicesToMarketplace', { marketplaceId: standard, serviceNames: ['ORBIT_WIKI', 'NIMBUS_DNS'] });
    expect(inactive.status).toBe(400);
    expect(inactive.body.Message).toBe('serviceNames: NIMBUS_DNS is not an active service of the catalog.');
    const unknown = await op('AddServicesToMarketplace', { marketplaceId: standard, serviceNames: ['NO_SUCH_SERVICE'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toContain('NO_SUCH_SERVICE');
    expect((await op('AddServicesToMarketplace', { marketplaceId: standard, serviceNames: [] })).status).toBe(400);
    expect((await op('GetMarketplaceServices', { marketplaceId: standard })).body.Total).toBe((before as number) - 1);
    const available = await op('GetMarketplaceServices', { marketplaceId: standard, filter: { Scope: 'Available' } });
    expect((available.body.Services as Service[]).map((service) => service.ServiceName)).not.toContain('NIMBUS_DNS');
  });

  it("answers 403 for another reseller's pricelist", async () => {
    expect((await op('GetMarketplaceServices', { marketplaceId: standard }, other)).status).toBe(403);
    expect((await op('AddServicesToMarketplace', { marketplaceId: standard, serviceNames: ['ORBIT_SIGN'] }, other)).status).toBe(403);
    expect((await op('RemoveServiceFromMarketplace', { marketplaceId: standard, serviceName: 'ORBIT_SIGN' }, other)).status).toBe(403);
    expect((await op('GetMarketplaceServices', { marketplaceId: 999_999 })).status).toBe(403);
  });
});
