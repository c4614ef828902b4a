import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCOUNT_TYPES } from '@cmp/contracts/accounts';
import { SCREEN_CREATED_ACCOUNT_TYPES, baseViewOf, type StoredPage } from '@cmp/contracts/accountViews';
import { SUPPORTED_LOCALES } from '@cmp/contracts/locales';
import { call, signIn, startTestServer, type TestServer } from '../../test/testServer';
import { readFileSync } from 'node:fs';
import { serverFile } from '../../platform/serverFiles';

// Issue 10: a vendor's own account page said "Viewlayout contains no Pages". Every account type
// needs the view its values live in and the layout of its page (the Create screen's too, where the
// portal creates that type), labelled in every language like the others.

let server: TestServer;
const cookies: Record<string, string> = {};
const as = async (user: string) => (cookies[user] ??= await signIn(server.app, user));
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const storedPages = async (type: string, view: string) =>
  (await rows<{ pages: StoredPage[] }>(sql`select pages from view_layouts where account_type = ${type} and view = ${view} and product_name = ''`))[0]?.pages ?? [];
const skylineId = async () => (await rows<{ id: number }>(sql`select id from accounts where display_name = 'Skyline Software'`))[0]!.id;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('every account type has its views and layouts (issue 10)', () => {
  const layouts = [...ACCOUNT_TYPES.map((type) => [type, baseViewOf(type)] as const), ...SCREEN_CREATED_ACCOUNT_TYPES.map((type) => [type, 'Create'] as const)];

  it.each(layouts)('%s / %s: pages whose fields all exist, labelled in all 15 languages', async (type, view) => {
    const pages = await storedPages(type, view);
    expect(pages.length).toBeGreaterThan(0);
    const labels = pages.flatMap((p) => [p.Labels, ...p.Containers.flatMap((c) => [c.Labels, ...c.Fields.map((f) => f.Labels)])]);
    for (const label of labels) expect(Object.keys(label).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    const served = await call(server.app, 'IAccountService/GetViewLayout', { type, view }, { cookie: await as('admin') });
    expect(served.status).toBe(200);
    const fields = (served.body.Pages as { Containers: { Fields: { View: string }[] }[] }[]).flatMap((p) => p.Containers.flatMap((c) => c.Fields));
    // A field naming a view without a definition is silently left out: all of them must be there.
    expect(fields).toHaveLength(pages.flatMap((p) => p.Containers.flatMap((c) => c.Fields)).length);
    // The account's own view holds its values (a Product also holds its product's view).
    expect(new Set(fields.map((f) => f.View))).toEqual(new Set([baseViewOf(type)]));
  });
});

describe("a vendor's own account page", () => {
  it("shows vendor.admin the vendor's fields, labelled in its language, with the values of its Vendor view", async () => {
    const layout = await call(server.app, 'IAccountService/GetViewLayout', { type: 'Vendor', view: 'Vendor', productName: '' }, { cookie: await as('vendor.admin'), headers: { 'accept-language': 'sv' } });
    expect(layout.status).toBe(200);
    const pages = layout.body.Pages as { DisplayValue: string; Containers: { DisplayValue: string; Fields: { Name: string; DisplayValue: string }[] }[] }[];
    expect(pages[0]!.DisplayValue).toBe('Översikt');
    expect(pages[0]!.Containers[0]!.Fields.find((f) => f.Name === 'Country')!.DisplayValue).toBe('Land');

    const account = await call(server.app, 'IAccountService/LoadAccountById', { accountId: await skylineId() }, { cookie: await as('vendor.admin') });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ AccountType: 'Vendor', Views: { Vendor: { Values: { DisplayName: 'Skyline Software', AccountIdentificator: 'VEN-4001', Country: 'SE', Currency: 'SEK' } } } });
    expect(account.body.Views).not.toHaveProperty('Company');
  });

  it('lets the platform administrator change a vendor field (the Vendor view validates like the others)', async () => {
    const id = await skylineId();
    const changed = await call(server.app, 'IAccountService/UpdateAccount', { accountId: id, viewValues: { Vendor: { Values: { City: 'Göteborg' } } } }, { cookie: await as('admin') });
    expect(changed.status).toBe(200);
    const refused = await call(server.app, 'IAccountService/UpdateAccount', { accountId: id, viewValues: { Vendor: { Values: { Country: 'XX' } } } }, { cookie: await as('admin') });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toContain('Vendor.Country');
  });

  it("moves an older database's vendor data from the Company view to the Vendor view (migration 0031, once)", async () => {
    const id = await skylineId();
    await server.handle.db.execute(sql`update accounts set views = jsonb_build_object('Company', views -> 'Vendor') where id = ${id}`);
    const migration = readFileSync(serverFile('drizzle/0031_vendor_view_from_company.sql'), 'utf8');
    await server.handle.db.execute(sql.raw(migration));
    await server.handle.db.execute(sql.raw(migration));
    const [row] = await rows<{ views: Record<string, { Values: Record<string, unknown> }> }>(sql`select views from accounts where id = ${id}`);
    expect(Object.keys(row!.views)).toEqual(['Vendor']);
    expect(row!.views.Vendor!.Values).toMatchObject({ DisplayName: 'Skyline Software', City: 'Göteborg' });
  });

  it("shows a subscription's quantity as create-only, also on an older database (migration 0037)", async () => {
    const quantityField = async () => {
      const layout = await call(server.app, 'IAccountService/GetViewLayout', { type: 'Product', view: 'Product', productName: '' }, { cookie: await as('company.admin') });
      expect(layout.status).toBe(200);
      const pages = layout.body.Pages as { Containers: { Fields: { View: string; Name: string; CreateOnly: boolean }[] }[] }[];
      return pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields)).find((field) => field.View === 'Product' && field.Name === 'Quantity');
    };
    expect(await quantityField()).toMatchObject({ CreateOnly: true });
    // An older database: the definition as seeded before, then the migration (twice: it is idempotent).
    await server.handle.db.execute(sql`update view_definitions set fields = (select jsonb_agg(f - 'CreateOnly' order by o) from jsonb_array_elements(fields) with ordinality e(f, o)) where name = 'Product'`);
    const [before] = await rows<{ fields: { Name: string; CreateOnly?: boolean }[] }>(sql`select fields from view_definitions where name = 'Product'`);
    expect(before!.fields.find((f) => f.Name === 'Quantity')).not.toHaveProperty('CreateOnly');
    const migration = readFileSync(serverFile('drizzle/0037_product_quantity_create_only.sql'), 'utf8');
    await server.handle.db.execute(sql.raw(migration));
    await server.handle.db.execute(sql.raw(migration));
    const [after] = await rows<{ fields: { Name: string; CreateOnly?: boolean }[] }>(sql`select fields from view_definitions where name = 'Product'`);
    expect(after!.fields.map((f) => [f.Name, f.CreateOnly ?? false])).toEqual([
      ['ProductName', false],
      ['Quantity', true],
    ]);
  });
});
