import { and, asc, count, eq, inArray, like } from 'drizzle-orm';
import { requirement, type Capability, type CapabilityObjectType, type CapabilityRequirement, type CapabilityValue } from '@cmp/contracts/capabilities';
import {
  getCapabilitySetsRequestSchema,
  getCapabilitySetsResponseSchema,
  getEffectiveCapabilitiesRequestSchema,
  getEffectiveCapabilitiesResponseSchema,
  getRoleUsersRequestSchema,
  getRoleUsersResponseSchema,
  getRolesRequestSchema,
  getRolesResponseSchema,
} from '@cmp/contracts/roles';
import { callerScopePath, requireAccountInHierarchy } from '../platform/access';
import type { Queryable } from '../platform/db/database';
import { escapeLike } from '../platform/db/likePattern';
import { accessDenied, ApiError } from '../platform/errors';
import { accounts, capabilitySetItems, capabilitySets, roleCapabilitySets, roles, userRoles, users } from '../platform/db/schema';
import { defineOperation } from '../platform/operations';
import { pathIds, type AccountRow, type CallerSession } from '../platform/session';

// Roles and capability sets per owning organisation, the read side (issue 17; spec §3, §6): what an
// organisation owns, who holds a role, and what a user can do in the end. Every answer stays inside
// the caller's hierarchy: an owner above it, and the users of another branch, are never shown.

export const ROLES_READ = requirement('ROLES', ['Read']);
/** The accounts that own roles and capability sets. */
const ORGANISATIONS = new Set(['Company', 'Reseller', 'Vendor']);

/** The organisation that owns roles and sets, inside the caller's hierarchy for `req`. */
export async function requireOrganisation(db: Queryable, caller: CallerSession, ownerCompanyId: number, req: CapabilityRequirement = ROLES_READ): Promise<AccountRow> {
  const owner = await requireAccountInHierarchy(db, caller, ownerCompanyId, req);
  // The platform owner is the root account, whatever its type.
  if (!ORGANISATIONS.has(owner.type) && owner.parentId !== null) throw new ApiError(400, 'field_invalid_value', { field: 'ownerCompanyId', value: String(ownerCompanyId) });
  return owner;
}

