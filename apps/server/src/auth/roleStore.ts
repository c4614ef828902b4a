import { eq, inArray, sql } from 'drizzle-orm';
import type { Capability, CapabilityObjectType, CapabilityValue } from '@cmp/contracts/capabilities';
import type { Queryable } from '../platform/db/database';
import { capabilitySetItems, roleCapabilitySets, userRoles } from '../platform/db/schema';

/** Creates a role of an owner with one capability set holding `capabilities`. */
export async function insertRoleWithCapabilities(
  db: Queryable,
  ownerAccountId: number,
  name: string,
  capabilities: Capability[],
  options: { isTemplate?: boolean; description?: string; isAdministrator?: boolean } = {},
): Promise<number> {
  const ids = await insertRolesWithCapabilities(db, [{ ownerAccountId, name, capabilities, ...options }]);
  return ids.get(`${ownerAccountId} ${name}`)!;
}

/** One role to create with a capability set of its own holding `capabilities`. */
export interface NewRole {
  ownerAccountId: number;
  name: string;
  capabilities: Capability[];
  isTemplate?: boolean;
  description?: string;
  isAdministrator?: boolean;
}

/**
 * Creates many roles, each with its own capability set, in one statement (an import's new
 * companies get their starting roles this way: a statement costs about half a millisecond on PGlite
 * whatever it does). Answers the role ids by owner and name.
 */
export async function insertRolesWithCapabilities(db: Queryable, newRoles: NewRole[]): Promise<Map<string, number>> {
  if (newRoles.length === 0) return new Map();
  const input = newRoles.map((r) => ({
    owner: r.ownerAccountId,
    name: r.name,
    is_template: r.isTemplate ?? false,
    description: r.description ?? '',
    is_admin: r.isAdministrator ?? false,
    items: r.capabilities.map((c) => ({ object_type: c.ObjectType, can_read: c.Read, can_create: c.Create, can_execute: c.Execute, can_delete: c.Delete, value: c.Value ?? null })),
  }));
  const result = (await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(owner int, name text, is_template boolean, description text, is_admin boolean, items jsonb)
    ), sets as (
      insert into capability_sets (owner_account_id, name, is_template) select owner, name, is_template from input
      returning id, owner_account_id, name
    ), items as (
      insert into capability_set_items (capability_set_id, object_type, can_read, can_create, can_execute, can_delete, value)
      select sets.id, item.object_type, item.can_read, item.can_create, item.can_execute, item.can_delete, item.value
        from sets join input on input.owner = sets.owner_account_id and input.name = sets.name,
             jsonb_to_recordset(input.items) as item(object_type text, can_read boolean, can_create boolean, can_execute boolean, can_delete boolean, value text)
    ), created as (
      insert into roles (owner_account_id, name, description, is_administrator) select owner, name, description, is_admin from input
      returning id, owner_account_id, name
    ), links as (
      insert into role_capability_sets (role_id, capability_set_id) select created.id, sets.id from created join sets using (owner_account_id, name)
    )
    -- Every data-modifying part runs, whether or not the answer reads it.
    select id as role_id, owner_account_id as owner, name from created`)) as unknown as {
    rows: { role_id: number; owner: number; name: string }[];
  };
  return new Map(result.rows.map((row) => [`${row.owner} ${row.name}`, Number(row.role_id)]));
}

export async function assignRole(db: Queryable, userAccountId: number, roleId: number): Promise<void> {
  await db.insert(userRoles).values({ userAccountId, roleId }).onConflictDoNothing();
}

/** The capabilities each role gives, through its capability sets. */
export async function capabilitiesOfRoles(db: Queryable, roleIds: number[]): Promise<Map<number, Capability[]>> {
  const byRole = new Map<number, Capability[]>(roleIds.map((id) => [id, []]));
  if (!roleIds.length) return byRole;
  const rows = await db
    .select({ roleId: roleCapabilitySets.roleId, item: capabilitySetItems })
    .from(roleCapabilitySets)
    .innerJoin(capabilitySetItems, eq(capabilitySetItems.capabilitySetId, roleCapabilitySets.capabilitySetId))
    .where(inArray(roleCapabilitySets.roleId, roleIds));
  for (const { roleId, item } of rows) {
    byRole.get(roleId)!.push({
      ObjectType: item.objectType as CapabilityObjectType,
      Read: item.canRead,
      Create: item.canCreate,
      Execute: item.canExecute,
      Delete: item.canDelete,
      Value: (item.value as CapabilityValue | null) ?? null,
    });
  }
  return byRole;
}
