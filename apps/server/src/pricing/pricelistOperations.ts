import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import {
  createMarketplaceRequestSchema,
  getMarketplacesRequestSchema,
  getMarketplacesResponseSchema,
  marketplaceCustomersResponseSchema,
  marketplaceIdRequestSchema,
  marketplaceSummarySchema,
  prioritizeMarketplacesRequestSchema,
  setMarketplaceCustomersRequestSchema,
  updateMarketplacePropertiesRequestSchema,
  type MarketplaceSummary,
} from '@cmp/contracts/pricing';
import { z } from 'zod';
import type { Queryable } from '../platform/db/database';
import { accounts, pricelistCustomers, pricelistServices, pricelists, pricingRules } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { auditAccountChange } from '../platform/audit';
import { defineOperation } from '../platform/operations';
import { marketplaceRule, requirePricelist, requirePricelistOwner } from './pricelistAccess';

// IMarketplaceService's pricelist operations (issue 13; the API calls a pricelist a marketplace).

/** Pricelists with their customer and service counts, highest priority first. */
async function pricelistSummaries(db: Queryable, where: ReturnType<typeof eq>): Promise<MarketplaceSummary[]> {
  const customerCounts = db.select({ pricelistId: pricelistCustomers.pricelistId, n: count().as('customers') }).from(pricelistCustomers).groupBy(pricelistCustomers.pricelistId).as('c');
  const serviceCounts = db.select({ pricelistId: pricelistServices.pricelistId, n: count().as('services') }).from(pricelistServices).groupBy(pricelistServices.pricelistId).as('s');
  const rows = await db
    .select({ row: pricelists, customers: sql<number>`coalesce(${customerCounts.n}, 0)::int`, services: sql<number>`coalesce(${serviceCounts.n}, 0)::int` })
    .from(pricelists)
    .leftJoin(customerCounts, eq(customerCounts.pricelistId, pricelists.id))
    .leftJoin(serviceCounts, eq(serviceCounts.pricelistId, pricelists.id))
    .where(where)
    .orderBy(asc(pricelists.priority), asc(pricelists.id));
  return rows.map(({ row, customers, services }) => ({
    MarketplaceId: row.id,
    OwnerAccountId: row.ownerAccountId,
    Name: row.name,
    Priority: row.priority,
    Currency: row.currency,
    Tags: row.tags,
    CustomersCount: customers,
    ServicesCount: services,
  }));
}

const summaryOf = async (db: Queryable, pricelistId: number) => (await pricelistSummaries(db, eq(pricelists.id, pricelistId)))[0]!;

/** A name an owner already uses (any case) answers 409 naming it. */
async function assertNameFree(db: Queryable, ownerAccountId: number, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: pricelists.id })
    .from(pricelists)
    .where(and(eq(pricelists.ownerAccountId, ownerAccountId), sql`lower(${pricelists.name}) = lower(${name})`))
    .limit(1);
  if (clash && clash.id !== exceptId) throw new ApiError(409, 'pricelist_name_taken', { name });
}

const getMarketplaces = defineOperation({
  service: 'IMarketplaceService',
  operation: 'GetMarketplaces',
  readOnly: true,
  summary: "The pricelists of an owner (ownerAccountId, in the caller's hierarchy; by default the caller's own organisation), highest priority first, with customer and service counts.",
  request: getMarketplacesRequestSchema,
  response: getMarketplacesResponseSchema,
  rule: marketplaceRule('Read'),
  async handler(input, { db, caller }) {
    const owner = await requirePricelistOwner(db, caller, input.ownerAccountId, marketplaceRule('Read'));
    return { Marketplaces: await pricelistSummaries(db, eq(pricelists.ownerAccountId, owner.id)) };
  },
});