/** The users holding each role, counted inside the caller's hierarchy. */
async function holdersInScope(db: Queryable, caller: CallerSession, roleIds: number[]): Promise<Map<number, number>> {
  if (!roleIds.length) return new Map();
  const scope = `${escapeLike(await callerScopePath(db, caller, ROLES_READ))}%`;
  const rows = await db
    .select({ roleId: userRoles.roleId, n: count() })
    .from(userRoles)
    .innerJoin(accounts, eq(accounts.id, userRoles.userAccountId))
    .where(and(inArray(userRoles.roleId, roleIds), like(accounts.path, scope)))
    .groupBy(userRoles.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
}

export const toCapability = (item: typeof capabilitySetItems.$inferSelect): Capability => ({
  ObjectType: item.objectType as CapabilityObjectType,
  Read: item.canRead,
  Create: item.canCreate,
  Execute: item.canExecute,
  Delete: item.canDelete,
  Value: (item.value as CapabilityValue | null) ?? null,
});

const getRoles = defineOperation({
  service: 'IAccountService',
  operation: 'GetRoles',
  readOnly: true,
  summary: 'The roles an organisation (company, reseller, vendor or the platform owner) owns: name, description, the capability sets each holds and how many users of the caller’s hierarchy hold it.',
  request: getRolesRequestSchema,
  response: getRolesResponseSchema,
  rule: ROLES_READ,
  async handler(input, { db, caller }) {
    const owner = await requireOrganisation(db, caller, input.ownerCompanyId);
    const rows = await db.select().from(roles).where(eq(roles.ownerAccountId, owner.id)).orderBy(asc(roles.name), asc(roles.id));
    const ids = rows.map((r) => r.id);
    const sets = ids.length ? await db.select().from(roleCapabilitySets).where(inArray(roleCapabilitySets.roleId, ids)) : [];
    const holders = await holdersInScope(db, caller, ids);
    return {
      OwnerCompanyId: owner.id,
      Roles: rows.map((r) => ({
        RoleId: r.id,
        Name: r.name,
        Description: r.description,
        OwnerAccountId: r.ownerAccountId,
        CapabilitySetIds: sets.filter((s) => s.roleId === r.id).map((s) => s.capabilitySetId).sort((a, b) => a - b),
        UserCount: holders.get(r.id) ?? 0,
        IsAdministrator: r.isAdministrator,
      })),
    };
  },
});

const getCapabilitySets = defineOperation({
  service: 'IAccountService',
  operation: 'GetCapabilitySets',
  readOnly: true,
  summary: 'The capability sets an organisation owns, with their capabilities, and the template sets of the owners above it inside the caller’s hierarchy, offered to copy (IsOwn false).',
  request: getCapabilitySetsRequestSchema,
  response: getCapabilitySetsResponseSchema,
  rule: ROLES_READ,
  async handler(input, { db, caller }) {
    const owner = await requireOrganisation(db, caller, input.ownerCompanyId);
    // Owners above: only those inside the caller's own hierarchy (a company never sees its reseller's sets).
    const scopeRoot = pathIds(await callerScopePath(db, caller, ROLES_READ)).at(-1);
    const ownerPath = pathIds(owner.path);
    const rootAt = scopeRoot === undefined ? -1 : ownerPath.indexOf(scopeRoot);
    const above = rootAt < 0 ? [] : ownerPath.slice(rootAt).filter((id) => id !== owner.id);
    const rows = await db
      .select({ set: capabilitySets, ownerName: accounts.displayName })
      .from(capabilitySets)
      .innerJoin(accounts, eq(accounts.id, capabilitySets.ownerAccountId))
      .where(inArray(capabilitySets.ownerAccountId, [owner.id, ...above]))
      .orderBy(asc(capabilitySets.name), asc(capabilitySets.id));
    const shown = rows.filter((r) => r.set.ownerAccountId === owner.id || r.set.isTemplate);
    const ids = shown.map((r) => r.set.id);
    const items = ids.length ? await db.select().from(capabilitySetItems).where(inArray(capabilitySetItems.capabilitySetId, ids)).orderBy(asc(capabilitySetItems.objectType)) : [];
    return {
      OwnerCompanyId: owner.id,
      CapabilitySets: shown.map(({ set, ownerName }) => ({
        CapabilitySetId: set.id,
        Name: set.name,
        IsTemplate: set.isTemplate,
        OwnerAccountId: set.ownerAccountId,
        OwnerDisplayName: ownerName,
        IsOwn: set.ownerAccountId === owner.id,
        Capabilities: items.filter((i) => i.capabilitySetId === set.id).map(toCapability),
      })),
    };
  },
});

const getRoleUsers = defineOperation({
  service: 'IAccountService',
  operation: 'GetRoleUsers',
  readOnly: true,
  summary: 'The users of the caller’s hierarchy holding a role (the role’s owner must lie in the hierarchy).',
  request: getRoleUsersRequestSchema,
  response: getRoleUsersResponseSchema,
  rule: ROLES_READ,
  async handler(input, { db, caller }) {
    const [role] = await db.select().from(roles).where(eq(roles.id, input.roleId)).limit(1);
    // An unknown role and one of another hierarchy answer alike.
    if (!role) throw accessDenied();
    await requireAccountInHierarchy(db, caller, role.ownerAccountId, ROLES_READ);
    const scope = `${escapeLike(await callerScopePath(db, caller, ROLES_READ))}%`;
    const rows = await db
      .select({ id: accounts.id, username: users.username, name: accounts.displayName })
      .from(userRoles)
      .innerJoin(accounts, eq(accounts.id, userRoles.userAccountId))
      .innerJoin(users, eq(users.accountId, userRoles.userAccountId))
      .where(and(eq(userRoles.roleId, role.id), like(accounts.path, scope)))
      .orderBy(asc(accounts.displayName), asc(accounts.id));
    return { RoleId: role.id, Users: rows.map((r) => ({ UserAccountId: r.id, Username: r.username, DisplayName: r.name })) };
  },
});

const getEffectiveCapabilities = defineOperation({
  service: 'IAccountService',
  operation: 'GetEffectiveCapabilities',
  readOnly: true,
  summary: 'What a user can do in the end: each capability their roles give, with the roles it comes from.',
  request: getEffectiveCapabilitiesRequestSchema,
  response: getEffectiveCapabilitiesResponseSchema,
  rule: ROLES_READ,
  async handler(input, { db, caller }) {
    const account = await requireAccountInHierarchy(db, caller, input.userAccountId, ROLES_READ);
    if (account.type !== 'User') throw new ApiError(400, 'field_invalid_value', { field: 'userAccountId', value: String(input.userAccountId) });
    const rows = await db
      .select({ roleName: roles.name, item: capabilitySetItems })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(roleCapabilitySets, eq(roleCapabilitySets.roleId, userRoles.roleId))
      .innerJoin(capabilitySetItems, eq(capabilitySetItems.capabilitySetId, roleCapabilitySets.capabilitySetId))
      .where(eq(userRoles.userAccountId, account.id))
      .orderBy(asc(capabilitySetItems.objectType), asc(roles.name));
    const byCapability = new Map<string, Capability & { Roles: string[] }>();
    for (const { roleName, item } of rows) {
      const capability = toCapability(item);
      const key = JSON.stringify([capability.ObjectType, capability.Read, capability.Create, capability.Execute, capability.Delete, capability.Value]);
      const entry = byCapability.get(key) ?? { ...capability, Roles: [] };
      if (!entry.Roles.includes(roleName)) entry.Roles.push(roleName);
      byCapability.set(key, entry);
    }
    return { UserAccountId: account.id, Capabilities: [...byCapability.values()] };
  },
});

export const roleOperations = [getRoles, getCapabilitySets, getRoleUsers, getEffectiveCapabilities];
