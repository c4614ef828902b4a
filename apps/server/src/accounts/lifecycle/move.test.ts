import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AccountType } from '@cmp/contracts/accounts';
import { call, signIn, startTestServer, type TestServer } from '../../test/testServer';
import type { AccountRow } from '../../platform/session';
import { accountNamed, addAccount, addSubscription, auditEntries, reload } from '../../test/lifecycleFixtures';

let server: TestServer;
let db: TestServer['handle']['db'];
const cookies: Record<string, string> = {};
const move = (who: string, sourceAccountId: number, newParentAccountId: number) =>
  call(server.app, 'IAccountService/MoveAccount', { sourceAccountId, newParentAccountId }, { cookie: cookies[who] });

beforeAll(async () => {
  server = await startTestServer();
  db = server.handle.db;
  for (const who of ['admin', 'reseller.admin', 'company.admin', 'company.user', 'other.admin']) cookies[who] = await signIn(server.app, who);
});
afterAll(async () => {
  await server?.close();
});

describe('MoveAccount', () => {
  it('moves Engineering with its user under another company of Northwind and rewrites every path below it', async () => {
    const engineering = await accountNamed(db, 'Engineering');
    const lena = await accountNamed(db, 'Lena Nowak');
    const contoso = await accountNamed(db, 'Contoso Ltd');
    const adventure = await accountNamed(db, 'Adventure Works');
    const result = await move('reseller.admin', engineering.id, adventure.id);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ AccountId: engineering.id, ParentAccountId: adventure.id, AccountPath: `${adventure.path}${engineering.id}/`, MovedAccountCount: 2 });
    expect(await reload(db, engineering)).toMatchObject({ parentId: adventure.id, path: `${adventure.path}${engineering.id}/` });
    expect(await reload(db, lena)).toMatchObject({ parentId: engineering.id, path: `${adventure.path}${engineering.id}/${lena.id}/` });
    const [audit] = await auditEntries(db, 'AccountMoved', engineering.id);
    expect(audit?.account_path).toBe(`${adventure.path}${engineering.id}/`);
    expect(audit?.details).toMatchObject({ FromParentAccountId: contoso.id, FromParentDisplayName: 'Contoso Ltd', ToParentAccountId: adventure.id, ToParentDisplayName: 'Adventure Works' });
    // Back where the demo world had it, for the tests below.
    expect((await move('reseller.admin', engineering.id, contoso.id)).status).toBe(200);
  });

  describe('hierarchy rules (issue 6): each parent type allowed or refused', () => {
    let owner: AccountRow;
    let reseller: AccountRow;
    let company: AccountRow;
    let otherCompany: AccountRow;
    let department: AccountRow;
    let user: AccountRow;
    let vendor: AccountRow;
    beforeAll(async () => {
      owner = await accountNamed(db, 'Cloud Service Providers');
      reseller = await addAccount(db, 'Reseller', owner, 'Rules Reseller');
      company = await addAccount(db, 'Company', owner, 'Rules Co');
      otherCompany = await addAccount(db, 'Company', owner, 'Rules Target Co');
      department = await addAccount(db, 'Department', otherCompany, 'Rules Target Dept');
      user = await addAccount(db, 'User', otherCompany, 'Rules Target User');
      vendor = await addAccount(db, 'Vendor', owner, 'Rules Target Vendor');
    });
    const cases: [AccountType | 'Product [Company]' | 'Product [Company, Department]', string, boolean][] = [
      ['User', 'Department', true],
      ['User', 'Company', true],
      // issue 10: a reseller and a vendor hold their own users (the demo's administrators sit there).
      ['User', 'Reseller', true],
      ['User', 'Vendor', true],
      ['User', 'User', false],
      ['Department', 'Company', true],
      ['Department', 'Department', false],
      ['Department', 'Reseller', false],
      ['Department', 'Vendor', false],
      ['Company', 'Vendor', false],
      ['Company', 'Reseller', true],
      ['Company', 'Company', false],
      ['Reseller', 'Reseller', true],
      ['Reseller', 'Company', false],
      ['Product [Company]', 'Company', true],
      ['Product [Company]', 'Department', false],
      ['Product [Company, Department]', 'Department', true],
      ['Product [Company, Department]', 'User', false],
    ];
    it.each(cases)('a %s under a %s: allowed %s', async (type, parentType, isAllowed) => {
      const parentByType: Record<string, AccountRow> = { Reseller: reseller, Company: otherCompany, Department: department, User: user, Vendor: vendor };
      const source = type.startsWith('Product')
        ? await addSubscription(db, company, `Moving ${type}`, { productName: type.includes('Department') ? 'LC_TEST_BACKUP' : 'LC_TEST_MAIL', parentTypes: type.includes('Department') ? ['Company', 'Department'] : ['Company'] })
        : await addAccount(db, type as AccountType, type === 'Reseller' || type === 'Company' ? owner : company, `Moving ${type}`);
      const result = await move('admin', source.id, parentByType[parentType]!.id);
      if (isAllowed) {
        expect(result.status).toBe(200);
        expect((await reload(db, source)).parentId).toBe(parentByType[parentType]!.id);
      } else {
        expect(result.status).toBe(400);
        expect(result.body.Message).toBe(`${parentByType[parentType]!.displayName} cannot be the parent of a ${source.type} account`);
        expect((await reload(db, source)).path).toBe(source.path);
      }
    });
  });

  it('refuses a move under the account itself or its own subtree', async () => {
    const northwind = await accountNamed(db, 'Northwind Cloud');
    const contoso = await accountNamed(db, 'Contoso Ltd');
    const sales = await accountNamed(db, 'Sales');
    for (const [source, parent] of [
      [northwind, contoso],
      [sales, sales],
    ] as const) {
      const result = await move('admin', source.id, parent.id);
      expect(result.status).toBe(400);
      expect(result.body.Message).toBe(`${source.displayName} cannot be moved under itself or one of its own accounts`);
    }
    expect((await reload(db, northwind)).path).toBe(northwind.path);
  });

  it('refuses the current parent as new parent', async () => {
    const result = await move('company.admin', (await accountNamed(db, 'Sales')).id, (await accountNamed(db, 'Contoso Ltd')).id);
    expect(result.status).toBe(400);
    expect(result.body.Message).toBe('Sales already sits under Contoso Ltd');
  });

  it('answers a foreign parent or source with the same 403 as a missing one, and needs ACCOUNT_MOVE', async () => {
    const engineering = await accountNamed(db, 'Engineering');
    const litware = await accountNamed(db, 'Litware Inc');
    const foreignParent = await move('reseller.admin', engineering.id, litware.id);
    const missingParent = await move('reseller.admin', engineering.id, 987_654);
    const foreignSource = await move('other.admin', engineering.id, litware.id);
    const withoutCapability = await move('company.user', (await accountNamed(db, 'Carl Jensen')).id, engineering.id);
    expect([foreignParent.status, missingParent.status, foreignSource.status, withoutCapability.status]).toEqual([403, 403, 403, 403]);
    expect(foreignParent.body).toEqual(missingParent.body);
    expect(foreignSource.body).toEqual(missingParent.body);
    expect((await reload(db, engineering)).path).toBe(engineering.path);
  });

  it('refuses to move a terminated account or to move one under a terminated parent (409)', async () => {
    const owner = await accountNamed(db, 'Northwind Cloud');
    const closed = await addAccount(db, 'Company', owner, 'Closed Co');
    await db.execute(sql`update accounts set state = 'Terminated', terminated_at = now() where id = ${closed.id}`);
    const user = await addAccount(db, 'User', await accountNamed(db, 'Contoso Ltd'), 'Mover User');
    const under = await move('reseller.admin', user.id, closed.id);
    expect(under.status).toBe(409);
    expect(under.body.Message).toBe('Closed Co is terminated and can no longer be changed');
    expect((await move('reseller.admin', closed.id, (await accountNamed(db, 'Cloud Service Providers')).id)).status).toBe(403);
    expect((await move('admin', closed.id, (await accountNamed(db, 'Fabrikam Distribution')).id)).status).toBe(409);
  });

  it('writes the paths and the audit entry in one transaction: a failing audit insert leaves every path as it was', async () => {
    const sales = await accountNamed(db, 'Sales');
    const priya = await accountNamed(db, 'Priya Patel');
    await db.execute(sql`create function lc_refuse_move() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await db.execute(sql`create trigger lc_refuse_move before insert on audit_log for each row when (new.action = 'AccountMoved') execute function lc_refuse_move()`);
    try {
      const result = await move('reseller.admin', sales.id, (await accountNamed(db, 'Tailspin Toys')).id);
      expect(result.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger lc_refuse_move on audit_log`);
      await db.execute(sql`drop function lc_refuse_move()`);
    }
    expect((await reload(db, sales)).path).toBe(sales.path);
    expect((await reload(db, priya)).path).toBe(priya.path);
  });

  it('moves a subtree of 10,000 accounts with one statement', async () => {
    const owner = await accountNamed(db, 'Cloud Service Providers');
    const big = await addAccount(db, 'Company', owner, 'Big Co');
    const bulk = await addAccount(db, 'Department', big, 'Bulk Dept');
    await db.execute(sql`insert into accounts (type, parent_id, display_name, path) select 'User', ${bulk.id}, 'Bulk user ' || g, '' from generate_series(1, 9998) g`);
    await db.execute(sql`update accounts set path = ${bulk.path} || id || '/' where parent_id = ${bulk.id}`);
    const target = await addAccount(db, 'Reseller', owner, 'Target Reseller');
    const started = Date.now();
    const result = await move('admin', big.id, target.id);
    const elapsed = Date.now() - started;
    expect(result.status).toBe(200);
    expect(result.body.MovedAccountCount).toBe(10_000);
    const moved = (await db.execute(sql`select count(*)::int as count from accounts where path like ${`${target.path}${big.id}/${bulk.id}/%`}`)) as unknown as { rows: { count: number }[] };
    expect(moved.rows[0]!.count).toBe(9_999);
    expect(elapsed).toBeLessThan(15_000);
  });
});