const createMarketplace = defineOperation({
  service: 'IMarketplaceService',
  operation: 'CreateMarketplace',
  summary: 'Creates a pricelist of the owner (by default the caller\'s organisation) with its default rule (SRP, lowest priority); it comes last in the owner\'s priority order. A name the owner already uses answers 409.',
  request: createMarketplaceRequestSchema,
  response: marketplaceSummarySchema,
  rule: marketplaceRule('Create'),
  async handler(input, ctx) {
    const owner = await requirePricelistOwner(ctx.db, ctx.caller, input.ownerAccountId, marketplaceRule('Create'));
    const properties = input.marketplaceProperties;
    return ctx.db.transaction(async (tx) => {
      await assertNameFree(tx, owner.id, properties.Name);
      const [{ last } = { last: 0 }] = await tx.select({ last: max(pricelists.priority) }).from(pricelists).where(eq(pricelists.ownerAccountId, owner.id));
      const [row] = await tx
        .insert(pricelists)
        .values({ ownerAccountId: owner.id, name: properties.Name, currency: properties.Currency, tags: properties.Tags, priority: (last ?? 0) + 1 })
        .returning({ id: pricelists.id });
      await tx.insert(pricingRules).values({ pricelistId: row!.id, name: 'Default: SRP', priority: 1, isDefault: true, model: 'Srp', parameter: null });
      await auditAccountChange(tx, ctx, 'PricelistCreated', owner, { MarketplaceId: row!.id, Name: properties.Name, Currency: properties.Currency });
      return summaryOf(tx, row!.id);
    });
  },
});

const updateMarketplaceProperties = defineOperation({
  service: 'IMarketplaceService',
  operation: 'UpdateMarketplaceProperties',
  summary: 'Renames a pricelist, changes its currency or tags (marketplaceProperties: Name, Currency, Tags; what is left out stays).',
  request: updateMarketplacePropertiesRequestSchema,
  response: marketplaceSummarySchema,
  rule: marketplaceRule('Create'),
  async handler(input, ctx) {
    const { pricelist, owner } = await requirePricelist(ctx.db, ctx.caller, input.marketplaceId, marketplaceRule('Create'));
    const changes = input.marketplaceProperties;
    return ctx.db.transaction(async (tx) => {
      if (changes.Name !== undefined) await assertNameFree(tx, owner.id, changes.Name, pricelist.id);
      await tx
        .update(pricelists)
        .set({ name: changes.Name, currency: changes.Currency, tags: changes.Tags, updatedAt: new Date() })
        .where(eq(pricelists.id, pricelist.id));
      await auditAccountChange(tx, ctx, 'PricelistChanged', owner, { MarketplaceId: pricelist.id, ...changes });
      return summaryOf(tx, pricelist.id);
    });
  },
});

const deleteMarketplace = defineOperation({
  service: 'IMarketplaceService',
  operation: 'DeleteMarketplace',
  summary: 'Deletes a pricelist with its rules; not while customers are assigned to it (409).',
  request: marketplaceIdRequestSchema,
  response: z.object({}),
  rule: marketplaceRule('Delete'),
  async handler(input, ctx) {
    const { pricelist, owner } = await requirePricelist(ctx.db, ctx.caller, input.marketplaceId, marketplaceRule('Delete'));
    await ctx.db.transaction(async (tx) => {
      // Locks the pricelist, so a customer assigned meanwhile cannot slip in between the check and the delete.
      await tx.execute(sql`select id from pricelists where id = ${pricelist.id} for update`);
      const [{ customers }] = (await tx.select({ customers: count() }).from(pricelistCustomers).where(eq(pricelistCustomers.pricelistId, pricelist.id))) as [{ customers: number }];
      if (customers > 0) throw new ApiError(409, 'pricelist_has_customers', { name: pricelist.name, count: String(customers) });
      await tx.delete(pricelists).where(eq(pricelists.id, pricelist.id));
      await auditAccountChange(tx, ctx, 'PricelistDeleted', owner, { MarketplaceId: pricelist.id, Name: pricelist.name });
    });
    return {};
  },
});

