import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';

// Issue 17 "Roles and capability sets", the read side, on the demo world: what an organisation owns,
// who holds a role, what a user can do in the end — each inside the caller's hierarchy.

let server: TestServer;
let reseller: string;
let companyAdmin: string;
let otherReseller: string;
let companyUser: string;
const ids: Record<string, number> = {};
const op = (name: string, body: unknown, cookie: string) => call(server.app, `IAccountService/${name}`, body, { cookie });
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await server.handle.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  server = await startTestServer();
  [reseller, companyAdmin, otherReseller, companyUser] = await Promise.all(['reseller.admin', 'company.admin', 'other.admin', 'company.user'].map((name) => signIn(server.app, name)));
  for (const name of ['Northwind Cloud', 'Contoso Ltd']) {
    ids[name] = (await rowsOf<{ id: number }>(sql`select id from accounts where display_name = ${name} and type in ('Reseller', 'Company')`))[0]!.id;
  }
  ids['company.user'] = (await rowsOf<{ id: number }>(sql`select account_id as id from users where username = 'company.user'`))[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('roles and capability sets of an organisation', () => {
  it('lists the roles a company owns, with their sets and how many users hold them', async () => {
    const answer = await op('GetRoles', { ownerCompanyId: ids['Contoso Ltd'] }, reseller);
    expect(answer.status).toBe(200);
    const roles = answer.body.Roles as { Name: string; CapabilitySetIds: number[]; UserCount: number; OwnerAccountId: number }[];
    expect(roles.map((r) => r.Name)).toEqual(['Company administrator', 'Company user']);
    expect(roles.every((r) => r.OwnerAccountId === ids['Contoso Ltd'] && r.CapabilitySetIds.length === 1)).toBe(true);
    // company.admin holds the first; company.user, two Sales people and one in Engineering the second.
    expect(roles.map((r) => r.UserCount)).toEqual([1, 4]);
  });

  it('offers the templates of the owners above inside the caller’s hierarchy, never those above it', async () => {
    const answer = await op('GetCapabilitySets', { ownerCompanyId: ids['Contoso Ltd'] }, reseller);
    expect(answer.status).toBe(200);
    const sets = answer.body.CapabilitySets as { Name: string; IsOwn: boolean; OwnerDisplayName: string; Capabilities: { ObjectType: string }[] }[];
    expect(sets.filter((s) => s.IsOwn).map((s) => s.Name)).toEqual(['Company administrator', 'Company user']);
    expect(sets.filter((s) => !s.IsOwn).map((s) => [s.Name, s.OwnerDisplayName])).toEqual([['Reseller administrator', 'Northwind Cloud']]);
    expect(sets.find((s) => s.Name === 'Company administrator')!.Capabilities.map((c) => c.ObjectType)).toContain('ROLES');
    // The same company seen from itself: the reseller's sets are not its business.
    const own = await op('GetCapabilitySets', { ownerCompanyId: ids['Contoso Ltd'] }, companyAdmin);
    expect(own.status).toBe(200);
    expect((own.body.CapabilitySets as { IsOwn: boolean }[]).every((s) => s.IsOwn)).toBe(true);
  });

  it('refuses another hierarchy, a caller without Roles Read and an account that owns no roles', async () => {
    expect((await op('GetRoles', { ownerCompanyId: ids['Contoso Ltd'] }, otherReseller)).status).toBe(403);
    expect((await op('GetCapabilitySets', { ownerCompanyId: ids['Northwind Cloud'] }, companyAdmin)).status).toBe(403);
    expect((await op('GetRoles', { ownerCompanyId: ids['Contoso Ltd'] }, companyUser)).status).toBe(403);
    expect((await op('GetRoles', { ownerCompanyId: ids['company.user'] }, reseller)).status).toBe(400);
    expect((await op('GetRoles', { ownerCompanyId: 'x' }, reseller)).status).toBe(400);
  });
});

describe('who holds a role, and what a user can do in the end', () => {
  it('lists the holders of a role inside the caller’s hierarchy', async () => {
    const roleId = (await rowsOf<{ id: number }>(sql`select id from roles where owner_account_id = ${ids['Contoso Ltd']!} and name = 'Company user'`))[0]!.id;
    const answer = await op('GetRoleUsers', { roleId }, reseller);
    expect(answer.status).toBe(200);
    expect((answer.body.Users as { Username: string }[]).map((u) => u.Username).sort()).toEqual(['company.user', 'lena.nowak', 'priya.patel', 'tom.becker']);
    expect((await op('GetRoleUsers', { roleId }, otherReseller)).status).toBe(403);
    expect((await op('GetRoleUsers', { roleId: 999_999 }, reseller)).status).toBe(403);
  });

  it('gives each capability of a user with the roles it comes from', async () => {
    const answer = await op('GetEffectiveCapabilities', { userAccountId: ids['company.user'] }, companyAdmin);
    expect(answer.status).toBe(200);
    const capabilities = answer.body.Capabilities as { ObjectType: string; Roles: string[] }[];
    expect(capabilities.length).toBeGreaterThan(0);
    expect(capabilities.every((c) => c.Roles.length === 1 && c.Roles[0] === 'Company user')).toBe(true);
    expect((await op('GetEffectiveCapabilities', { userAccountId: ids['Contoso Ltd'] }, companyAdmin)).status).toBe(400);
    expect((await op('GetEffectiveCapabilities', { userAccountId: ids['company.user'] }, otherReseller)).status).toBe(403);
  });
});

describe('changing roles and capability sets: never beyond what the caller holds', () => {
  const flags = (Read: boolean, Create = false, Execute = false, Delete = false) => ({ Read, Create, Execute, Delete, Value: null });
  let auditorsSet: number;
  let billingSet: number;
  let auditorsRole: number;

  it('creates a capability set within the caller’s capabilities, and refuses one beyond them', async () => {
    const saved = await op('SaveCapabilitySet', { ownerCompanyId: ids['Contoso Ltd'], capabilitySet: { Name: 'Auditors', IsTemplate: false, Capabilities: [{ ObjectType: 'AUDIT_LOG', ...flags(true) }] } }, companyAdmin);
    expect(saved.status).toBe(200);
    auditorsSet = saved.body.CapabilitySetId as number;
    // Running billing is a reseller's: a company's administrator cannot hand it out.
    const beyond = await op('SaveCapabilitySet', { ownerCompanyId: ids['Contoso Ltd'], capabilitySet: { Name: 'Billing', IsTemplate: false, Capabilities: [{ ObjectType: 'BILLING_RUN', ...flags(true, false, true) }] } }, companyAdmin);
    expect(beyond.status).toBe(403);
    expect(beyond.body.Message).toMatch(/Billing/);
    const twice = await op('SaveCapabilitySet', { ownerCompanyId: ids['Contoso Ltd'], capabilitySet: { Name: 'Auditors', IsTemplate: false, Capabilities: [] } }, companyAdmin);
    expect(twice.status).toBe(400);
    expect((await op('SaveCapabilitySet', { ownerCompanyId: ids['Contoso Ltd'], capabilitySet: { Name: 'X', IsTemplate: false, Capabilities: [{ ObjectType: 'NOPE', ...flags(true) }] } }, companyAdmin)).status).toBe(400);
  });

  it('lets a caller narrow a set that gives more than they hold, but not widen it', async () => {
    // The reseller may give BILLING_RUN; it puts a set with it into its customer's organisation.
    const made = await op('SaveCapabilitySet', { ownerCompanyId: ids['Contoso Ltd'], capabilitySet: { Name: 'Billing', IsTemplate: false, Capabilities: [{ ObjectType: 'BILLING_RUN', ...flags(true, false, true) }] } }, reseller);
    expect(made.status).toBe(200);
    billingSet = made.body.CapabilitySetId as number;
    const narrowed = await op('SaveCapabilitySet', { ownerCompanyId: ids['Contoso Ltd'], capabilitySet: { CapabilitySetId: billingSet, Name: 'Billing', IsTemplate: false, Capabilities: [{ ObjectType: 'BILLING_RUN', ...flags(true) }] } }, companyAdmin);
    expect(narrowed.status).toBe(200);
    const widened = await op('SaveCapabilitySet', { ownerCompanyId: ids['Contoso Ltd'], capabilitySet: { CapabilitySetId: billingSet, Name: 'Billing', IsTemplate: false, Capabilities: [{ ObjectType: 'BILLING_RUN', ...flags(true, false, true) }] } }, companyAdmin);
    expect(widened.status).toBe(403);
    // Another organisation's set cannot be edited through this one.
    expect((await op('SaveCapabilitySet', { ownerCompanyId: ids['Northwind Cloud'], capabilitySet: { CapabilitySetId: auditorsSet, Name: 'Auditors', IsTemplate: false, Capabilities: [] } }, reseller)).status).toBe(403);
  });

  it('makes a role of the organisation’s sets, adding a set only within the caller’s capabilities', async () => {
    const saved = await op('SaveRole', { ownerCompanyId: ids['Contoso Ltd'], role: { Name: 'Auditors', Description: 'Read the audit log', CapabilitySetIds: [auditorsSet] } }, companyAdmin);
    expect(saved.status).toBe(200);
    auditorsRole = saved.body.RoleId as number;
    const roles = (await op('GetRoles', { ownerCompanyId: ids['Contoso Ltd'] }, companyAdmin)).body.Roles as { RoleId: number; CapabilitySetIds: number[]; UserCount: number }[];
    expect(roles.find((r) => r.RoleId === auditorsRole)).toMatchObject({ CapabilitySetIds: [auditorsSet], UserCount: 0 });
    // The narrowed billing set still gives what the company's administrator lacks.
    expect((await op('SaveRole', { ownerCompanyId: ids['Contoso Ltd'], role: { RoleId: auditorsRole, Name: 'Auditors', CapabilitySetIds: [auditorsSet, billingSet] } }, companyAdmin)).status).toBe(403);
    // Only the organisation's own sets.
    const northwindSet = (await rowsOf<{ id: number }>(sql`select id from capability_sets where owner_account_id = ${ids['Northwind Cloud']!} limit 1`))[0]!.id;
    expect((await op('SaveRole', { ownerCompanyId: ids['Contoso Ltd'], role: { Name: 'Borrowed', CapabilitySetIds: [northwindSet] } }, companyAdmin)).status).toBe(400);
    const audited = await rowsOf<{ action: string }>(sql`select action from audit_log where action in ('CapabilitySetSaved', 'RoleSaved') and account_id = ${ids['Contoso Ltd']!}`);
    expect(audited.map((a) => a.action).sort()).toEqual(['CapabilitySetSaved', 'CapabilitySetSaved', 'CapabilitySetSaved', 'RoleSaved']);
  });

  it('gives and takes a role, so the user’s capabilities follow', async () => {
    expect((await op('AssignRoleUsers', { roleId: auditorsRole, userAccountIds: [ids['company.user']!] }, otherReseller)).status).toBe(403);
    expect((await op('AssignRoleUsers', { roleId: auditorsRole, userAccountIds: [ids['company.user']!] }, companyAdmin)).status).toBe(200);
    const roleNames = async () =>
      ((await op('GetEffectiveCapabilities', { userAccountId: ids['company.user'] }, companyAdmin)).body.Capabilities as { ObjectType: string; Roles: string[] }[]).filter((c) => c.ObjectType === 'AUDIT_LOG').flatMap((c) => c.Roles);
    expect(await roleNames()).toContain('Auditors');
    expect((await op('GetRoleUsers', { roleId: auditorsRole }, companyAdmin)).body.Users).toEqual([expect.objectContaining({ Username: 'company.user' })]);
    expect((await op('RemoveRoleUsers', { roleId: auditorsRole, userAccountIds: [ids['company.user']!] }, companyAdmin)).status).toBe(200);
    expect(await roleNames()).not.toContain('Auditors');
    // A company's user cannot hold a reseller's role.
    const resellerRole = (await rowsOf<{ id: number }>(sql`select id from roles where owner_account_id = ${ids['Northwind Cloud']!} limit 1`))[0]!.id;
    expect((await op('AssignRoleUsers', { roleId: resellerRole, userAccountIds: [ids['company.user']!] }, reseller)).status).toBe(400);
  });

  it('knows the administrator role by its mark, not its name: renamed it stays, moved the old one may go', async () => {
    type Role = { RoleId: number; Name: string; IsAdministrator: boolean; CapabilitySetIds: number[] };
    const rolesNow = async () => (await op('GetRoles', { ownerCompanyId: ids['Contoso Ltd'] }, companyAdmin)).body.Roles as Role[];
    const adminRole = (await rolesNow()).find((r) => r.IsAdministrator)!;
    expect(adminRole.Name).toBe('Company administrator');
    const renamed = await op('SaveRole', { ownerCompanyId: ids['Contoso Ltd'], role: { RoleId: adminRole.RoleId, Name: 'Bosses', CapabilitySetIds: adminRole.CapabilitySetIds } }, reseller);
    expect(renamed.status).toBe(200);
    expect((await rolesNow()).filter((r) => r.IsAdministrator).map((r) => r.Name)).toEqual(['Bosses']);
    const kept = await op('DeleteRole', { roleId: adminRole.RoleId }, reseller);
    expect(kept.status).toBe(400);
    expect(kept.body.Message).toMatch(/Bosses/);
    // The mark grants what its role gives: a company's administrator cannot put it on a role giving more than they hold.
    const billers = await op('SaveRole', { ownerCompanyId: ids['Contoso Ltd'], role: { Name: 'Billers', CapabilitySetIds: [billingSet] } }, reseller);
    expect(billers.status).toBe(200);
    const billersRole = billers.body.RoleId as number;
    const beyond = await op('SaveRole', { ownerCompanyId: ids['Contoso Ltd'], role: { RoleId: billersRole, Name: 'Billers', CapabilitySetIds: [billingSet], IsAdministrator: true } }, companyAdmin);
    expect(beyond.status).toBe(403);
    // The mark moves: one role per organisation carries it; the one that lost it may be deleted.
    expect((await op('SaveRole', { ownerCompanyId: ids['Contoso Ltd'], role: { RoleId: auditorsRole, Name: 'Auditors', CapabilitySetIds: [auditorsSet], IsAdministrator: true } }, companyAdmin)).status).toBe(200);
    expect((await rolesNow()).filter((r) => r.IsAdministrator).map((r) => r.Name)).toEqual(['Auditors']);
    expect((await op('DeleteRole', { roleId: billersRole }, companyAdmin)).status).toBe(200);
    expect((await op('DeleteRole', { roleId: auditorsRole }, companyAdmin)).status).toBe(400);
    expect((await op('SaveRole', { ownerCompanyId: ids['Contoso Ltd'], role: { RoleId: adminRole.RoleId, Name: 'Company administrator', CapabilitySetIds: adminRole.CapabilitySetIds, IsAdministrator: true } }, reseller)).status).toBe(200);
    expect((await rolesNow()).filter((r) => r.IsAdministrator).map((r) => r.Name)).toEqual(['Company administrator']);
    const audited = await rowsOf<{ details: { IsAdministrator?: boolean } }>(sql`select details from audit_log where action = 'RoleSaved' and account_id = ${ids['Contoso Ltd']!} order by id`);
    expect(audited.map((a) => a.details.IsAdministrator).filter((v) => v !== undefined)).toEqual([true, true]);
  });

  it('deletes a role and a set', async () => {
    expect((await op('DeleteRole', { roleId: auditorsRole }, otherReseller)).status).toBe(403);
    expect((await op('DeleteRole', { roleId: auditorsRole }, companyAdmin)).status).toBe(200);
    expect((await op('DeleteCapabilitySet', { capabilitySetId: auditorsSet }, companyAdmin)).status).toBe(200);
    const left = (await op('GetCapabilitySets', { ownerCompanyId: ids['Contoso Ltd'] }, companyAdmin)).body.CapabilitySets as { CapabilitySetId: number }[];
    expect(left.some((s) => s.CapabilitySetId === auditorsSet)).toBe(false);
    expect((await op('GetRoles', { ownerCompanyId: ids['Contoso Ltd'] }, companyAdmin)).body.Roles).not.toContainEqual(expect.objectContaining({ RoleId: auditorsRole }));
  });
});
