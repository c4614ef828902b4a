import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accounts, roles, users } from '../platform/db/schema';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { accountIdByName, userIdByName } from './demoLookups';

// Issue 10: creating a user in a customer company offered only "Platform administrator" and
// "Reseller administrator". A company's users get company-level roles, owned by every company from
// its creation on; the roles of owners above are offered only to users of the same kind of
// organisation (a reseller's to its sub-resellers' users).

let server: TestServer;
const cookies: Record<string, string> = {};
const as = async (user: string) => (cookies[user] ??= await signIn(server.app, user));
const idOf = (displayName: string) => accountIdByName(server.handle.db, displayName);
type Offered = { RoleId: number; Name: string; OwnerDisplayName: string; IsGrantable: boolean };
const assignable = async (who: string, accountId: number) => {
  const result = await call(server.app, 'IAccountService/GetAssignableRoles', { accountId }, { cookie: await as(who) });
  expect(result.status).toBe(200);
  return result.body.Roles as Offered[];
};
const names = (list: Offered[]) => list.map((r) => `${r.Name} (${r.OwnerDisplayName})`).sort();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('company-level roles', () => {
  it('every demo company owns a "Company administrator" and a "Company user" role', async () => {
    const owned = await server.handle.db
      .select({ company: accounts.displayName, role: roles.name })
      .from(roles)
      .innerJoin(accounts, eq(accounts.id, roles.ownerAccountId))
      .where(eq(accounts.type, 'Company'));
    const companies = [...new Set(owned.map((r) => r.company))];
    expect(companies.sort()).toEqual(['Adventure Works', 'Contoso Ltd', 'Litware Inc', 'Proseware', 'Tailspin Toys']);
    for (const company of companies) expect(owned.filter((r) => r.company === company).map((r) => r.role).sort()).toEqual(['Company administrator', 'Company user']);
  });

  it("offers a new user of a company or its department the company's roles only, all grantable by its administrator", async () => {
    for (const account of ['Contoso Ltd', 'Sales']) {
      const offered = await assignable('company.admin', await idOf(account));
      expect(names(offered)).toEqual(['Company administrator (Contoso Ltd)', 'Company user (Contoso Ltd)']);
      expect(offered.every((r) => r.IsGrantable)).toBe(true);
    }
    // The reseller creating a user in its customer company sees the same list.
    expect(names(await assignable('reseller.admin', await idOf('Adventure Works')))).toEqual(['Company administrator (Adventure Works)', 'Company user (Adventure Works)']);
  });

  it("offers a reseller's user the roles of its reseller and of the resellers above, a vendor's user the vendor's", async () => {
    expect(names(await assignable('reseller.admin', await idOf('Northwind Cloud')))).toEqual(['Platform administrator (Cloud Service Providers)', 'Reseller administrator (Northwind Cloud)']);
    const vendor = await assignable('vendor.admin', await idOf('Skyline Software'));
    expect(names(vendor)).toEqual(['Vendor administrator (Skyline Software)']);
    expect(vendor[0]!.IsGrantable).toBe(true);
  });

  it('gives a company created through CreateAccount its roles, which its first user can then hold (the administrator flag follows)', async () => {
    const cookie = await as('reseller.admin');
    const company = await call(
      server.app,
      'IAccountService/CreateAccount',
      { account: { Views: { Account: { Values: { AccountType: 'Company', ParentAccountId: await idOf('Northwind Cloud') } }, Company: { Values: { DisplayName: 'Fourth Coffee', Country: 'GB' } } } } },
      { cookie },
    );
    expect(company.status).toBe(200);
    const companyId = company.body.AccountId as number;
    const offered = await assignable('reseller.admin', companyId);
    expect(names(offered)).toEqual(['Company administrator (Fourth Coffee)', 'Company user (Fourth Coffee)']);

    const user = await call(
      server.app,
      'IAccountService/CreateAccount',
      { account: { Views: { Account: { Values: { AccountType: 'User', ParentAccountId: companyId } }, User: { Values: { Firstname: 'Fay', Lastname: 'Brewer', Email: 'fay@fourthcoffee.example', Username: 'fay.brewer' } } } } },
      { cookie },
    );
    expect(user.status).toBe(200);
    const adminRole = offered.find((r) => r.Name === 'Company administrator')!.RoleId;
    expect((await call(server.app, 'IAccountService/SetUserRoles', { userAccountId: user.body.AccountId, roleIds: [adminRole] }, { cookie })).status).toBe(200);
    const [flag] = await server.handle.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.accountId, await userIdByName(server.handle.db, 'fay.brewer')));
    expect(flag!.isAdmin).toBe(true);
  });

  it('gives a reseller created through CreateAccount its administrator role', async () => {
    const reseller = await call(
      server.app,
      'IAccountService/CreateAccount',
      { account: { Views: { Account: { Values: { AccountType: 'Reseller', ParentAccountId: await idOf('Cloud Service Providers') } }, Reseller: { Values: { DisplayName: 'Wingtip Partners', Country: 'US' } } } } },
      { cookie: await as('admin') },
    );
    expect(reseller.status).toBe(200);
    const owned = await server.handle.db.execute(sql`select name from roles where owner_account_id = ${reseller.body.AccountId as number}`);
    expect((owned as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual(['Reseller administrator']);
  });

  it('creates no roles for a department', async () => {
    const department = await call(
      server.app,
      'IAccountService/CreateAccount',
      { account: { Views: { Account: { Values: { AccountType: 'Department', ParentAccountId: await idOf('Contoso Ltd') } }, Department: { Values: { DisplayName: 'Finance' } } } } },
      { cookie: await as('company.admin') },
    );
    expect(department.status).toBe(200);
    expect(await server.handle.db.select().from(roles).where(eq(roles.ownerAccountId, department.body.AccountId as number))).toEqual([]);
  });
});
