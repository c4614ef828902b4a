import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { okResponseSchema } from '@cmp/contracts/auth';
import { isGrantableBy, requirement, type Capability, type CapabilityFlag } from '@cmp/contracts/capabilities';
import {
  deleteCapabilitySetRequestSchema,
  deleteRoleRequestSchema,
  roleUsersRequestSchema,
  saveCapabilitySetRequestSchema,
  saveCapabilitySetResponseSchema,
  saveRoleRequestSchema,
  saveRoleResponseSchema,
} from '@cmp/contracts/roles';
import { requireAccountInHierarchy } from '../platform/access';
import { auditAccountChange } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import { accounts, capabilitySetItems, capabilitySets, roleCapabilitySets, roles, userRoles, users } from '../platform/db/schema';
import { accessDenied, ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import { findCompanyAccount, pathIds, type CallerSession } from '../platform/session';
import { capabilitiesOfRoles } from '../auth/roleStore';
import { requireUserFor } from '../users/userAccess';
import { ROLES_READ, requireOrganisation, toCapability } from './roleOperations';

// Roles and capability sets, the write side (issue 17; spec §3, §6). No escalation: nobody creates or
// widens a set or a role beyond the capabilities they hold themselves — the rule SetUserRoles applies
// to handing roles out holds for editing them too; narrowing is always allowed. Capability changes
// reach the holders' open pages through the live channel's triggers and apply from the next request.

const ROLES_CREATE = requirement('ROLES', ['Create']);
const ROLES_DELETE = requirement('ROLES', ['Delete']);
const ROLES_ASSIGN = requirement('ROLES', ['Execute']);
const FLAGS: CapabilityFlag[] = ['Read', 'Create', 'Execute', 'Delete'];

/** Whether `after` gives nothing beyond what the caller holds, counting what `before` already gave as not widened. */
function isWithinCaller(after: readonly Capability[], before: readonly Capability[], caller: CallerSession): boolean {
  return after.every((c) => {
    if (isGrantableBy([c], caller.capabilities)) return true;
    const old = before.find((o) => o.ObjectType === c.ObjectType && (o.Value ?? null) === (c.Value ?? null));
    return old !== undefined && FLAGS.every((flag) => !c[flag] || old[flag]);
  });
}

const capabilityList = (list: readonly Capability[]) => list.map((c) => `${c.ObjectType}:${FLAGS.filter((f) => c[f]).map((f) => f[0]).join('')}${c.Value ? `:${c.Value}` : ''}`).sort();

async function setCapabilities(db: Queryable, setId: number): Promise<Capability[]> {
  return (await db.select().from(capabilitySetItems).where(eq(capabilitySetItems.capabilitySetId, setId))).map(toCapability);
}

const saveCapabilitySet = defineOperation({
  service: 'IAccountService',
  operation: 'SaveCapabilitySet',
  summary: 'Creates (no CapabilitySetId) or replaces a capability set of an organisation: name, template flag and capabilities. Nothing may be given beyond what the caller holds (narrowing is always allowed).',
  request: saveCapabilitySetRequestSchema,
  response: saveCapabilitySetResponseSchema,
  rule: { all: [ROLES_READ, ROLES_CREATE] },
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const owner = await requireOrganisation(db, caller, input.ownerCompanyId, ROLES_CREATE);
    const set = input.capabilitySet;
    return db.transaction(async (tx) => {
      const setId = set.CapabilitySetId ?? null;
      const [existing] = setId === null ? [] : await tx.select().from(capabilitySets).where(and(eq(capabilitySets.id, setId), eq(capabilitySets.ownerAccountId, owner.id))).limit(1);
      if (setId !== null && !existing) throw accessDenied();
      const before = existing ? await setCapabilities(tx, existing.id) : [];
      if (!isWithinCaller(set.Capabilities, before, caller)) throw new ApiError(403, 'capabilities_beyond_caller', { name: set.Name });
      const [clash] = await tx
        .select({ id: capabilitySets.id })
        .from(capabilitySets)
        .where(and(eq(capabilitySets.ownerAccountId, owner.id), eq(capabilitySets.name, set.Name), existing ? ne(capabilitySets.id, existing.id) : undefined))
        .limit(1);
      if (clash) throw new ApiError(400, 'field_invalid_value', { field: 'capabilitySet.Name', value: set.Name });
      let id = existing?.id;
      if (existing) {
        await tx.update(capabilitySets).set({ name: set.Name, isTemplate: set.IsTemplate }).where(eq(capabilitySets.id, existing.id));
        await tx.delete(capabilitySetItems).where(eq(capabilitySetItems.capabilitySetId, existing.id));
      } else {
        id = (await tx.insert(capabilitySets).values({ ownerAccountId: owner.id, name: set.Name, isTemplate: set.IsTemplate }).returning({ id: capabilitySets.id }))[0]!.id;
      }
      if (set.Capabilities.length) {
        await tx.insert(capabilitySetItems).values(
          set.Capabilities.map((c) => ({ capabilitySetId: id!, objectType: c.ObjectType, canRead: c.Read, canCreate: c.Create, canExecute: c.Execute, canDelete: c.Delete, value: c.Value })),
        );
      }
      await auditAccountChange(tx, ctx, 'CapabilitySetSaved', owner, { Name: set.Name, IsTemplate: set.IsTemplate, Before: capabilityList(before), After: capabilityList(set.Capabilities) });
      return { CapabilitySetId: id! };
    });
  },
});

