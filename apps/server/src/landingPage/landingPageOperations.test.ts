import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_LANDING_PAGE_TILES } from '@cmp/contracts/landingPage';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Issue 17, the custom landing page (spec §2 #/DashboardManager/Start): an owner's layouts per
// account type, the nearest owner up the hierarchy wins, and nobody edits another hierarchy's.

let server: TestServer;
let admin: string;
let reseller: string;
let companyAdmin: string;
let companyUser: string;
let otherReseller: string;
let salesUser: string;
const ids: Record<string, number> = {};
const op = (name: string, body: unknown, cookie: string) => call(server.app, `IDashboardService/${name}`, body, { cookie });
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const effectiveTiles = async (cookie: string) => {
  const answer = await op('GetEffectiveLandingPage', {}, cookie);
  expect(answer.status).toBe(200);
  return answer.body as { Tiles: string[]; Source: string };
};

beforeAll(async () => {
  server = await startTestServer();
  [admin, reseller, companyAdmin, companyUser, otherReseller, salesUser] = await Promise.all(
    ['admin', 'reseller.admin', 'company.admin', 'company.user', 'other.admin', 'priya.patel'].map((name) => signIn(server.app, name)),
  );
  for (const name of ['Cloud Service Providers', 'Northwind Cloud', 'Contoso Ltd', 'Fabrikam Distribution']) {
    ids[name] = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = ${name} and type in ('Reseller', 'Company')`))[0]!.id;
  }
});
afterAll(async () => {
  await server?.close();
});

describe('custom landing page layouts', () => {
  it('starts from the default layout for every account type the owner chooses for', async () => {
    const answer = await op('GetLandingPageLayouts', { ownerCompanyId: ids['Northwind Cloud'] }, reseller);
    expect(answer.status).toBe(200);
    expect(answer.body.Layouts).toEqual(['Reseller', 'Company', 'Department', 'Vendor'].map((type) => ({ AccountType: type, Tiles: [...DEFAULT_LANDING_PAGE_TILES], Source: 'Default' })));
    const company = await op('GetLandingPageLayouts', { ownerCompanyId: ids['Contoso Ltd'] }, companyAdmin);
    expect((company.body.Layouts as { AccountType: string }[]).map((l) => l.AccountType)).toEqual(['Company', 'Department']);
    expect(await effectiveTiles(companyUser)).toEqual({ Tiles: [...DEFAULT_LANDING_PAGE_TILES], Source: 'Default' });
  });

  it('saves a layout, shows it to the users of that account type below, audits it, and resets it to what applies above', async () => {
    const tiles = ['LatestAudit', 'Revenue', 'AccountCounts'];
    const saved = await op('SaveLandingPageLayout', { ownerCompanyId: ids['Northwind Cloud'], accountType: 'Company', tiles }, reseller);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ OwnerCompanyId: ids['Northwind Cloud'], AccountType: 'Company', Tiles: tiles, Source: 'Own' });

    // Users held by Contoso (a company) follow it; a user held by a department does not.
    expect(await effectiveTiles(companyUser)).toEqual({ Tiles: tiles, Source: 'Custom' });
    expect(await effectiveTiles(companyAdmin)).toEqual({ Tiles: tiles, Source: 'Custom' });
    expect((await effectiveTiles(salesUser)).Source).toBe('Default');
    // The reseller's own users are held by a reseller.
    expect((await effectiveTiles(reseller)).Source).toBe('Default');
    // Contoso sees it as inherited.
    const contoso = await op('GetLandingPageLayouts', { ownerCompanyId: ids['Contoso Ltd'] }, companyAdmin);
    expect(contoso.body.Layouts).toContainEqual({ AccountType: 'Company', Tiles: tiles, Source: 'Inherited' });

    const [entry] = await rowsOf<{ action: string; account_id: number; details: Record<string, unknown> }>(
      sql`select action, account_id, details from audit_log where action = 'LandingPageLayoutSaved' order by id desc limit 1`,
    );
    expect(entry).toEqual({ action: 'LandingPageLayoutSaved', account_id: ids['Northwind Cloud'], details: { AccountType: 'Company', Before: [...DEFAULT_LANDING_PAGE_TILES], After: tiles } });

    const reset = await op('ResetLandingPageLayout', { ownerCompanyId: ids['Northwind Cloud'], accountType: 'Company' }, reseller);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ OwnerCompanyId: ids['Northwind Cloud'], AccountType: 'Company', Tiles: [...DEFAULT_LANDING_PAGE_TILES], Source: 'Default' });
    expect((await effectiveTiles(companyUser)).Source).toBe('Default');
    expect((await rowsOf(sql`select 1 from audit_log where action = 'LandingPageLayoutReset'`)).length).toBe(1);
  });

  it('lets the nearest owner up the hierarchy win', async () => {
    const top = ['AccountCounts'];
    const middle = ['LatestAudit', 'AccountCounts'];
    const own = ['Revenue', 'LatestAudit'];
    expect((await op('SaveLandingPageLayout', { ownerCompanyId: ids['Cloud Service Providers'], accountType: 'Company', tiles: top }, admin)).status).toBe(200);
    expect((await effectiveTiles(companyUser)).Tiles).toEqual(top);
    expect((await op('SaveLandingPageLayout', { ownerCompanyId: ids['Northwind Cloud'], accountType: 'Company', tiles: middle }, reseller)).status).toBe(200);
    expect((await effectiveTiles(companyUser)).Tiles).toEqual(middle);
    expect((await op('SaveLandingPageLayout', { ownerCompanyId: ids['Contoso Ltd'], accountType: 'Company', tiles: own }, companyAdmin)).status).toBe(200);
    expect((await effectiveTiles(companyUser)).Tiles).toEqual(own);

    // Contoso resets: Northwind's applies again, and Contoso's editor says so.
    const reset = await op('ResetLandingPageLayout', { ownerCompanyId: ids['Contoso Ltd'], accountType: 'Company' }, companyAdmin);
    expect(reset.body).toMatchObject({ Tiles: middle, Source: 'Inherited' });
    expect((await effectiveTiles(companyUser)).Tiles).toEqual(middle);
    // An empty layout is a choice too: no tiles.
    expect((await op('SaveLandingPageLayout', { ownerCompanyId: ids['Northwind Cloud'], accountType: 'Company', tiles: [] }, reseller)).status).toBe(200);
    expect(await effectiveTiles(companyUser)).toEqual({ Tiles: [], Source: 'Custom' });
    // Fabrikam's companies are not Northwind's business: the platform owner's layout applies there.
    const fabrikamUser = await signIn(server.app, 'litware.ops');
    expect((await effectiveTiles(fabrikamUser)).Source).toBe('Default'); // held by a department
    for (const [owner, cookie] of [['Northwind Cloud', reseller], ['Cloud Service Providers', admin]] as const) {
      await op('ResetLandingPageLayout', { ownerCompanyId: ids[owner], accountType: 'Company' }, cookie);
    }
  });

  it('refuses another hierarchy, an owner above the caller and a caller without Custom Landing Page Create', async () => {
    const body = { ownerCompanyId: ids['Contoso Ltd'], accountType: 'Company', tiles: ['Revenue'] };
    const refused = await op('SaveLandingPageLayout', body, otherReseller);
    expect(refused.status).toBe(403);
    expect((await op('GetLandingPageLayouts', { ownerCompanyId: ids['Contoso Ltd'] }, otherReseller)).status).toBe(403);
    expect((await op('ResetLandingPageLayout', { ownerCompanyId: ids['Contoso Ltd'], accountType: 'Company' }, otherReseller)).status).toBe(403);
    // The same answer for an id that does not exist.
    const missing = await op('SaveLandingPageLayout', { ...body, ownerCompanyId: 987_654_321 }, otherReseller);
    expect([missing.status, missing.body]).toEqual([403, refused.body]);
    expect((await op('SaveLandingPageLayout', { ...body, ownerCompanyId: ids['Northwind Cloud'] }, companyAdmin)).status).toBe(403);
    expect((await op('SaveLandingPageLayout', body, companyUser)).status).toBe(403);
    expect((await op('GetLandingPageLayouts', { ownerCompanyId: ids['Contoso Ltd'] }, companyUser)).status).toBe(403);
    expect((await rowsOf(sql`select 1 from landing_page_layouts`)).length).toBe(0);
  });

  it('refuses an unknown tile, a tile listed twice and an account type the owner has no say over, naming the field', async () => {
    const base = { ownerCompanyId: ids['Contoso Ltd'], accountType: 'Company' };
    const unknown = await op('SaveLandingPageLayout', { ...base, tiles: ['Revenue', 'Weather'] }, companyAdmin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toContain('tiles.1');
    const twice = await op('SaveLandingPageLayout', { ...base, tiles: ['Revenue', 'Revenue'] }, companyAdmin);
    expect(twice.status).toBe(400);
    expect(twice.body.Message).toContain('tiles');
    const reseller_ = await op('SaveLandingPageLayout', { ...base, accountType: 'Reseller', tiles: [] }, companyAdmin);
    expect(reseller_.status).toBe(400);
    expect(reseller_.body.Message).toContain('accountType');
    expect((await op('SaveLandingPageLayout', { ...base, accountType: 'User', tiles: [] }, companyAdmin)).status).toBe(400);
  });
});
