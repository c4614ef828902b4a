import { and, asc, count, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  addServicesToMarketplaceRequestSchema,
  addServicesToMarketplaceResponseSchema,
  getMarketplaceServicesRequestSchema,
  getMarketplaceServicesResponseSchema,
  removeServiceFromMarketplaceRequestSchema,
  removeServiceFromMarketplaceResponseSchema,
} from '@cmp/contracts/propagation';
import type { Queryable } from '../platform/db/database';
import { accounts, priceableItems, pricelistServices, products } from '../platform/db/schema';
import { auditAccountChange } from '../platform/audit';
import { ApiError } from '../platform/errors';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import { marketplaceRule, requirePricelist } from './pricelistAccess';

// IMarketplaceService: the services a pricelist offers (GetMarketplaceServices, AddServicesToMarketplace,
// RemoveServiceFromMarketplace; UpdateServices lives with the service management). /add-to-pricelist
// lists the active catalog services not on the pricelist yet (Scope 'Available') and adds a selection.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function servicesCount(db: Queryable, pricelistId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pricelistServices).where(eq(pricelistServices.pricelistId, pricelistId));
  return row?.n ?? 0;
}

const getMarketplaceServices = defineOperation({
  service: 'IMarketplaceService',
  operation: 'GetMarketplaceServices',
  readOnly: true,
  summary:
    "The services a pricelist offers (filter.Scope 'Offered', by default) or the active catalog services it does not offer yet ('Available'), with vendor, category, tags, enabled and item count; filter by text, vendors and category, paged, by name.",
  request: getMarketplaceServicesRequestSchema,
  response: getMarketplaceServicesResponseSchema,
  rule: marketplaceRule('Read'),
  async handler(input, { db, caller }) {
    const { pricelist } = await requirePricelist(db, caller, input.marketplaceId, marketplaceRule('Read'));
    const filter = input.filter;
    const onPricelist = db.select({ name: pricelistServices.productName }).from(pricelistServices).where(eq(pricelistServices.pricelistId, pricelist.id));
    const scope: SQL =
      filter.Scope === 'Offered' ? inArray(products.name, onPricelist) : and(eq(products.isActive, true), notInArray(products.name, onPricelist))!;
    const conditions: SQL[] = [scope];
    if (filter.Text) {
      const pattern = `%${escapeLike(filter.Text)}%`;
      conditions.push(or(ilike(products.name, pattern), ilike(products.displayName, pattern))!);
    }
    if (filter.VendorAccountIds?.length) conditions.push(inArray(products.vendorAccountId, filter.VendorAccountIds));
    if (filter.Category) conditions.push(eq(products.category, filter.Category));
    const where = and(...conditions)!;

    const itemCounts = db
      .select({ productName: priceableItems.productName, n: count().as('items') })
      .from(priceableItems)
      .where(eq(priceableItems.isActive, true))
      .groupBy(priceableItems.productName)
      .as('ic');
    const [rows, [total], vendors, categories] = await Promise.all([
      db
        .select({
          product: products,
          vendorName: accounts.displayName,
          isEnabled: pricelistServices.isEnabled,
          items: sql<number>`coalesce(${itemCounts.n}, 0)::int`,
        })
        .from(products)
        .leftJoin(accounts, eq(accounts.id, products.vendorAccountId))
        .leftJoin(pricelistServices, and(eq(pricelistServices.productName, products.name), eq(pricelistServices.pricelistId, pricelist.id)))
        .leftJoin(itemCounts, eq(itemCounts.productName, products.name))
        .where(where)
        .orderBy(asc(products.displayName), asc(products.name))
        .limit(input.pageSize)
        .offset(input.page * input.pageSize),
      db.select({ n: count() }).from(products).where(where),
      db
        .selectDistinct({ AccountId: accounts.id, Name: accounts.displayName })
        .from(products)
        .innerJoin(accounts, eq(accounts.id, products.vendorAccountId))
        .where(scope)
        .orderBy(asc(accounts.displayName), asc(accounts.id)),
      db
        .selectDistinct({ category: products.category })
        .from(products)
        .where(and(scope, sql`${products.category} is not null`))
        .orderBy(asc(products.category)),
    ]);
    return {
      Services: rows.map(({ product, vendorName, isEnabled, items }) => ({
        ServiceName: product.name,
        DisplayName: product.displayName,
        VendorAccountId: product.vendorAccountId,
        VendorName: vendorName ?? '',
        Category: product.category,
        Tags: product.tags,
        IsOffered: isEnabled !== null,
        IsEnabled: isEnabled ?? false,
        ItemCount: items,
      })),
      Total: total?.n ?? 0,
      Vendors: vendors,
      Categories: categories.map((row) => row.category!),
    };
  },
});