const deleteCapabilitySet = defineOperation({
  service: 'IAccountService',
  operation: 'DeleteCapabilitySet',
  summary: 'Deletes a capability set of an organisation in the caller’s hierarchy; the roles holding it no longer give its capabilities.',
  request: deleteCapabilitySetRequestSchema,
  response: okResponseSchema,
  rule: { all: [ROLES_READ, ROLES_DELETE] },
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const [set] = await db.select().from(capabilitySets).where(eq(capabilitySets.id, input.capabilitySetId)).limit(1);
    if (!set) throw accessDenied();
    const owner = await requireAccountInHierarchy(db, caller, set.ownerAccountId, ROLES_DELETE);
    await db.transaction(async (tx) => {
      await tx.delete(capabilitySets).where(eq(capabilitySets.id, set.id));
      await auditAccountChange(tx, ctx, 'CapabilitySetDeleted', owner, { Name: set.name });
    });
    return { Success: true };
  },
});

const saveRole = defineOperation({
  service: 'IAccountService',
  operation: 'SaveRole',
  summary: 'Creates (no RoleId) or changes a role of an organisation: name, description and the organisation’s capability sets it holds. A set the role did not hold may only be added by someone holding all it gives; IsAdministrator moves the organisation’s administrator mark to the role (the role its administrator flag grants from then on).',
  request: saveRoleRequestSchema,
  response: saveRoleResponseSchema,
  rule: { all: [ROLES_READ, ROLES_CREATE] },
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const owner = await requireOrganisation(db, caller, input.ownerCompanyId, ROLES_CREATE);
    const role = input.role;
    return db.transaction(async (tx) => {
      const roleId = role.RoleId ?? null;
      const [existing] = roleId === null ? [] : await tx.select().from(roles).where(and(eq(roles.id, roleId), eq(roles.ownerAccountId, owner.id))).limit(1);
      if (roleId !== null && !existing) throw accessDenied();
      const owned = role.CapabilitySetIds.length
        ? await tx.select().from(capabilitySets).where(and(inArray(capabilitySets.id, role.CapabilitySetIds), eq(capabilitySets.ownerAccountId, owner.id)))
        : [];
      const foreign = role.CapabilitySetIds.find((id) => !owned.some((s) => s.id === id));
      if (foreign !== undefined) throw new ApiError(400, 'field_invalid_value', { field: 'role.CapabilitySetIds', value: String(foreign) });
      const held = existing ? (await tx.select().from(roleCapabilitySets).where(eq(roleCapabilitySets.roleId, existing.id))).map((r) => r.capabilitySetId) : [];
      for (const set of owned.filter((s) => !held.includes(s.id))) {
        if (!isGrantableBy(await setCapabilities(tx, set.id), caller.capabilities)) throw new ApiError(403, 'capabilities_beyond_caller', { name: role.Name });
      }
      const [clash] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.ownerAccountId, owner.id), eq(roles.name, role.Name), existing ? ne(roles.id, existing.id) : undefined))
        .limit(1);
      if (clash) throw new ApiError(400, 'field_invalid_value', { field: 'role.Name', value: role.Name });
      // The administrator mark (users/administratorRole.ts): users flagged administrator get this role,
      // so only someone holding all it gives may put the mark on it; it moves, one role per organisation.
      const wasAdministrator = existing?.isAdministrator ?? false;
      const isAdministrator = role.IsAdministrator ?? wasAdministrator;
      if (isAdministrator && !wasAdministrator) {
        const gives = (await Promise.all(owned.map((s) => setCapabilities(tx, s.id)))).flat();
        if (!isGrantableBy(gives, caller.capabilities)) throw new ApiError(403, 'capabilities_beyond_caller', { name: role.Name });
        await tx.update(roles).set({ isAdministrator: false }).where(and(eq(roles.ownerAccountId, owner.id), eq(roles.isAdministrator, true)));
      }
      let id = existing?.id;
      if (existing) {
        await tx.update(roles).set({ name: role.Name, description: role.Description, isAdministrator }).where(eq(roles.id, existing.id));
        await tx.delete(roleCapabilitySets).where(eq(roleCapabilitySets.roleId, existing.id));
      } else {
        id = (await tx.insert(roles).values({ ownerAccountId: owner.id, name: role.Name, description: role.Description, isAdministrator }).returning({ id: roles.id }))[0]!.id;
      }
      if (owned.length) await tx.insert(roleCapabilitySets).values(owned.map((s) => ({ roleId: id!, capabilitySetId: s.id })));
      const nameOf = async (ids: number[]) =>
        ids.length ? (await tx.select({ name: capabilitySets.name }).from(capabilitySets).where(inArray(capabilitySets.id, ids)).orderBy(asc(capabilitySets.name))).map((r) => r.name) : [];
      await auditAccountChange(tx, ctx, 'RoleSaved', owner, {
        Name: role.Name,
        Before: await nameOf(held),
        After: owned.map((s) => s.name).sort(),
        ...(isAdministrator !== wasAdministrator ? { IsAdministrator: isAdministrator } : {}),
      });
      return { RoleId: id! };
    });
  },
});

