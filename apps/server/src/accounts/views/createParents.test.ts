import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCOUNT_TYPES, ALLOWED_PARENT_TYPES, canHoldAccountType } from '@cmp/contracts/accounts';
import { call, signIn, startTestServer, type TestServer } from '../../test/testServer';

// Issue 10: vendor.admin could not create a user in its own vendor although the New menu offered
// it, and the create screen of a platform administrator opened with a parent the rules refuse.

let server: TestServer;
const cookies: Record<string, string> = {};
const as = async (user: string) => (cookies[user] ??= await signIn(server.app, user));
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const idOf = async (displayName: string) => (await rows<{ id: number }>(sql`select id from accounts where display_name = ${displayName} order by id limit 1`))[0]!.id;
const defaults = async (who: string, accountType: string, parentAccountId: number) => call(server.app, 'IAccountService/GetDefaultAccountViewsForCreate', { accountType, parentAccountId }, { cookie: await as(who) });
const defaultParent = async (who: string, accountType: string, nearAccountId?: number) =>
  call(server.app, 'IAccountService/GetDefaultParentForCreate', { accountType, nearAccountId: nearAccountId ?? null }, { cookie: await as(who) });
const newUser = (parentId: number, username: string) => ({
  account: {
    Views: {
      Account: { Values: { AccountType: 'User', ParentAccountId: parentId } },
      User: { Values: { Firstname: 'Nils', Lastname: 'Berg', Email: `${username}@example.test`, Username: username } },
    },
  },
});

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the hierarchy rules hold a user where administrators sit', () => {
  it('vendor.admin creates a colleague in its own vendor', async () => {
    const skyline = await idOf('Skyline Software');
    expect((await defaults('vendor.admin', 'User', skyline)).status).toBe(200);
    const created = await call(server.app, 'IAccountService/CreateAccount', newUser(skyline, 'nils.berg'), { cookie: await as('vendor.admin') });
    expect(created.status).toBe(200);
    const [row] = await rows<{ parent_id: number; type: string }>(sql`select parent_id, type from accounts where id = ${created.body.AccountId as number}`);
    expect(row).toEqual({ parent_id: skyline, type: 'User' });
  });

  it('reseller.admin creates a colleague in its own reseller', async () => {
    const created = await call(server.app, 'IAccountService/CreateAccount', newUser(await idOf('Northwind Cloud'), 'nina.north'), { cookie: await as('reseller.admin') });
    expect(created.status).toBe(200);
  });

  it('still refuses what a vendor cannot hold', async () => {
    const skyline = await idOf('Skyline Software');
    for (const type of ['Department', 'Company'] as const) {
      const refused = await defaults('admin', type, skyline);
      expect(refused.status).toBe(400);
      expect(refused.body.Message).toBe(`Skyline Software cannot be the parent of a ${type} account`);
    }
  });

  it.each([
    ['Vendor', ['User']],
    ['Company', ['Department', 'User']],
    ['Reseller', ['Reseller', 'Company', 'Department', 'User']],
  ] as const)('a hierarchy topped by a %s can hold exactly %j (what the New menu offers)', (top, types) => {
    const creatable = (['Reseller', 'Company', 'Department', 'User'] as const).filter((type) => canHoldAccountType(top, type));
    expect(new Set(creatable)).toEqual(new Set(types));
  });

  it('names a rule for every account type but Product, and only existing types as parents', () => {
    for (const type of ACCOUNT_TYPES.filter((t) => t !== 'Product')) {
      const parents = ALLOWED_PARENT_TYPES[type];
      expect(parents.length).toBeGreaterThan(0);
      for (const parent of parents) expect(ACCOUNT_TYPES).toContain(parent);
    }
  });
});

describe('GetDefaultParentForCreate', () => {
  const parentOf = (result: Awaited<ReturnType<typeof call>>) => (result.body.Parent as { DisplayName: string; AccountType: string } | null)?.DisplayName ?? null;

  it("answers the caller's own company when it may hold the type", async () => {
    expect(parentOf(await defaultParent('vendor.admin', 'User'))).toBe('Skyline Software');
    expect(parentOf(await defaultParent('company.admin', 'Department'))).toBe('Contoso Ltd');
    expect(parentOf(await defaultParent('admin', 'Company'))).toBe('Cloud Service Providers');
  });

  it('answers the first account of the hierarchy that may hold it, by depth then name, and passes CreateAccount\'s rules', async () => {
    const result = await defaultParent('admin', 'Department');
    expect(result.status).toBe(200);
    expect(result.body.Parent).toEqual({ AccountId: await idOf('Adventure Works'), AccountType: 'Company', DisplayName: 'Adventure Works' });
    for (const type of ['User', 'Department', 'Company', 'Reseller']) {
      const parent = (await defaultParent('admin', type)).body.Parent as { AccountId: number };
      expect((await defaults('admin', type, parent.AccountId)).status).toBe(200);
    }
  });

  it('starts from where the user came from: that account, else the nearest one above it that may hold the type', async () => {
    expect(parentOf(await defaultParent('company.admin', 'User', await idOf('Sales')))).toBe('Sales');
    expect(parentOf(await defaultParent('company.admin', 'Department', await idOf('Sales')))).toBe('Contoso Ltd');
    expect(parentOf(await defaultParent('admin', 'Department', await idOf('Carl Jensen')))).toBe('Contoso Ltd');
    expect(parentOf(await defaultParent('admin', 'Company', await idOf('Contoso Ltd')))).toBe('Northwind Cloud');
  });

  it('leaves out terminated accounts', async () => {
    const adventure = await idOf('Adventure Works');
    await server.handle.db.execute(sql`update accounts set state = 'Terminated' where id = ${adventure}`);
    try {
      expect(parentOf(await defaultParent('reseller.admin', 'Department'))).toBe('Contoso Ltd');
      expect(parentOf(await defaultParent('reseller.admin', 'Department', adventure))).toBe('Contoso Ltd');
    } finally {
      await server.handle.db.execute(sql`update accounts set state = 'Active' where id = ${adventure}`);
    }
  });

  it('answers a foreign starting account like a missing one, and null where nothing may hold the type', async () => {
    const foreign = await defaultParent('company.admin', 'User', await idOf('Litware Inc'));
    const missing = await defaultParent('company.admin', 'User', 987_654);
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual(missing.body);
    expect(parentOf(foreign)).toBe('Contoso Ltd');
    // company.admin holds COMPANY_ACCOUNT Create, but no account of Contoso may hold a company.
    expect((await defaultParent('company.admin', 'Company')).body).toEqual({ Parent: null });
  });

  it('needs Create on the type', async () => {
    expect((await defaultParent('company.user', 'User')).status).toBe(403);
    expect((await defaultParent('vendor.admin', 'Company')).status).toBe(403);
    expect((await call(server.app, 'IAccountService/GetDefaultParentForCreate', { accountType: 'User' })).status).toBe(401);
  });
});
