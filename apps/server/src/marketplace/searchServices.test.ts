import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
let cookie: string;
const search = (body: Record<string, unknown>, as = cookie) => call(server.app, 'IMarketplaceService/SearchServices', body, { cookie: as });

beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server.app, 'company.admin');
});
afterAll(async () => {
  await server?.close();
});

describe('IMarketplaceService/SearchServices (spec §3 service search, §7 search services)', () => {
  it('finds services by a part of the name', async () => {
    await server.handle.db.execute(sql`insert into products (name, display_name) values ('BACKUP_PLUS', 'Cloud Backup Plus')`);
    const result = await search({ filter: { DisplayName: 'backup', Source: { Type: 'Root' } }, sort: { Key: 'Ranking', Value: 'ASC' }, pageSize: 100 });
    expect(result.status).toBe(200);
    // No name starts with "backup": all by name.
    expect(result.body.Services).toEqual([
      { Id: 'BACKUP_PLUS', DisplayName: 'Cloud Backup Plus', Icon: '' },
      { Id: 'NIMBUS_BACKUP_GUARD', DisplayName: 'Nimbus Backup Guard', Icon: '' },
      { Id: 'SKYLINE_BACKUP', DisplayName: 'Skyline Backup', Icon: '' },
    ]);
    expect(result.body.Total).toBe(3);
  });

  it('ranks a name starting with the text before one containing it', async () => {
    await server.handle.db.execute(sql`insert into products (name, display_name) values ('MAIL_ARCHIVE', 'Mail Archive')`);
    const result = await search({ filter: { DisplayName: 'mail' } });
    expect((result.body.Services as { DisplayName: string }[]).map((service) => service.DisplayName)).toEqual(['Mail Archive', 'Nimbus Mail Filter', 'Skyline Mail']);
  });

  it("filters by the vendor's account and pages", async () => {
    const vendor = ((await server.handle.db.execute(sql`select id from accounts where display_name = 'Skyline Software'`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
    const page = await search({ filter: { OwnerAccountIds: [vendor] }, sort: { Key: 'DisplayName', Value: 'ASC' }, pageSize: 2, page: 1 });
    expect(page.body.Total).toBe(5);
    expect((page.body.Services as { Id: string }[]).map((service) => service.Id)).toEqual(['SKYLINE_DESIGN', 'SKYLINE_MAIL']);
  });

  it('filters by category and by any of the tags (issue 13)', async () => {
    const security = await search({ filter: { ServiceCategories: ['Security'] }, sort: { Key: 'DisplayName', Value: 'ASC' } });
    expect((security.body.Services as { Id: string }[]).map((service) => service.Id)).toEqual(['NIMBUS_ENDPOINT', 'NIMBUS_ENDPOINT_PLUS', 'NIMBUS_SIEM', 'NIMBUS_MAIL_FILTER', 'NIMBUS_AWARENESS']);
    const tagged = await search({ filter: { ServiceTags: ['crm', 'vpn'] }, sort: { Key: 'DisplayName', Value: 'ASC' } });
    expect((tagged.body.Services as { Id: string }[]).map((service) => service.Id)).toEqual(['NIMBUS_VPN', 'SKYLINE_CRM']);
    expect((await search({ filter: { ServiceCategories: ['Security'], ServiceTags: ['crm'] } })).body.Total).toBe(0);
  });

  it('refuses a page size over 100 and unknown fields, naming them', async () => {
    expect((await search({ filter: {}, pageSize: 101 })).body.Message).toMatch(/pageSize/);
    expect((await search({ filter: { Colour: 'red' } })).body.Message).toMatch(/Colour/);
  });

  it('needs Marketplace Read', async () => {
    const vendorAdmin = await signIn(server.app, 'vendor.admin');
    expect((await search({ filter: {} }, vendorAdmin)).status).toBe(403);
  });
});