describe('GetPossibleParentsForMove', () => {
  const parents = (who: string, accountId: number, extra: Record<string, unknown> = {}) =>
    call(server.app, 'IAccountService/GetPossibleParentsForMove', { accountId, ...extra }, { cookie: cookies[who] });

  it("offers a department the other companies of the caller's hierarchy, not its current one", async () => {
    const result = await parents('reseller.admin', (await accountNamed(db, 'Engineering')).id);
    expect(result.status).toBe(200);
    const names = (result.body.Items as { DisplayName: string }[]).map((i) => i.DisplayName);
    expect(names).toContain('Adventure Works');
    expect(names).toContain('Tailspin Toys');
    expect(names).not.toContain('Contoso Ltd');
    expect(names).not.toContain('Litware Inc');
    expect(result.body.Account).toMatchObject({ DisplayName: 'Engineering', ParentDisplayName: 'Contoso Ltd' });
  });

  it('searches by a part of the name and pages', async () => {
    const engineering = (await accountNamed(db, 'Engineering')).id;
    const search = await parents('reseller.admin', engineering, { searchText: 'tAIL' });
    expect((search.body.Items as { DisplayName: string }[]).map((i) => i.DisplayName)).toEqual(['Tailspin Toys']);
    const page = await parents('reseller.admin', engineering, { pageSize: 1, page: 1 });
    expect(page.body.Items).toHaveLength(1);
    expect(page.body.TotalCount).toBeGreaterThanOrEqual(2);
  });

  it("offers a user the departments and the company of Contoso's administrator, never the user's own parent", async () => {
    const result = await parents('company.admin', (await accountNamed(db, 'Lena Nowak')).id);
    expect((result.body.Items as { DisplayName: string }[]).map((i) => i.DisplayName).sort()).toEqual(['Contoso Ltd', 'Sales']);
  });

  it('answers 403 for a foreign account, like a missing one, and 400 naming an unknown field', async () => {
    const foreign = await parents('other.admin', (await accountNamed(db, 'Engineering')).id);
    const missing = await parents('other.admin', 987_654);
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
    const unknown = await parents('admin', 1, { depth: 2 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toContain('depth');
  });
});
