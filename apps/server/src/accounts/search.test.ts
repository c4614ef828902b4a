import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCOUNT_TYPES } from '@cmp/contracts/accounts';
import type { AccountSearchResult } from '@cmp/contracts/search';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { accountSearchContainsQuery, accountSearchPrefixQuery } from './accountSearchQuery';

let server: TestServer;
const cookies: Record<string, string> = {};
const FILLER_ACCOUNTS = 2_000;

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
const accountOf = async (name: string) => (await rowsOf<{ id: number; path: string }>(sql`select id, path from accounts where display_name = ${name} order by id limit 1`))[0]!;

/** Adds accounts under a parent straight in the table (with their materialised path), as a later feature's screens would. */
async function addAccounts(parentName: string, names: string[], fields: { type?: string; state?: string } = {}) {
  const parent = await accountOf(parentName);
  const type = fields.type ?? 'Company';
  const state = fields.state ?? 'Active';
  for (const name of names) {
    const [created] = await rowsOf<{ id: number }>(
      sql`insert into accounts (type, parent_id, state, display_name) values (${type}, ${parent.id}, ${state}, ${name}) returning id`,
    );
    await server.handle.db.execute(sql`update accounts set path = ${`${parent.path}${created!.id}/`} where id = ${created!.id}`);
  }
}

async function search(username: string, searchString: string, includeDepartment = false) {
  cookies[username] ??= await signIn(server.app, username);
  const result = await call(server.app, 'IAccountService/Search', { searchString, includeDepartment }, { cookie: cookies[username] });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body as unknown as AccountSearchResult[];
}
const names = (results: AccountSearchResult[]) => results.map((r) => r.DisplayName);

beforeAll(async () => {
  server = await startTestServer();
  await addAccounts('Northwind Cloud', ['Alpha Solar', 'Solar', 'Solar Beta', '100% Cloud', '1000 Cloud', 'Fifty_Fifty', 'FiftyXFifty']);
  await addAccounts('Northwind Cloud', ['Solaris Retired'], { state: 'Terminated' });
  await addAccounts('Contoso Ltd', ['Contoso Office 365'], { type: 'Product' });
  // Enough rows that a sequential scan is no longer the cheapest plan for the planner.
  const northwind = await accountOf('Northwind Cloud');
  await server.handle.db.execute(sql`
    insert into accounts (type, parent_id, path, display_name)
    select 'Company', ${northwind.id}, '', 'Filler account ' || lpad(n::text, 4, '0') from generate_series(1, ${FILLER_ACCOUNTS}) n`);
  await server.handle.db.execute(sql`update accounts set path = ${northwind.path} || id || '/' where path = ''`);
  // What autovacuum does in production: statistics, and the GIN index's own figures (pending list flushed), which its cost estimate reads.
  await server.handle.db.execute(sql`vacuum analyze accounts`);
});
afterAll(async () => {
  await server?.close();
});