const prioritizeMarketplaces = defineOperation({
  service: 'IMarketplaceService',
  operation: 'PrioritizeMarketplaces',
  summary: "Orders an owner's pricelists: marketplacePriorityList names every pricelist of one owner exactly once, highest priority first (400 otherwise).",
  request: prioritizeMarketplacesRequestSchema,
  response: getMarketplacesResponseSchema,
  rule: marketplaceRule('Create'),
  async handler(input, ctx) {
    const ids = input.marketplacePriorityList;
    const { owner } = await requirePricelist(ctx.db, ctx.caller, ids[0]!, marketplaceRule('Create'));
    return ctx.db.transaction(async (tx) => {
      const own = await tx.select({ id: pricelists.id }).from(pricelists).where(eq(pricelists.ownerAccountId, owner.id)).for('update');
      const ownIds = new Set(own.map((row) => row.id));
      if (new Set(ids).size !== ids.length || ids.length !== ownIds.size || ids.some((id) => !ownIds.has(id))) {
        throw new ApiError(400, 'priority_list_incomplete', { field: 'marketplacePriorityList' });
      }
      for (const [index, id] of ids.entries()) await tx.update(pricelists).set({ priority: index + 1, updatedAt: new Date() }).where(eq(pricelists.id, id));
      await auditAccountChange(tx, ctx, 'PricelistChanged', owner, { MarketplacePriorityList: ids });
      return { Marketplaces: await pricelistSummaries(tx, eq(pricelists.ownerAccountId, owner.id)) };
    });
  },
});

async function customersOf(db: Queryable, pricelistId: number) {
  const rows = await db
    .select({ AccountId: accounts.id, DisplayName: accounts.displayName, AccountType: accounts.type })
    .from(pricelistCustomers)
    .innerJoin(accounts, eq(accounts.id, pricelistCustomers.customerAccountId))
    .where(eq(pricelistCustomers.pricelistId, pricelistId))
    .orderBy(asc(accounts.displayName), asc(accounts.id));
  return { Customers: rows };
}

const getMarketplaceCustomers = defineOperation({
  service: 'IMarketplaceService',
  operation: 'GetMarketplaceCustomers',
  readOnly: true,
  summary: 'The customers (companies and resellers) a pricelist applies to, by name.',
  request: marketplaceIdRequestSchema,
  response: marketplaceCustomersResponseSchema,
  rule: marketplaceRule('Read'),
  async handler(input, { db, caller }) {
    await requirePricelist(db, caller, input.marketplaceId, marketplaceRule('Read'));
    return customersOf(db, input.marketplaceId);
  },
});

const setMarketplaceCustomers = defineOperation({
  service: 'IMarketplaceService',
  operation: 'SetMarketplaceCustomers',
  summary:
    "Sets the customers a pricelist applies to: companies and resellers below the pricelist's owner (400 naming the first other). A customer leaves the owner's other pricelists, so one pricelist of an owner applies to it.",
  request: setMarketplaceCustomersRequestSchema,
  response: marketplaceCustomersResponseSchema,
  rule: marketplaceRule('Create'),
  async handler(input, ctx) {
    const { pricelist, owner } = await requirePricelist(ctx.db, ctx.caller, input.marketplaceId, marketplaceRule('Create'));
    const wanted = [...new Set(input.customerAccountIds)];
    return ctx.db.transaction(async (tx) => {
      const found = wanted.length ? await tx.select({ id: accounts.id, type: accounts.type, path: accounts.path }).from(accounts).where(inArray(accounts.id, wanted)) : [];
      const byId = new Map(found.map((row) => [row.id, row]));
      const refused = wanted.find((id) => {
        const row = byId.get(id);
        return !row || row.id === owner.id || !row.path.startsWith(owner.path) || (row.type !== 'Company' && row.type !== 'Reseller');
      });
      if (refused !== undefined) throw new ApiError(400, 'pricelist_customer_invalid', { id: String(refused) });
      const ownersOther = tx.select({ id: pricelists.id }).from(pricelists).where(eq(pricelists.ownerAccountId, owner.id));
      if (wanted.length) await tx.delete(pricelistCustomers).where(and(inArray(pricelistCustomers.pricelistId, ownersOther), inArray(pricelistCustomers.customerAccountId, wanted)));
      await tx.delete(pricelistCustomers).where(eq(pricelistCustomers.pricelistId, pricelist.id));
      if (wanted.length) await tx.insert(pricelistCustomers).values(wanted.map((customerAccountId) => ({ pricelistId: pricelist.id, customerAccountId })));
      await auditAccountChange(tx, ctx, 'PricelistChanged', owner, { MarketplaceId: pricelist.id, CustomerAccountIds: wanted });
      return customersOf(tx, pricelist.id);
    });
  },
});

export const pricelistOperations = [getMarketplaces, createMarketplace, updateMarketplaceProperties, deleteMarketplace, prioritizeMarketplaces, getMarketplaceCustomers, setMarketplaceCustomers];
