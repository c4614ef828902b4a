import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, desc, eq, sql } from 'drizzle-orm';
import { accounts, auditLog, mailOutbox, roles, userRoles, users } from '../platform/db/schema';
import { accountIdByName, userIdByName } from './demoLookups';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { insertRoleWithCapabilities } from '../auth/roleStore';

let server: TestServer;
let admin: string;

const idOf = (displayName: string) => accountIdByName(server.handle.db, displayName);
const userIdOf = (username: string) => userIdByName(server.handle.db, username);
const lastAudit = async (action: string, accountId: number) => {
  const [row] = await server.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.accountId, accountId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};
const op = (name: string, body: unknown, cookie = admin) => call(server.app, `IAccountService/${name}`, body, { cookie });

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server.app, 'company.admin');
});
afterAll(async () => {
  await server?.close();
});

describe('GetUsers', () => {
  it("lists Contoso's users with their department, status, administrator flag and roles", async () => {
    const result = await op('GetUsers', { accountId: await idOf('Contoso Ltd') });
    expect(result.status).toBe(200);
    expect(result.body.Total).toBe(5);
    const list = result.body.Users as Record<string, unknown>[];
    expect(list.map((u) => u.Username)).toEqual(['company.user', 'company.admin', 'lena.nowak', 'priya.patel', 'tom.becker']);
    expect(list.find((u) => u.Username === 'priya.patel')).toMatchObject({ DisplayName: 'Priya Patel', DepartmentName: 'Sales', Status: 'Enabled', IsAdministrator: false, Roles: [{ Name: 'Company user' }] });
    expect(list.find((u) => u.Username === 'company.admin')).toMatchObject({ DepartmentName: null, IsAdministrator: true, Roles: [{ Name: 'Company administrator' }] });
    expect(list.find((u) => u.Username === 'company.admin')!.LastLogonAt).not.toBeNull();
  });

  it('pages, sorts and filters on the server', async () => {
    const accountId = await idOf('Contoso Ltd');
    const page = await op('GetUsers', { accountId, sortBy: 'Username', sortDirection: 'desc', page: 1, pageSize: 2 });
    expect(page.body.Total).toBe(5);
    expect((page.body.Users as { Username: string }[]).map((u) => u.Username)).toEqual(['lena.nowak', 'company.user']);
    // The Sales users' e-mail addresses are @sales.example: text matches e-mail, case-insensitively.
    const byMail = await op('GetUsers', { accountId, filter: { text: 'SALES.example' } });
    expect((byMail.body.Users as { Username: string }[]).map((u) => u.Username)).toEqual(['priya.patel', 'tom.becker']);
    const byName = await op('GetUsers', { accountId, filter: { text: 'nowak', status: 'Enabled' } });
    expect((byName.body.Users as { Username: string }[]).map((u) => u.Username)).toEqual(['lena.nowak']);
    expect((await op('GetUsers', { accountId, filter: { text: '%' } })).body.Total).toBe(0);
    expect((await op('GetUsers', { accountId, filter: { status: 'Disabled' } })).body.Total).toBe(0);
    const department = await op('GetUsers', { accountId: await idOf('Sales'), sortBy: 'Department' });
    expect((department.body.Users as { Username: string }[]).map((u) => u.Username).sort()).toEqual(['priya.patel', 'tom.becker']);
  });

  it("lists only a reseller's own users, not its customers'", async () => {
    const result = await op('GetUsers', { accountId: await idOf('Northwind Cloud') }, await signIn(server.app, 'reseller.admin'));
    expect((result.body.Users as { Username: string }[]).map((u) => u.Username)).toEqual(['reseller.admin']);
  });

  it('refuses a plain user, and a foreign company exactly like a missing one', async () => {
    const user = await op('GetUsers', { accountId: await idOf('Contoso Ltd') }, await signIn(server.app, 'company.user'));
    expect(user.status).toBe(403);
    const foreign = await op('GetUsers', { accountId: await idOf('Litware Inc') });
    const missing = await op('GetUsers', { accountId: 999_999 });
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
  });

  it('answers 400 naming the field for a page that is too long or an unknown field', async () => {
    const tooLong = await op('GetUsers', { accountId: await idOf('Contoso Ltd'), pageSize: 201 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.Message).toContain('pageSize');
    const unknown = await op('GetUsers', { accountId: await idOf('Contoso Ltd'), filter: { role: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toContain('role');
  });
});

describe('ChangeUserStatus', () => {
  it("disables a user, ends their sessions at once and audits before and after; enabling lets them in again", async () => {
    const tom = await userIdOf('tom.becker');
    const tomsCookie = await signIn(server.app, 'tom.becker');
    expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: tomsCookie })).status).toBe(200);

    const result = await op('ChangeUserStatus', { userAccountId: tom, status: 'Disabled' });
    expect(result.status).toBe(200);
    expect((await call(server.app, 'IAuthorizationService/GetCurrentUser', {}, { cookie: tomsCookie })).status).toBe(401);
    expect((await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'tom.becker', password: 'Demo-Password-2024!' })).status).not.toBe(200);
    expect((await lastAudit('UserStatusChanged', tom))?.details).toEqual({ Username: 'tom.becker', Before: 'Enabled', After: 'Disabled' });

    expect((await op('ChangeUserStatus', { userAccountId: tom, status: 'Enabled' })).status).toBe(200);
    expect((await lastAudit('UserStatusChanged', tom))?.details).toMatchObject({ Before: 'Disabled', After: 'Enabled' });
    await signIn(server.app, 'tom.becker');
  });

  it('refuses to let an administrator disable themselves', async () => {
    const result = await op('ChangeUserStatus', { userAccountId: await userIdOf('company.admin'), status: 'Disabled' });
    expect(result.status).toBe(400);
    expect(result.body.Message).toBe('You cannot disable your own user.');
  });

  it('refuses a plain user, and a foreign user exactly like a missing one', async () => {
    const tom = await userIdOf('tom.becker');
    expect((await op('ChangeUserStatus', { userAccountId: tom, status: 'Disabled' }, await signIn(server.app, 'company.user'))).status).toBe(403);
    const foreign = await op('ChangeUserStatus', { userAccountId: await userIdOf('litware.ops'), status: 'Disabled' });
    const missing = await op('ChangeUserStatus', { userAccountId: 999_999, status: 'Disabled' });
    expect([foreign.status, missing.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual(missing.body);
    const bad = await op('ChangeUserStatus', { userAccountId: tom, status: 'Paused' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('status');
  });
});

describe('ChangeUserAdminStatus', () => {
  it("makes a user an administrator with the company's administrator role, and takes both away again", async () => {
    const lena = await userIdOf('lena.nowak');
    const [adminRole] = await server.handle.db.select({ id: roles.id }).from(roles).where(and(eq(roles.name, 'Company administrator'), eq(roles.ownerAccountId, await idOf('Contoso Ltd'))));
    const holds = async () => (await server.handle.db.select().from(userRoles).where(and(eq(userRoles.userAccountId, lena), eq(userRoles.roleId, adminRole!.id)))).length === 1;

    expect((await op('ChangeUserAdminStatus', { userAccountId: lena, isAdministrator: true })).status).toBe(200);
    const [flag] = await server.handle.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.accountId, lena));
    expect(flag!.isAdmin).toBe(true);
    expect(await holds()).toBe(true);
    expect((await lastAudit('UserAdminStatusChanged', lena))?.details).toEqual({ Username: 'lena.nowak', Before: false, After: true });

    expect((await op('ChangeUserAdminStatus', { userAccountId: lena, isAdministrator: false })).status).toBe(200);
    expect(await holds()).toBe(false);
  });

  it('refuses a change of one’s own administrator status and callers without the capability', async () => {
    const own = await op('ChangeUserAdminStatus', { userAccountId: await userIdOf('company.admin'), isAdministrator: false });
    expect(own.status).toBe(400);
    expect(own.body.Message).toBe('You cannot change your own administrator status.');
    expect((await op('ChangeUserAdminStatus', { userAccountId: await userIdOf('lena.nowak'), isAdministrator: true }, await signIn(server.app, 'company.user'))).status).toBe(403);
  });
});

