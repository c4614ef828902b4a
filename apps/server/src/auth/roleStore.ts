import { eq, inArray } from 'drizzle-orm';
import type { Capability, CapabilityObjectType, CapabilityValue } from '@cmp/contracts/capabilities';
import type { Queryable } from '../platform/db/database';
import { capabilitySetItems, capabilitySets, roleCapabilitySets, roles, userRoles } from '../platform/db/schema';

/** Creates a role of an owner with one capability set holding `capabilities`. */
export async function insertRoleWithCapabilities(
  db: Queryable,
  ownerAccountId: number,
  name: string,
  capabilities: Capability[],
  options: { isTemplate?: boolean; description?: string; isAdministrator?: boolean } = {},
): Promise<number> {
  const [set] = await db.insert(capabilitySets).values({ ownerAccountId, name, isTemplate: options.isTemplate ?? false }).returning({ id: capabilitySets.id });
  if (capabilities.length) {
    await db.insert(capabilitySetItems).values(
      capabilities.map((c) => ({
        capabilitySetId: set!.id,
        objectType: c.ObjectType,
        canRead: c.Read,
        canCreate: c.Create,
        canExecute: c.Execute,
        canDelete: c.Delete,
        value: c.Value,
      })),
    );
  }
  const [role] = await db.insert(roles).values({ ownerAccountId, name, description: options.description ?? '', isAdministrator: options.isAdministrator ?? false }).returning({ id: roles.id });
  await db.insert(roleCapabilitySets).values({ roleId: role!.id, capabilitySetId: set!.id });
  return role!.id;
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