describe('IAccountService/Search (spec §2 global search, §7 search accounts)', () => {
  it('finds accounts whose name contains the text, case-insensitively, with the result shape of the API', async () => {
    const [contoso] = await search('reseller.admin', 'CONTO');
    expect(contoso).toEqual({
      AccountId: (await accountOf('Contoso Ltd')).id,
      AccountType: 'Company',
      DisplayName: 'Contoso Ltd',
      AccountState: 'Active',
      Icon: 'company',
      ProductName: null,
      ProductDisplayName: null,
    });
  });

  it("shows a reseller its whole hierarchy and a company administrator only the company's part", async () => {
    expect(names(await search('reseller.admin', 'adventure'))).toEqual(['Adventure Works']);
    expect(await search('company.admin', 'adventure')).toEqual([]);
    expect(names(await search('reseller.admin', 'patel'))).toEqual(['Priya Patel']);
    expect(names(await search('company.admin', 'patel'))).toEqual(['Priya Patel']);
    expect(names(await search('admin', 'Operations', true))).toEqual(['Operations', 'Operations']);
  });

  it("never shows another reseller's accounts (cross-tenant)", async () => {
    expect(await search('other.admin', 'conto')).toEqual([]);
    expect(await search('other.admin', 'Northwind')).toEqual([]);
    expect(await search('other.admin', 'Patel')).toEqual([]);
    expect(await search('reseller.admin', 'Litware')).toEqual([]);
    expect(names(await search('other.admin', 'Litware Inc'))).toEqual(['Litware Inc']);
  });

  it('shows a plain user only the account types they may read, inside their company', async () => {
    expect(await search('company.user', 'Contoso')).toEqual([]);
    // Issue 10: a plain user reads no colleague's account, so finds none.
    expect(await search('company.user', 'Becker')).toEqual([]);
    expect(await search('company.user', 'Silva')).toEqual([]);
    // Their own account is the one they read, and find.
    expect((await search('company.user', 'Carl')).map((result) => result.DisplayName)).toEqual(['Carl Jensen']);
  });

  it('answers an empty list below 3 characters after trimming the text', async () => {
    expect(await search('reseller.admin', 'co')).toEqual([]);
    expect(await search('reseller.admin', '  co  ')).toEqual([]);
    expect(await search('reseller.admin', '')).toEqual([]);
    expect(names(await search('reseller.admin', '  Contoso Ltd  '))).toContain('Contoso Ltd');
  });

  it('includes departments only when asked', async () => {
    expect(await search('company.admin', 'Sales')).toEqual([]);
    expect(await search('company.admin', 'Sales', true)).toMatchObject([{ DisplayName: 'Sales', AccountType: 'Department', Icon: 'department' }]);
  });

  it("takes LIKE's % and _ literally", async () => {
    expect(names(await search('reseller.admin', '0% C'))).toEqual(['100% Cloud']);
    expect(names(await search('reseller.admin', 'y_F'))).toEqual(['Fifty_Fifty']);
    expect(await search('reseller.admin', '%%%')).toEqual([]);
    expect(await search('reseller.admin', '___')).toEqual([]);
  });

  it('ranks the exact name first, then names starting with the text, then the rest by name, terminated accounts included', async () => {
    const results = await search('reseller.admin', 'solar');
    expect(names(results)).toEqual(['Solar', 'Solar Beta', 'Solaris Retired', 'Alpha Solar']);
    expect(results.find((r) => r.DisplayName === 'Solaris Retired')?.AccountState).toBe('Terminated');
  });

  it('finds a user by the exact username or its beginning', async () => {
    expect(names(await search('company.admin', 'priya.pat'))).toEqual(['Priya Patel']);
    expect(names(await search('company.admin', 'COMPANY.USER'))).toEqual(['Carl Jensen']);
  });

  it('names the product of a subscription', async () => {
    expect(await search('company.admin', 'Office 365')).toMatchObject([
      { DisplayName: 'Contoso Office 365', AccountType: 'Product', Icon: 'product' },
    ]);
  });

  it('answers at most 50 matches', async () => {
    const results = await search('reseller.admin', 'Filler account');
    expect(results).toHaveLength(50);
    expect(results[0]!.DisplayName).toBe('Filler account 0001');
  });

  it('answers 401 without a session and 400 on unknown or malformed fields', async () => {
    expect((await call(server.app, 'IAccountService/Search', { searchString: 'Contoso', includeDepartment: false })).status).toBe(401);
    cookies['reseller.admin'] ??= await signIn(server.app, 'reseller.admin');
    const cookie = cookies['reseller.admin'];
    const unknownField = await call(server.app, 'IAccountService/Search', { searchString: 'Contoso', includeDepartment: false, limit: 500 }, { cookie });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.Message).toContain('limit');
    expect((await call(server.app, 'IAccountService/Search', { searchString: 42 }, { cookie })).status).toBe(400);
    expect((await call(server.app, 'IAccountService/Search', { searchString: 'x'.repeat(201) }, { cookie })).status).toBe(400);
  });

  // Asserted on PGlite and PostgreSQL alike: both planners pick the index once the table is vacuumed.
  it('finds names through indexes, not a scan of every account', async () => {
    const northwind = await accountOf('Northwind Cloud');
    const scopes = [{ path: northwind.path, types: [...ACCOUNT_TYPES] }];
    const planOf = async (query: ReturnType<typeof sql>) => (await rowsOf<Record<string, string>>(sql`explain ${query}`)).map((row) => Object.values(row)[0]).join('\n');
    expect(await planOf(accountSearchContainsQuery('conto', scopes, [], 50))).toContain('accounts_display_name_trgm_idx');
    const prefixPlan = await planOf(accountSearchPrefixQuery('conto', scopes));
    expect(prefixPlan).toContain('accounts_display_name_lower_c_idx');
    expect(prefixPlan).toContain('users_username_lower_c_idx');
  });
});