/** The role and its owner, inside the caller's hierarchy for `req`. */
async function requireRole(db: Queryable, caller: CallerSession, roleId: number, req: typeof ROLES_DELETE) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId)).limit(1);
  if (!role) throw accessDenied();
  const owner = await requireAccountInHierarchy(db, caller, role.ownerAccountId, req);
  return { role, owner };
}

const deleteRole = defineOperation({
  service: 'IAccountService',
  operation: 'DeleteRole',
  summary: 'Deletes a role of an organisation in the caller’s hierarchy; its holders lose what it gave (the portal asks first, naming how many hold it). An organisation’s administrator role stays until another role carries the mark.',
  request: deleteRoleRequestSchema,
  response: okResponseSchema,
  rule: { all: [ROLES_READ, ROLES_DELETE] },
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const { role, owner } = await requireRole(db, caller, input.roleId, ROLES_DELETE);
    if (role.isAdministrator) throw new ApiError(400, 'administrator_role_kept', { role: role.name });
    await db.transaction(async (tx) => {
      const holders = await tx.select({ id: userRoles.userAccountId }).from(userRoles).where(eq(userRoles.roleId, role.id));
      await tx.delete(roles).where(eq(roles.id, role.id));
      await auditAccountChange(tx, ctx, 'RoleDeleted', owner, { Name: role.name, Holders: holders.length });
    });
    return { Success: true };
  },
});

/** The users, each in the caller's hierarchy and of an organisation that may hold the role (its own or one below of the same kind). */
async function requireHolders(db: Queryable, caller: CallerSession, role: typeof roles.$inferSelect, owner: { type: string }, userIds: number[]) {
  const found = [];
  for (const id of userIds) {
    const { account, user } = await requireUserFor(db, caller, id, ROLES_ASSIGN);
    const organisation = (await findCompanyAccount(db, account)) ?? account;
    const mayHold = pathIds(organisation.path).includes(role.ownerAccountId) && (organisation.type === owner.type || organisation.id === role.ownerAccountId);
    if (!mayHold) throw new ApiError(400, 'field_invalid_value', { field: 'userAccountIds', value: String(id) });
    found.push({ account, user });
  }
  return found;
}

function roleUsersOperation(operation: 'AssignRoleUsers' | 'RemoveRoleUsers') {
  const assigning = operation === 'AssignRoleUsers';
  return defineOperation({
    service: 'IAccountService',
    operation,
    summary: assigning
      ? 'Gives a role to users of the caller’s hierarchy who may hold it; only someone holding all the role gives may hand it out.'
      : 'Takes a role from users of the caller’s hierarchy.',
    request: roleUsersRequestSchema,
    response: okResponseSchema,
    rule: { all: [ROLES_READ, ROLES_ASSIGN] },
    async handler(input, ctx) {
      const { db, caller } = ctx;
      const { role } = await requireRole(db, caller, input.roleId, ROLES_ASSIGN);
      const [owner] = await db.select({ type: accounts.type }).from(accounts).where(eq(accounts.id, role.ownerAccountId)).limit(1);
      if (assigning && !isGrantableBy((await capabilitiesOfRoles(db, [role.id])).get(role.id) ?? [], caller.capabilities)) {
        throw new ApiError(403, 'role_not_grantable', { role: role.name });
      }
      const holders = await requireHolders(db, caller, role, owner!, input.userAccountIds);
      const isAdministratorRole = role.isAdministrator;
      await db.transaction(async (tx) => {
        for (const { account, user } of holders) {
          const namesOf = async () =>
            (await tx.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userAccountId, account.id)).orderBy(asc(roles.name))).map((r) => r.name);
          const before = await namesOf();
          if (assigning) await tx.insert(userRoles).values({ userAccountId: account.id, roleId: role.id }).onConflictDoNothing();
          else await tx.delete(userRoles).where(and(eq(userRoles.userAccountId, account.id), eq(userRoles.roleId, role.id)));
          // The administrator flag follows the organisation's administrator role (SetUserRoles does the same).
          if (isAdministratorRole && role.ownerAccountId === ((await findCompanyAccount(tx, account)) ?? account).id) {
            await tx.update(users).set({ isAdmin: assigning }).where(eq(users.accountId, account.id));
          }
          const after = await namesOf();
          if (before.join('\n') !== after.join('\n')) await auditAccountChange(tx, ctx, 'UserRolesChanged', account, { Username: user.username, Before: before, After: after });
        }
      });
      return { Success: true };
    },
  });
}

export const roleChangeOperations = [saveCapabilitySet, deleteCapabilitySet, saveRole, deleteRole, roleUsersOperation('AssignRoleUsers'), roleUsersOperation('RemoveRoleUsers')];
