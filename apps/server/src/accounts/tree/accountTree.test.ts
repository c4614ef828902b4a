import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AccountTree } from '@cmp/contracts/accountTree';
import { call, signIn, startTestServer, type TestServer } from '../../test/testServer';
import { DEMO_SERVICES } from '../../demo/demoPricing';

let server: TestServer;
const cookies: Record<string, string> = {};

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const idOf = async (name: string) => (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = ${name} order by id limit 1`))[0]!.id;

async function as(username: string, operation: string, body: unknown) {
  cookies[username] ??= await signIn(server.app, username);
  return call(server.app, `IAccountService/${operation}`, body, { cookie: cookies[username] });
}
async function tree(username: string, body: Record<string, unknown> = {}) {
  const result = await as(username, 'GetAccountTree', body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body as unknown as AccountTree;
}
const childNames = (level: AccountTree) => level.Children.map((child) => child.DisplayName);

beforeAll(async () => {
  server = await startTestServer();
  const contoso = (await rowsOf<{ id: number; path: string }>(sql`select id, path from accounts where display_name = 'Contoso Ltd'`))[0]!;
  // A terminated department, and enough users under Engineering to page through.
  await server.handle.db.execute(sql`
    insert into accounts (type, parent_id, path, state, display_name, terminated_at)
    values ('Department', ${contoso.id}, '', 'Terminated', 'Archive', now())`);
  const engineering = await idOf('Engineering');
  await server.handle.db.execute(sql`
    insert into accounts (type, parent_id, path, display_name)
    select 'User', ${engineering}, '', 'Trainee ' || lpad(n::text, 3, '0') from generate_series(1, 120) n`);
  await server.handle.db.execute(sql`
    update accounts a set path = p.path || a.id || '/' from accounts p where a.path = '' and p.id = a.parent_id`);
});
afterAll(async () => {
  await server?.close();
});

describe('IAccountService/GetAccountTree (spec §7 account tree)', () => {
  it("starts at the caller's top account and lists its children by type, then name, each saying whether it expands", async () => {
    const level = await tree('company.admin');
    expect(level.Root).toMatchObject({ AccountId: await idOf('Contoso Ltd'), AccountType: 'Company', DisplayName: 'Contoso Ltd', Icon: 'company', HasChildren: true });
    expect(level.Hierarchy).toEqual([{ AccountId: await idOf('Contoso Ltd'), AccountType: 'Company', DisplayName: 'Contoso Ltd' }]);
    expect(childNames(level)).toEqual([
      'Engineering',
      'Sales',
      'Carl Jensen',
      'Claire Dubois',
      // The demo's pending order's subscription (issue 30: every order has its Product account).
      'Skyline Backup',
      'Skyline CRM – Contoso',
      'Skyline Mail – Contoso',
      'Skyline Office E3 – Contoso',
    ]);
    expect(level.Total).toBe(8);
    expect(level.Root.ChildCount).toBe(8);
    expect(level.Children[0]).toEqual({
      AccountId: await idOf('Engineering'),
      AccountType: 'Department',
      DisplayName: 'Engineering',
      AccountState: 'Active',
      Icon: 'department',
      HasChildren: true,
      ChildCount: 121,
    });
    expect(level.Children.find((c) => c.DisplayName === 'Carl Jensen')).toMatchObject({ AccountType: 'User', HasChildren: true, ChildCount: 1 });
    expect(level.Children.find((c) => c.DisplayName === 'Skyline Mail – Contoso')).toMatchObject({ Icon: 'product', HasChildren: false, ChildCount: 0 });
  });

  it('hides terminated accounts unless asked to show them', async () => {
    expect(childNames(await tree('company.admin'))).not.toContain('Archive');
    const withTerminated = await tree('company.admin', { showTerminatedAccounts: true });
    expect(withTerminated.Children.find((c) => c.DisplayName === 'Archive')).toMatchObject({ AccountState: 'Terminated', AccountType: 'Department' });
    expect(withTerminated.Total).toBe(9);
  });

  it('expands a named node, with the hierarchy from the top down to it', async () => {
    const level = await tree('reseller.admin', { targetRoot: await idOf('Sales') });
    expect(childNames(level)).toEqual(['Priya Patel', 'Tom Becker']);
    expect(level.Hierarchy.map((entry) => entry.DisplayName)).toEqual(['Northwind Cloud', 'Contoso Ltd', 'Sales']);
    expect((await tree('admin', { targetRoot: await idOf('Sales') })).Hierarchy.map((e) => e.DisplayName)).toEqual([
      'Cloud Service Providers',
      'Northwind Cloud',
      'Contoso Ltd',
      'Sales',
    ]);
  });

  it('answers at most maxRows children from skip, with the total for "Load more results" (spec §9)', async () => {
    const engineering = await idOf('Engineering');
    const first = await tree('company.admin', { targetRoot: engineering, maxRows: 50 });
    expect(first.Children).toHaveLength(50);
    expect(first.Total).toBe(121);
    expect(first.Children[0]!.DisplayName).toBe('Lena Nowak');
    const next = await tree('company.admin', { targetRoot: engineering, maxRows: 100, skip: 50 });
    expect(next.Children).toHaveLength(71);
    expect(next.Children.at(-1)!.DisplayName).toBe('Trainee 120');
    const all = new Set([...first.Children, ...next.Children].map((c) => c.AccountId));
    expect(all.size).toBe(121);
  });

  it('shows a plain user only what they may read: their company as the top, and their own account — no colleague', async () => {
    const level = await tree('company.user');
    expect(level.Root.DisplayName).toBe('Contoso Ltd');
    expect(childNames(level)).toEqual(['Carl Jensen']);
    expect((await as('company.user', 'GetAccountTree', { targetRoot: await idOf('Claire Dubois') })).status).toBe(403);
    const own = await tree('company.user', { targetRoot: await idOf('Carl Jensen') });
    expect(own.Children).toEqual([]);
    expect((await as('company.user', 'GetAccountTree', { targetRoot: await idOf('Sales') })).status).toBe(403);
  });

  it("answers the same 403 for another tenant's account and for an id that does not exist", async () => {
    const foreign = await as('other.admin', 'GetAccountTree', { targetRoot: await idOf('Contoso Ltd') });
    const missing = await as('other.admin', 'GetAccountTree', { targetRoot: 987_654 });
    expect(foreign.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(foreign.body).toEqual(missing.body);
    expect((await as('company.admin', 'GetAccountTree', { targetRoot: await idOf('Northwind Cloud') })).status).toBe(403);
    expect(childNames(await tree('other.admin'))).toEqual(['Litware Inc', 'Proseware', 'Omar Haddad']);
  });

  it('answers 401 without a session and 400 naming a bad field', async () => {
    expect((await call(server.app, 'IAccountService/GetAccountTree', {})).status).toBe(401);
    const tooMany = await as('company.admin', 'GetAccountTree', { maxRows: 501 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.Message).toContain('maxRows');
    const unknown = await as('company.admin', 'GetAccountTree', { depth: 3 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toContain('depth');
  });
});

describe('IAccountService/GetPossibleProductsForAccount', () => {
  it('lists the active products that may sit under the account type, by name', async () => {
    const company = await as('company.admin', 'GetPossibleProductsForAccount', { accountId: await idOf('Contoso Ltd') });
    expect(company.status).toBe(200);
    const offered = company.body as unknown as { DisplayName: string; ProductName: string }[];
    // Every demo service sits under a company, but Skyline Design Studio, which is for one user.
    expect(offered).toHaveLength(DEMO_SERVICES.length - 1);
    expect(offered).toEqual(
      expect.arrayContaining([
        { DisplayName: 'Skyline Backup', ProductName: 'SKYLINE_BACKUP' },
        { DisplayName: 'Skyline CRM', ProductName: 'SKYLINE_CRM' },
        { DisplayName: 'Skyline Mail', ProductName: 'SKYLINE_MAIL' },
        { DisplayName: 'Skyline Office E3', ProductName: 'SKYLINE_OFFICE_E3' },
      ]),
    );
    expect(offered.map((product) => product.ProductName)).not.toContain('SKYLINE_DESIGN');
    const names = offered.map((product) => product.DisplayName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((await as('company.admin', 'GetPossibleProductsForAccount', { accountId: await idOf('Sales') })).body).toEqual([
      { DisplayName: 'Skyline Backup', ProductName: 'SKYLINE_BACKUP' },
    ]);
    expect((await as('company.admin', 'GetPossibleProductsForAccount', { accountId: await idOf('Carl Jensen') })).body).toEqual([
      { DisplayName: 'Skyline Design Studio', ProductName: 'SKYLINE_DESIGN' },
    ]);
  });

  it('offers nothing that is retired, and nothing under a terminated account', async () => {
    await server.handle.db.execute(sql`update products set is_active = false where name = 'SKYLINE_BACKUP'`);
    try {
      expect((await as('reseller.admin', 'GetPossibleProductsForAccount', { accountId: await idOf('Sales') })).body).toEqual([]);
    } finally {
      await server.handle.db.execute(sql`update products set is_active = true where name = 'SKYLINE_BACKUP'`);
    }
    expect((await as('company.admin', 'GetPossibleProductsForAccount', { accountId: await idOf('Archive') })).body).toEqual([]);
  });

  it('needs PRODUCT_ACCOUNT Create, and answers the same 403 for foreign and missing accounts', async () => {
    expect((await as('company.user', 'GetPossibleProductsForAccount', { accountId: await idOf('Carl Jensen') })).status).toBe(403);
    const foreign = await as('other.admin', 'GetPossibleProductsForAccount', { accountId: await idOf('Contoso Ltd') });
    const missing = await as('other.admin', 'GetPossibleProductsForAccount', { accountId: 987_654 });
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
    const bad = await as('company.admin', 'GetPossibleProductsForAccount', { accountId: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('accountId');
  });
});
