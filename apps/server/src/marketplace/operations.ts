import { and, asc, count, desc, gte, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { requirement } from '@cmp/contracts/capabilities';
import { NEW_SERVICE_DAYS, isValidServiceIconPath, serviceSearchRequestSchema, serviceSearchResponseSchema } from '@cmp/contracts/marketplace';
import { escapeLike } from '../platform/db/likePattern';
import { products } from '../platform/db/schema';
import { defineOperation } from '../platform/operations';
import { serviceInfoOperations } from './serviceInfo';

// spec §2 "Global search: … with Marketplace Read, a service search".
const MARKETPLACE_READ = requirement('MARKETPLACE', ['Read']);

/** spec §7 "Search services" over what can be ordered (the `products` of the catalog), by name, vendor, category, tag and age. */
const searchServices = defineOperation({
  service: 'IMarketplaceService',
  operation: 'SearchServices',
  readOnly: true,
  summary: 'Services whose name contains the text, by ranking (names starting with the text first), a page at a time (page size at most 100).',
  request: serviceSearchRequestSchema,
  response: serviceSearchResponseSchema,
  rule: MARKETPLACE_READ,
  async handler({ filter, sort, pageSize, page }, { db }) {
    const conditions: (SQL | undefined)[] = [sql`${products.isActive}`];
    if (filter.DisplayName) conditions.push(ilike(products.displayName, `%${escapeLike(filter.DisplayName)}%`));
    if (filter.OwnerAccountIds.length) conditions.push(inArray(products.vendorAccountId, filter.OwnerAccountIds));
    if (filter.ShowNewOnly) conditions.push(gte(products.createdAt, sql`now() - make_interval(days => ${NEW_SERVICE_DAYS})`));
    if (filter.ServiceCategories.length) conditions.push(inArray(products.category, filter.ServiceCategories));
    // Any of the tags: jsonb's ?| over the service's tag array.
    if (filter.ServiceTags.length) conditions.push(sql`${products.tags} ?| ${sql.param(filter.ServiceTags)}::text[]`);
    const where = and(...conditions);
    const direction = sort.Value === 'ASC' ? asc : desc;
    // Ranking: a name that starts with the text before one that only contains it, then by name.
    const startsWith = sql`(${products.displayName} not ilike ${`${escapeLike(filter.DisplayName)}%`})`;
    const order = sort.Key === 'Ranking' ? [direction(startsWith), direction(sql`lower(${products.displayName})`)] : [direction(sql`lower(${products.displayName})`)];
    const rows = await db
      .select({ name: products.name, displayName: products.displayName, iconPath: products.iconPath })
      .from(products)
      .where(where)
      .orderBy(...order, asc(products.name))
      .limit(pageSize)
      .offset(page * pageSize);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products).where(where);
    // spec §5: an icon path of another shape shows the blank placeholder.
    return { Services: rows.map((row) => ({ Id: row.name, DisplayName: row.displayName, Icon: isValidServiceIconPath(row.iconPath) ? row.iconPath! : '' })), Total: total };
  },
});

export const marketplaceOperations = [searchServices, ...serviceInfoOperations];