const addServicesToMarketplace = defineOperation({
  service: 'IMarketplaceService',
  operation: 'AddServicesToMarketplace',
  summary:
    'Adds catalog services (serviceNames, active services only: 400 naming the first other) to a pricelist, enabled; services already on it stay as they are, so adding twice changes nothing.',
  request: addServicesToMarketplaceRequestSchema,
  response: addServicesToMarketplaceResponseSchema,
  rule: marketplaceRule('Create'),
  async handler(input, ctx) {
    const { pricelist, owner } = await requirePricelist(ctx.db, ctx.caller, input.marketplaceId, marketplaceRule('Create'));
    const names = [...new Set(input.serviceNames)];
    return ctx.db.transaction(async (tx) => {
      const active = await tx.select({ name: products.name }).from(products).where(and(inArray(products.name, names), eq(products.isActive, true)));
      const known = new Set(active.map((row) => row.name));
      const unknown = names.find((name) => !known.has(name));
      if (unknown !== undefined) throw new ApiError(400, 'pricelist_service_unknown', { field: 'serviceNames', name: unknown });
      const added = await tx
        .insert(pricelistServices)
        .values(names.map((productName) => ({ pricelistId: pricelist.id, productName })))
        .onConflictDoNothing()
        .returning({ name: pricelistServices.productName });
      const addedNames = added.map((row) => row.name).sort();
      if (addedNames.length) await auditAccountChange(tx, ctx, 'PricelistChanged', owner, { MarketplaceId: pricelist.id, AddedServices: addedNames });
      return { AddedServiceNames: addedNames, ServicesCount: await servicesCount(tx, pricelist.id) };
    });
  },
});

const removeServiceFromMarketplace = defineOperation({
  service: 'IMarketplaceService',
  operation: 'RemoveServiceFromMarketplace',
  summary: 'Takes a service off a pricelist (400 when the pricelist does not offer it); its propagated costs on the pricelist stay for when it comes back.',
  request: removeServiceFromMarketplaceRequestSchema,
  response: removeServiceFromMarketplaceResponseSchema,
  rule: marketplaceRule('Delete'),
  async handler(input, ctx) {
    const { pricelist, owner } = await requirePricelist(ctx.db, ctx.caller, input.marketplaceId, marketplaceRule('Delete'));
    return ctx.db.transaction(async (tx) => {
      const removed = await tx
        .delete(pricelistServices)
        .where(and(eq(pricelistServices.pricelistId, pricelist.id), eq(pricelistServices.productName, input.serviceName)))
        .returning({ name: pricelistServices.productName });
      if (removed.length === 0) throw new ApiError(400, 'pricelist_service_not_offered', { field: 'serviceName', name: input.serviceName });
      await auditAccountChange(tx, ctx, 'PricelistChanged', owner, { MarketplaceId: pricelist.id, RemovedService: input.serviceName });
      return { ServicesCount: await servicesCount(tx, pricelist.id) };
    });
  },
});

export const pricelistServiceOperations: OperationDefinition[] = [getMarketplaceServices, addServicesToMarketplace, removeServiceFromMarketplace];