describe('IAccountService/Search, integration form (issue 6 "Integration API", a public contract)', () => {
  async function integrationSearch(username: string, body: Record<string, unknown>) {
    cookies[username] ??= await signIn(server.app, username);
    return call(server.app, 'IAccountService/Search', body, { cookie: cookies[username] });
  }
  async function found(username: string, body: Record<string, unknown>) {
    const result = await integrationSearch(username, body);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body as unknown as AccountSearchResult[];
  }
  const under = async (parentName: string, accountType: string, value: string, searchField?: { Name: string; Value: unknown }) => ({
    parentAccountId: (await accountOf(parentName)).id,
    accountType,
    displayName: { Value: value },
    ...(searchField ? { searchField } : {}),
  });

  it('finds accounts of the type below the parent whose name contains the text, any case, with the product of each subscription', async () => {
    const results = await found('reseller.admin', await under('Contoso Ltd', 'Product', 'SKYLINE'));
    // With the demo's pending order's subscription (issue 30: every order has its Product account).
    expect(names(results)).toEqual(['Skyline Backup', 'Skyline CRM – Contoso', 'Skyline Design Studio – Carl Jensen', 'Skyline Mail – Contoso', 'Skyline Office E3 – Contoso']);
    expect(results[3]).toEqual({
      AccountId: (await accountOf('Skyline Mail – Contoso')).id,
      AccountType: 'Product',
      DisplayName: 'Skyline Mail – Contoso',
      AccountState: 'Active',
      Icon: 'product',
      ProductName: 'SKYLINE_MAIL',
      ProductDisplayName: 'Skyline Mail',
    });
    expect(names(await found('company.admin', await under('Contoso Ltd', 'User', 'patel')))).toEqual(['Priya Patel']);
  });

  it('matches a view value of the named field exactly, in any view', async () => {
    expect(names(await found('company.admin', await under('Contoso Ltd', 'Product', '', { Name: 'Domain', Value: 'contoso.example' })))).toEqual(['Skyline Mail – Contoso']);
    expect(await found('company.admin', await under('Contoso Ltd', 'Product', '', { Name: 'Domain', Value: 'CONTOSO.example' }))).toEqual([]);
    expect(await found('company.admin', await under('Contoso Ltd', 'Product', '', { Name: 'Domain', Value: 'contoso' }))).toEqual([]);
    expect(names(await found('company.admin', await under('Contoso Ltd', 'Product', '', { Name: 'Region', Value: 'EU' })))).toEqual(['Skyline CRM – Contoso']);
    expect(names(await found('company.admin', await under('Contoso Ltd', 'Product', 'mail', { Name: 'Mailboxes', Value: 25 })))).toEqual(['Skyline Mail – Contoso']);
    expect(names(await found('company.admin', await under('Contoso Ltd', 'Product', '', { Name: 'ProductName', Value: 'SKYLINE_OFFICE_E3' })))).toEqual(['Skyline Office E3 – Contoso']);
    expect(names(await found('company.admin', await under('Contoso Ltd', 'User', '', { Name: 'Username', Value: 'tom.becker' })))).toEqual(['Tom Becker']);
    expect(names(await found('company.admin', { ...(await under('Contoso Ltd', 'User', 'Tom')), searchField: null }))).toEqual(['Tom Becker']);
  });

  it('finds only below the parent, never the parent itself', async () => {
    expect(names(await found('company.admin', await under('Sales', 'User', '')))).toEqual(['Priya Patel', 'Tom Becker']);
    expect(await found('reseller.admin', await under('Contoso Ltd', 'Company', 'Contoso'))).toEqual([]);
  });

  it("answers the same 403 for a parent of another tenant and for one that does not exist, and never finds another tenant's accounts", async () => {
    const foreign = await integrationSearch('other.admin', await under('Contoso Ltd', 'Product', ''));
    const missing = await integrationSearch('other.admin', { ...(await under('Contoso Ltd', 'Product', '')), parentAccountId: 987_654 });
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
    expect((await integrationSearch('company.admin', await under('Northwind Cloud', 'Company', ''))).status).toBe(403);
    expect(names(await found('other.admin', await under('Fabrikam Distribution', 'Product', '')))).toEqual(['Skyline CRM', 'Skyline Mail – Litware']);
    expect(names(await found('reseller.admin', await under('Northwind Cloud', 'Product', 'Skyline')))).not.toContain('Skyline Mail – Litware');
  });

  it('finds no account of a type the caller may not read', async () => {
    expect(await found('company.user', await under('Carl Jensen', 'Product', ''))).toEqual([]);
    expect((await integrationSearch('company.user', await under('Contoso Ltd', 'User', ''))).status).toBe(403);
  });

  it('answers 400 naming the field of the integration form', async () => {
    const contoso = (await accountOf('Contoso Ltd')).id;
    const cases: [Record<string, unknown>, string][] = [
      [{ parentAccountId: 'x', accountType: 'User', displayName: { Value: '' } }, 'parentAccountId'],
      [{ parentAccountId: contoso, accountType: 'Planet', displayName: { Value: '' } }, 'accountType'],
      [{ parentAccountId: contoso, accountType: 'User', displayName: 'Tom' }, 'displayName'],
      [{ parentAccountId: contoso, accountType: 'User', displayName: { Value: '' }, top: 5 }, 'top'],
      [{ parentAccountId: contoso, accountType: 'User', displayName: { Value: '' }, searchField: { Name: 'Email' } }, 'searchField.Value'],
    ];
    for (const [body, field] of cases) {
      const result = await integrationSearch('company.admin', body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.Message).toContain(field);
    }
  });
});
