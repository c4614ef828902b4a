import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { deleteServiceGroupRequestSchema, getServiceGroupsRequestSchema, getServiceGroupsResponseSchema, saveServiceGroupRequestSchema, serviceGroupSchema, type ServiceGroup } from '@cmp/contracts/catalog';
import { auditAccountChange } from '../platform/audit';
import { requireAccountInHierarchy } from '../platform/access';
import type { Queryable } from '../platform/db/database';
import { accounts, pricelists, pricingRules, products, serviceGroupServices, serviceGroups } from '../platform/db/schema';
import { accessDenied, ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import type { CapabilityRequirement } from '@cmp/contracts/capabilities';
import type { CallerSession } from '../platform/session';
import { GROUPS_CREATE, GROUPS_DELETE, GROUPS_READ, MY_SERVICES_READ, localName, requireServiceOwner } from './serviceAccess';

// The service tool (issue 13, spec §2 /service-tool/edit-service-groups): a reseller's groups of
// services, a scope of its pricing rules. A group a rule's scope names cannot be deleted.

type GroupRow = typeof serviceGroups.$inferSelect;

/** The rules whose scope names one of the groups, by group id. */
async function rulesUsing(db: Queryable, groupIds: number[]) {
  const rows = await db
    .select({ id: pricingRules.id, name: pricingRules.name, scopeIds: pricingRules.scopeIds, pricelistId: pricelists.id, pricelistName: pricelists.name })
    .from(pricingRules)
    .innerJoin(pricelists, eq(pricelists.id, pricingRules.pricelistId))
    .where(eq(pricingRules.scopeKind, 'ServiceGroups'))
    .orderBy(asc(pricelists.name), asc(pricingRules.priority));
  const byGroup = new Map<number, ServiceGroup['UsedByRules']>(groupIds.map((id) => [id, []]));
  for (const row of rows) {
    for (const id of row.scopeIds) byGroup.get(id)?.push({ PricingRuleId: row.id, RuleName: row.name, MarketplaceId: row.pricelistId, MarketplaceName: row.pricelistName });
  }
  return byGroup;
}

async function groupsOf(db: Queryable, groups: GroupRow[], locale: string): Promise<ServiceGroup[]> {
  if (!groups.length) return [];
  const ids = groups.map((group) => group.id);
  const members = await db
    .select({ groupId: serviceGroupServices.serviceGroupId, product: products, vendorName: accounts.displayName })
    .from(serviceGroupServices)
    .innerJoin(products, eq(products.name, serviceGroupServices.productName))
    .leftJoin(accounts, eq(accounts.id, products.vendorAccountId))
    .where(inArray(serviceGroupServices.serviceGroupId, ids));
  const rules = await rulesUsing(db, ids);
  return groups.map((group) => ({
    ServiceGroupId: group.id,
    Name: group.name,
    Services: members
      .filter((member) => member.groupId === group.id)
      .map((member) => ({ ServiceName: member.product.name, DisplayName: localName(member.product, locale), VendorName: member.vendorName }))
      .sort((a, b) => a.DisplayName.localeCompare(b.DisplayName)),
    UsedByRules: rules.get(group.id) ?? [],
  }));
}

/** A group whose owner lies in the caller's hierarchy (and is the owner named, when one is). */
async function requireGroup(db: Queryable, caller: CallerSession, serviceGroupId: number, req: CapabilityRequirement, ownerAccountId?: number) {
  const [group] = await db.select().from(serviceGroups).where(eq(serviceGroups.id, serviceGroupId)).limit(1);
  if (!group || (ownerAccountId !== undefined && group.ownerAccountId !== ownerAccountId)) throw accessDenied();
  const owner = await requireAccountInHierarchy(db, caller, group.ownerAccountId, req);
  return { group, owner };
}

const groupsRead = { objectType: 'SERVICE_TOOL_GROUPS', flags: ['Read'] } as const satisfies CapabilityRequirement;

const getServiceGroups = defineOperation({
  service: 'IServiceManagementService',
  operation: 'GetServiceGroups',
  readOnly: true,
  summary: "A reseller's service groups (ownerAccountId, by default the caller's organisation) by name, with their services and the pricing rules whose scope names them.",
  request: getServiceGroupsRequestSchema,
  response: getServiceGroupsResponseSchema,
  rule: GROUPS_READ,
  async handler(input, { db, caller, locale }) {
    const owner = await requireServiceOwner(db, caller, input.ownerAccountId, MY_SERVICES_READ, ['Reseller']);
    const rows = await db.select().from(serviceGroups).where(eq(serviceGroups.ownerAccountId, owner.id)).orderBy(sql`lower(${serviceGroups.name})`, asc(serviceGroups.id));
    return { OwnerAccountId: owner.id, ServiceGroups: await groupsOf(db, rows, locale) };
  },
});

const saveServiceGroup = defineOperation({
  service: 'IServiceManagementService',
  operation: 'SaveServiceGroup',
  summary:
    "Creates (without serviceGroupId) or renames and changes a reseller's service group: serviceGroup {Name, ServiceNames} — the names of active services, the group's whole membership. A name the owner already uses answers 409. Audited as ServiceGroupSaved.",
  request: saveServiceGroupRequestSchema,
  response: serviceGroupSchema,
  rule: GROUPS_CREATE,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const owner =
      input.serviceGroupId === undefined || input.ownerAccountId !== undefined
        ? await requireServiceOwner(db, caller, input.ownerAccountId, MY_SERVICES_READ, ['Reseller'])
        : undefined;
    const existing = input.serviceGroupId !== undefined ? await requireGroup(db, caller, input.serviceGroupId, groupsRead, owner?.id) : undefined;
    const groupOwner = existing?.owner ?? owner!;
    if (groupOwner.type !== 'Reseller') throw accessDenied();
    const wanted = [...new Set(input.serviceGroup.ServiceNames)];
    return db.transaction(async (tx) => {
      const found = wanted.length ? await tx.select({ name: products.name }).from(products).where(and(inArray(products.name, wanted), eq(products.isActive, true))) : [];
      const known = new Set(found.map((row) => row.name));
      const unknownIndex = input.serviceGroup.ServiceNames.findIndex((name) => !known.has(name));
      if (unknownIndex >= 0) throw new ApiError(400, 'field_invalid_value', { field: `serviceGroup.ServiceNames.${unknownIndex}`, value: input.serviceGroup.ServiceNames[unknownIndex]! });
      const name = input.serviceGroup.Name;
      const [clash] = await tx
        .select({ id: serviceGroups.id })
        .from(serviceGroups)
        .where(and(eq(serviceGroups.ownerAccountId, groupOwner.id), sql`lower(${serviceGroups.name}) = lower(${name})`))
        .limit(1);
      if (clash && clash.id !== existing?.group.id) throw new ApiError(409, 'service_group_name_taken', { name });
      let id: number;
      if (existing) {
        id = existing.group.id;
        await tx.update(serviceGroups).set({ name }).where(eq(serviceGroups.id, id));
        await tx.delete(serviceGroupServices).where(eq(serviceGroupServices.serviceGroupId, id));
      } else {
        const [row] = await tx.insert(serviceGroups).values({ ownerAccountId: groupOwner.id, name }).returning({ id: serviceGroups.id });
        id = row!.id;
      }
      if (wanted.length) await tx.insert(serviceGroupServices).values(wanted.map((productName) => ({ serviceGroupId: id, productName })));
      await auditAccountChange(tx, ctx, 'ServiceGroupSaved', groupOwner, { ServiceGroupId: id, Name: name, Created: !existing, ServiceNames: wanted });
      const [row] = await tx.select().from(serviceGroups).where(eq(serviceGroups.id, id));
      return (await groupsOf(tx, [row!], ctx.locale))[0]!;
    });
  },
});

const deleteServiceGroup = defineOperation({
  service: 'IServiceManagementService',
  operation: 'DeleteServiceGroup',
  summary: "Deletes a service group; not while a pricing rule's scope names it (409 naming the rule and its pricelist). Audited as ServiceGroupDeleted.",
  request: deleteServiceGroupRequestSchema,
  response: z.object({}),
  rule: GROUPS_DELETE,
  async handler(input, ctx) {
    const { group, owner } = await requireGroup(ctx.db, ctx.caller, input.serviceGroupId, { objectType: 'SERVICE_TOOL_GROUPS', flags: ['Delete'] });
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from service_groups where id = ${group.id} for update`);
      const used = (await rulesUsing(tx, [group.id])).get(group.id) ?? [];
      if (used.length) throw new ApiError(409, 'service_group_in_use', { name: group.name, rule: used[0]!.RuleName, pricelist: used[0]!.MarketplaceName });
      await tx.delete(serviceGroups).where(eq(serviceGroups.id, group.id));
      await auditAccountChange(tx, ctx, 'ServiceGroupDeleted', owner, { ServiceGroupId: group.id, Name: group.name });
    });
    return {};
  },
});

export const serviceGroupOperations = [getServiceGroups, saveServiceGroup, deleteServiceGroup];