describe('ChangeUsername', () => {
  it('renames a user in the users table and the User view, audited, and the new name signs in', async () => {
    const priya = await userIdOf('priya.patel');
    expect((await op('ChangeUsername', { userAccountId: priya, newUsername: ' priya.p ' })).status).toBe(200);
    const [row] = await server.handle.db.select({ views: accounts.views }).from(accounts).where(eq(accounts.id, priya));
    expect(row!.views.User!.Values).toMatchObject({ Username: 'priya.p', Firstname: 'Priya' });
    expect((await lastAudit('UsernameChanged', priya))?.details).toEqual({ Before: 'priya.patel', After: 'priya.p' });
    await signIn(server.app, 'priya.p');
    expect((await op('ChangeUsername', { userAccountId: priya, newUsername: 'priya.patel' })).status).toBe(200);
  });

  it('keeps usernames unique regardless of case, naming the field; nothing is written', async () => {
    const priya = await userIdOf('priya.patel');
    const before = await server.handle.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    const taken = await op('ChangeUsername', { userAccountId: priya, newUsername: 'COMPANY.User' });
    expect(taken.status).toBe(400);
    expect(taken.body.Message).toBe('newUsername: COMPANY.User is already taken');
    const invalid = await op('ChangeUsername', { userAccountId: priya, newUsername: 'priya patel' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.Message).toContain('newUsername');
    const after = await server.handle.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('ResetUserPassword', () => {
  it('e-mails the user a reset link that sets a new password, and audits who sent it', async () => {
    const lena = await userIdOf('lena.nowak');
    expect((await op('ResetUserPassword', { userAccountId: lena })).status).toBe(200);
    const [mail] = await server.handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'lena.nowak@engineering.example')).orderBy(desc(mailOutbox.id)).limit(1);
    const link = /#\/reset-password\/([^/\s]+)\/([\w-]+)/.exec(mail!.textBody)!;
    expect(decodeURIComponent(link[1]!)).toBe('lena.nowak');
    const reset = await call(server.app, 'ISelfCareService/ResetPassword', { username: 'lena.nowak', token: link[2], newPassword: 'Fresh-Start-2031!x' });
    expect(reset.status).toBe(200);
    await signIn(server.app, 'lena.nowak', 'Fresh-Start-2031!x');
    const audit = await lastAudit('UserPasswordResetByAdmin', lena);
    expect(audit?.details).toEqual({ Username: 'lena.nowak', Email: 'lena.nowak@engineering.example' });
    expect(audit?.actorAccountId).toBe(await userIdOf('company.admin'));
  });

  it('refuses a caller without USER_RESET_PASSWORD', async () => {
    expect((await op('ResetUserPassword', { userAccountId: await userIdOf('lena.nowak') }, await signIn(server.app, 'company.user'))).status).toBe(403);
  });
});

describe('ExportUsers', () => {
  it('answers a real xlsx workbook of the filtered users and audits the export', async () => {
    const contoso = await idOf('Contoso Ltd');
    const result = await op('ExportUsers', { accountId: contoso, filter: { status: 'Enabled' }, sortBy: 'Username' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ FileName: 'Users-Contoso_Ltd.xlsx', ContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(result.body.ContentBase64 as string, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Users')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Username', 'E-mail', 'Department', 'Status', 'Administrator', 'Roles', 'Last sign-in']);
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(2).getCell(2).value).toBe('company.admin');
    expect(sheet.getRow(2).getCell(6).value).toBe('Yes');
    expect((await lastAudit('UsersExported', contoso))?.details).toEqual({ Count: 5, Filter: { status: 'Enabled' } });
  });

  it('names its columns in the caller’s language', async () => {
    const result = await call(server.app, 'IAccountService/ExportUsers', { accountId: await idOf('Sales') }, { cookie: admin, headers: { 'accept-language': 'de' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(result.body.ContentBase64 as string, 'base64') as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Benutzer')!.getRow(1).getCell(3).value).toBe('E-Mail');
  });

  it('refuses a plain user', async () => {
    expect((await op('ExportUsers', { accountId: await idOf('Contoso Ltd') }, await signIn(server.app, 'company.user'))).status).toBe(403);
  });
});

describe('GetUserRoles and SetUserRoles', () => {
  it("offers the company's own roles (not the reseller's above it), and sets a user's roles with an audit of before and after", async () => {
    const carl = await userIdOf('company.user');
    const offered = await op('GetUserRoles', { userAccountId: carl });
    expect(offered.status).toBe(200);
    const list = offered.body.Roles as { RoleId: number; Name: string; OwnerDisplayName: string; IsAssigned: boolean }[];
    expect(list.filter((r) => r.IsAssigned).map((r) => r.Name)).toEqual(['Company user']);
    // issue 10: a reseller's or the platform's roles mean nothing to a company's user.
    expect(list.map((r) => r.OwnerDisplayName)).toEqual(['Contoso Ltd', 'Contoso Ltd']);

    const userRole = list.find((r) => r.Name === 'Company user')!.RoleId;
    const adminRole = list.find((r) => r.Name === 'Company administrator')!.RoleId;
    expect((await op('SetUserRoles', { userAccountId: carl, roleIds: [userRole, adminRole] })).status).toBe(200);
    expect((await lastAudit('UserRolesChanged', carl))?.details).toEqual({ Username: 'company.user', Before: ['Company user'], After: ['Company administrator', 'Company user'] });
    const [flag] = await server.handle.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.accountId, carl));
    expect(flag!.isAdmin).toBe(true);
    expect((await op('SetUserRoles', { userAccountId: carl, roleIds: [userRole] })).status).toBe(200);
  });

  it("refuses a role that gives more than the caller holds (a company role with a reseller's capability), and says so in the list", async () => {
    const carl = await userIdOf('company.user');
    await insertRoleWithCapabilities(server.handle.db, await idOf('Contoso Ltd'), 'Billing runner', [{ ObjectType: 'BILLING_RUN', Read: true, Create: false, Execute: true, Delete: false, Value: null }]);
    const offered = (await op('GetUserRoles', { userAccountId: carl })).body.Roles as { RoleId: number; Name: string; IsGrantable: boolean }[];
    const billingRunner = offered.find((r) => r.Name === 'Billing runner')!;
    expect(billingRunner.IsGrantable).toBe(false);
    expect(offered.find((r) => r.Name === 'Company user')!.IsGrantable).toBe(true);
    const userRole = offered.find((r) => r.Name === 'Company user')!.RoleId;
    const refused = await op('SetUserRoles', { userAccountId: carl, roleIds: [userRole, billingRunner.RoleId] });
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBe('You cannot give the role Billing runner: it grants capabilities you do not have yourself.');
    const held = await server.handle.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userAccountId, carl));
    expect(held.map((h) => h.roleId)).toEqual([userRole]);
  });

  it("refuses a role of another tenant, naming roleIds, and a caller without ROLES", async () => {
    const carl = await userIdOf('company.user');
    const [foreignRole] = await server.handle.db.select({ id: roles.id }).from(roles).where(eq(roles.ownerAccountId, await idOf('Fabrikam Distribution')));
    const foreign = await op('SetUserRoles', { userAccountId: carl, roleIds: [foreignRole!.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.Message).toContain('roleIds');
    // The reseller's own roles above the company are not a company user's either (issue 10).
    const [resellerRole] = await server.handle.db.select({ id: roles.id }).from(roles).where(eq(roles.ownerAccountId, await idOf('Northwind Cloud')));
    expect((await op('SetUserRoles', { userAccountId: carl, roleIds: [resellerRole!.id] }, await signIn(server.app, 'reseller.admin'))).status).toBe(400);
    expect((await op('GetUserRoles', { userAccountId: carl }, await signIn(server.app, 'company.user'))).status).toBe(403);
  });
});
