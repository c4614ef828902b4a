import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MyService, MyServicesSortKey } from '@cmp/contracts/catalog';
import { escapeLike } from '../platform/db/likePattern';
import type { Queryable } from '../platform/db/database';
import { accounts, ownerServiceSettings, products } from '../platform/db/schema';
import type { AccountRow } from '../platform/session';
import { localName } from './serviceAccess';

// My services (issue 13): the catalog's services as an owner sees them. A reseller (the platform
// owner is one) sees every active service with its own settings — enabled for its customers (yes
// unless it said otherwise), names and descriptions replacing the vendor's; a vendor sees its own
// services, enabled meaning still sold.

export interface MyServicesQuery {
  filter?: { Text?: string; VendorAccountId?: number; Category?: string; IsEnabled?: boolean };
  sortBy?: MyServicesSortKey;
  sortDirection?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

const vendors = alias(accounts, 'vendor');

export async function listMyServices(db: Queryable, owner: AccountRow, locale: string, query: MyServicesQuery) {
  const isVendor = owner.type === 'Vendor';
  const enabled = isVendor ? sql<boolean>`${products.isActive}` : sql<boolean>`coalesce(${ownerServiceSettings.isEnabled}, true)`;
  const base: SQL[] = isVendor ? [eq(products.vendorAccountId, owner.id)] : [sql`${products.isActive}`];
  const conditions = [...base];
  const filter = query.filter ?? {};
  if (filter.Text) conditions.push(sql`(${ilike(products.displayName, `%${escapeLike(filter.Text)}%`)} or ${ilike(products.name, `%${escapeLike(filter.Text)}%`)})`);
  if (filter.VendorAccountId !== undefined) conditions.push(eq(products.vendorAccountId, filter.VendorAccountId));
  if (filter.Category) conditions.push(eq(products.category, filter.Category));
  if (filter.IsEnabled !== undefined) conditions.push(sql`${enabled} = ${filter.IsEnabled}`);
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const sortColumn = { DisplayName: sql`lower(${products.displayName})`, VendorName: sql`lower(${vendors.displayName})`, Category: sql`lower(${products.category})`, IsEnabled: enabled }[query.sortBy ?? 'DisplayName'];
  const settingsJoin = and(eq(ownerServiceSettings.productName, products.name), eq(ownerServiceSettings.ownerAccountId, owner.id));
  let rowsQuery = db
    .select({ product: products, vendorName: vendors.displayName, isEnabled: enabled, settings: ownerServiceSettings })
    .from(products)
    .leftJoin(vendors, eq(vendors.id, products.vendorAccountId))
    .leftJoin(ownerServiceSettings, settingsJoin)
    .where(and(...conditions))
    .orderBy(direction(sortColumn), asc(products.name))
    .$dynamic();
  if (query.pageSize !== undefined) rowsQuery = rowsQuery.limit(query.pageSize).offset((query.page ?? 0) * query.pageSize);
  const rows = await rowsQuery;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(products)
    .leftJoin(vendors, eq(vendors.id, products.vendorAccountId))
    .leftJoin(ownerServiceSettings, settingsJoin)
    .where(and(...conditions));
  const services: MyService[] = rows.map(({ product, vendorName, isEnabled, settings }) => ({
    ServiceName: product.name,
    DisplayName: localName(product, locale),
    VendorAccountId: product.vendorAccountId,
    VendorName: vendorName,
    Category: product.category,
    IsEnabled: Boolean(isEnabled),
    DisplayNames: settings?.displayNames ?? {},
    Descriptions: settings?.descriptions ?? {},
    Revision: product.revision,
  }));
  return { services, total };
}

/** The vendors and categories of the whole (unfiltered) list, for the screen's filters. */
export async function myServicesFacets(db: Queryable, owner: AccountRow) {
  const where = owner.type === 'Vendor' ? eq(products.vendorAccountId, owner.id) : sql`${products.isActive}`;
  const rows = await db
    .selectDistinct({ vendorAccountId: products.vendorAccountId, vendorName: vendors.displayName, category: products.category })
    .from(products)
    .leftJoin(vendors, eq(vendors.id, products.vendorAccountId))
    .where(where);
  const vendorMap = new Map<number, string>();
  for (const row of rows) if (row.vendorAccountId !== null && row.vendorName) vendorMap.set(row.vendorAccountId, row.vendorName);
  return {
    Vendors: [...vendorMap].map(([VendorAccountId, VendorName]) => ({ VendorAccountId, VendorName })).sort((a, b) => a.VendorName.localeCompare(b.VendorName)),
    Categories: [...new Set(rows.map((row) => row.category).filter((category): category is string => Boolean(category)))].sort((a, b) => a.localeCompare(b)),
  };
}
