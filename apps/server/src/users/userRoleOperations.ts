import { and, asc, eq, inArray, notInArray, or } from 'drizzle-orm';
import { okResponseSchema } from '@cmp/contracts/auth';
import { isGrantableBy, requirement, type Capability } from '@cmp/contracts/capabilities';
import { getAssignableRolesRequestSchema, getAssignableRolesResponseSchema, getUserRolesRequestSchema, getUserRolesResponseSchema, setUserRolesRequestSchema, type AssignableRole } from '@cmp/contracts/users';
import { requireAccountInHierarchy } from '../platform/access';
import { auditAccountChange } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import { accounts, roles, userRoles, users } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import { findCompanyAccount, pathIds, type AccountRow } from '../platform/session';
import { capabilitiesOfRoles } from '../auth/roleStore';
import { companyAdministratorRoleId } from './administratorRole';
import { requireUserFor } from './userAccess';

const ROLES_READ = requirement('ROLES', ['Read']);
const ROLES_ASSIGN = requirement('ROLES', ['Execute']);

/**
 * spec §6 "roles … managed per owning company": a user may hold the roles of their organisation
 * (company, reseller or vendor) and of the owners above it of the same kind — a reseller's roles
 * serve its sub-resellers' users as templates, but a reseller's or the platform's administrator
 * role means nothing to a company's or a vendor's user (issue 10) — plus whatever they already hold.
 * Every organisation owns roles of its own from its creation on (organisationRoles.ts).
 */
async function rolesForUser(db: Queryable, userAccount: AccountRow, grantor: readonly Capability[]): Promise<AssignableRole[]> {
  const held = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userAccountId, userAccount.id));
  return rolesUnder(db, userAccount, held.map((h) => h.roleId), grantor);
}

/** The roles of the organisation an account belongs to and of the owners of its kind above it, plus `heldIds`. */
async function rolesUnder(db: Queryable, account: AccountRow, heldIds: number[], grantor: readonly Capability[]): Promise<AssignableRole[]> {
  const company = (await findCompanyAccount(db, account)) ?? account;
  const owners = and(inArray(roles.ownerAccountId, pathIds(company.path)), eq(accounts.type, company.type));
  const rows = await db
    .select({ id: roles.id, name: roles.name, description: roles.description, ownerId: roles.ownerAccountId, ownerName: accounts.displayName })
    .from(roles)
    .innerJoin(accounts, eq(accounts.id, roles.ownerAccountId))
    .where(heldIds.length ? or(owners, inArray(roles.id, heldIds)) : owners)
    .orderBy(asc(roles.name), asc(roles.id));
  const capabilities = await capabilitiesOfRoles(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    RoleId: r.id,
    Name: r.name,
    Description: r.description,
    OwnerAccountId: r.ownerId,
    OwnerDisplayName: r.ownerName,
    IsAssigned: heldIds.includes(r.id),
    IsGrantable: isGrantableBy(capabilities.get(r.id) ?? [], grantor),
  }));
}

const getUserRoles = defineOperation({
  service: 'IAccountService',
  operation: 'GetUserRoles',
  readOnly: true,
  summary: "The roles a user may hold (their company's and those of the owners above it), each marked whether the user holds it.",
  request: getUserRolesRequestSchema,
  response: getUserRolesResponseSchema,
  rule: ROLES_READ,
  async handler(input, { db, caller }) {
    const account = await requireAccountInHierarchy(db, caller, input.userAccountId, ROLES_READ);
    if (account.type !== 'User') throw new ApiError(400, 'field_invalid_value', { field: 'userAccountId', value: String(input.userAccountId) });
    return { UserAccountId: account.id, Roles: await rolesForUser(db, account, caller.capabilities) };
  },
});

const setUserRoles = defineOperation({
  service: 'IAccountService',
  operation: 'SetUserRoles',
  summary: "Sets the roles a user holds (the whole list); the administrator flag follows the company's administrator role. Capability changes apply on the user's next request.",
  request: setUserRolesRequestSchema,
  response: okResponseSchema,
  rule: { all: [ROLES_READ, ROLES_ASSIGN] },
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const { account, user } = await requireUserFor(db, caller, input.userAccountId, ROLES_ASSIGN);
    const available = await rolesForUser(db, account, caller.capabilities);
    const unknown = input.roleIds.find((id) => !available.some((role) => role.RoleId === id));
    if (unknown !== undefined) throw new ApiError(400, 'field_invalid_value', { field: 'roleIds', value: String(unknown) });
    const before = available.filter((role) => role.IsAssigned);
    // No escalation: a role the user does not hold yet is only given by someone holding all it gives.
    const beyondCaller = available.find((role) => input.roleIds.includes(role.RoleId) && !role.IsAssigned && !role.IsGrantable);
    if (beyondCaller) throw new ApiError(403, 'role_not_grantable', { role: beyondCaller.Name });
    if (before.length === input.roleIds.length && before.every((role) => input.roleIds.includes(role.RoleId))) return { Success: true };
    const nameOf = (id: number) => available.find((role) => role.RoleId === id)!.Name;
    const adminRoleId = await companyAdministratorRoleId(db, account);
    await db.transaction(async (tx) => {
      const kept = input.roleIds.length ? notInArray(userRoles.roleId, input.roleIds) : undefined;
      await tx.delete(userRoles).where(and(eq(userRoles.userAccountId, account.id), kept));
      if (input.roleIds.length) await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userAccountId: account.id, roleId }))).onConflictDoNothing();
      if (adminRoleId !== undefined) await tx.update(users).set({ isAdmin: input.roleIds.includes(adminRoleId) }).where(eq(users.accountId, account.id));
      const details = { Username: user.username, Before: before.map((role) => role.Name), After: input.roleIds.map(nameOf).sort() };
      await auditAccountChange(tx, ctx, 'UserRolesChanged', account, details);
    });
    return { Success: true };
  },
});

const getAssignableRoles = defineOperation({
  service: 'IAccountService',
  operation: 'GetAssignableRoles',
  readOnly: true,
  summary: 'The roles a new user under this account may be given at creation (then SetUserRoles), each marked whether the caller may give it.',
  request: getAssignableRolesRequestSchema,
  response: getAssignableRolesResponseSchema,
  rule: ROLES_READ,
  async handler(input, { db, caller }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId, ROLES_READ);
    return { AccountId: account.id, Roles: await rolesUnder(db, account, [], caller.capabilities) };
  },
});

export const userRoleOperations = [getUserRoles, setUserRoles, getAssignableRoles];
