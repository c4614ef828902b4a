import { sql, type SQL } from 'drizzle-orm';
import { requirement } from '@cmp/contracts/capabilities';
import type { Locale } from '@cmp/contracts/locales';
import {
  isValidServiceIconPath,
  serviceSearchRequestSchema,
  serviceSearchResponseSchema,
  type ServiceFacets,
  type ServiceSearchResponse,
  type ServiceSearchResult,
} from '@cmp/contracts/marketplace';
import type { z } from 'zod';
import { escapeLike } from '../platform/db/likePattern';
import type { Queryable } from '../platform/db/database';
import { defineOperation } from '../platform/operations';
import type { CallerSession } from '../platform/session';
import { money } from '../pricing/money';
import { catalogViewer, rowsOf, visibleServices, type CatalogViewer } from './catalogViewer';
import { headlineItems, headlineItemsOf, headlinePrice, priceCatalogItems, type ItemPrice } from './servicePrices';

// spec §2 "Global search: … with Marketplace Read, a service search"; issue 13 Explore.
export const MARKETPLACE_READ = requirement('MARKETPLACE', ['Read']);

type SearchRequest = z.output<typeof serviceSearchRequestSchema>;

interface ServiceRow {
  name: string;
  display_name: string;
  short_description: string;
  vendor_account_id: number | null;
  vendor_name: string | null;
  category: string | null;
  tags: string[];
  icon_path: string | null;
  is_new: boolean;
  billing_period: 'Monthly' | 'Annual';
}

const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
const intArray = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;
const TRUE = sql`true`;

/** The filter's parts: text and age narrow everything; vendor, category and tag are the facets. */
function conditions(filter: SearchRequest['filter']) {
  const pattern = `%${escapeLike(filter.DisplayName)}%`;
  return {
    text: filter.DisplayName ? sql`(v.display_name ilike ${pattern} or v.default_name ilike ${pattern})` : TRUE,
    isNew: filter.ShowNewOnly ? sql`v.is_new` : TRUE,
    vendor: filter.OwnerAccountIds.length ? sql`v.vendor_account_id = any(${intArray(filter.OwnerAccountIds)})` : TRUE,
    category: filter.ServiceCategories.length ? sql`v.category = any(${textArray(filter.ServiceCategories)})` : TRUE,
    // Any of the tags: jsonb's ?| over the service's tag array.
    tag: filter.ServiceTags.length ? sql`v.tags ?| ${textArray(filter.ServiceTags)}` : TRUE,
  };
}

function orderBy({ sort, filter }: SearchRequest): SQL {
  const direction = sort.Value === 'ASC' ? sql`asc` : sql`desc`;
  const byName = sql`lower(v.display_name) ${direction}, v.name ${direction}`;
  if (sort.Key !== 'Ranking') return byName;
  // Ranking: a name that starts with the text first, then the service's ranking (highest first), then by name.
  const startsWith = sql`(v.display_name not ilike ${`${escapeLike(filter.DisplayName)}%`}) ${direction}`;
  const ranking = sql`v.ranking ${sort.Value === 'ASC' ? sql`desc` : sql`asc`}`;
  return sql`${startsWith}, ${ranking}, ${byName}`;
}

const serviceColumns = sql`v.name, v.display_name, v.short_description, v.vendor_account_id, a.display_name as vendor_name,
  v.category, v.tags, v.icon_path, v.is_new, v.billing_period`;

/** Explore's filter values over the visible services matching the text, each counted under the other two filters. */
async function searchFacets(db: Queryable, visible: SQL, parts: ReturnType<typeof conditions>): Promise<{ facets: ServiceFacets; total: number }> {
  const rows = await rowsOf<{ kind: string; key: string; label: string; count: number }>(
    db,
    sql`with base as (
        select v.vendor_account_id, v.category, v.tags, ${parts.vendor} as mv, ${parts.category} as mc, ${parts.tag} as mt
        from ${visible} v where ${parts.text} and ${parts.isNew}
      )
      select 'Vendors' as kind, b.vendor_account_id::text as key, coalesce(a.display_name, '') as label, (count(*) filter (where mc and mt))::int as count
        from base b join accounts a on a.id = b.vendor_account_id group by b.vendor_account_id, a.display_name
      union all
      select 'Categories', category, category, (count(*) filter (where mv and mt))::int from base where category is not null group by category
      union all
      select 'Tags', tag, tag, (count(*) filter (where mv and mc))::int from base, jsonb_array_elements_text(base.tags) tag group by tag
      union all
      select 'Total', '', '', (count(*) filter (where mv and mc and mt))::int from base`,
  );
  const facets: ServiceFacets = { Vendors: [], Categories: [], Tags: [] };
  let total = 0;
  for (const row of rows) {
    if (row.kind === 'Total') total = Number(row.count);
    else facets[row.kind as keyof ServiceFacets].push({ Key: row.key, Label: row.label, Count: Number(row.count) });
  }
  for (const list of Object.values(facets)) list.sort((a, b) => a.Label.localeCompare(b.Label) || a.Key.localeCompare(b.Key));
  return { facets, total };
}

/** The page of services in the order asked; for Price, every matching service's headline price decides it. */
async function pageOfServices(db: Queryable, viewer: CatalogViewer, matching: SQL, request: SearchRequest): Promise<{ rows: ServiceRow[]; total: number | undefined; prices?: Map<number, ItemPrice> }> {
  const offset = request.page * request.pageSize;
  if (request.sort.Key !== 'Price') {
    const rows = await rowsOf<ServiceRow & { total: number }>(
      db,
      sql`select ${serviceColumns}, (count(*) over ())::int as total from ${matching} v left join accounts a on a.id = v.vendor_account_id
        order by ${orderBy(request)} limit ${request.pageSize} offset ${offset}`,
    );
    return { rows, total: rows[0] ? Number(rows[0].total) : undefined };
  }
  // Sorting by price needs the price of every matching service: their headline items in one query,
  // priced by the price function in memory; services without a price come last either way.
  const [names, items] = await Promise.all([
    rowsOf<{ name: string; display_name: string }>(db, sql`select v.name, v.display_name from ${matching} v`),
    headlineItemsOf(db, matching),
  ]);
  const prices = await priceCatalogItems(db, viewer, items);
  const amountOf = new Map(items.map((item) => [item.productName, prices.get(item.id)?.Amount ?? null]));
  const sign = request.sort.Value === 'ASC' ? 1 : -1;
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  names.sort((a, b) => {
    const [left, right] = [amountOf.get(a.name) ?? null, amountOf.get(b.name) ?? null];
    if (left === null || right === null) return left === right ? collator.compare(a.display_name, b.display_name) : left === null ? 1 : -1;
    return sign * money(left).comparedTo(right) || collator.compare(a.display_name, b.display_name) || (a.name < b.name ? -1 : 1);
  });
  const pageNames = names.slice(offset, offset + request.pageSize).map((row) => row.name);
  const rows = pageNames.length
    ? await rowsOf<ServiceRow>(db, sql`select ${serviceColumns} from ${matching} v left join accounts a on a.id = v.vendor_account_id where v.name = any(${textArray(pageNames)})`)
    : [];
  const byName = new Map(rows.map((row) => [row.name, row]));
  return { rows: pageNames.map((name) => byName.get(name)!).filter(Boolean), total: names.length, prices };
}

/** spec §7 "Search services" and issue 13 Explore: the caller's catalog, filtered, sorted, a page at a time, priced for the caller. */
export async function searchCatalog(db: Queryable, caller: CallerSession, locale: Locale, request: SearchRequest): Promise<ServiceSearchResponse> {
  const viewer = await catalogViewer(db, caller);
  const visible = visibleServices(viewer, locale);
  const parts = conditions(request.filter);
  const matching = sql`(select v.* from ${visible} v where ${parts.text} and ${parts.isNew} and ${parts.vendor} and ${parts.category} and ${parts.tag})`;
  const facets = request.includeFacets ? await searchFacets(db, visible, parts) : undefined;
  const page = await pageOfServices(db, viewer, matching, request);
  const total =
    facets?.total ?? page.total ?? (request.page === 0 ? 0 : Number((await rowsOf<{ total: number }>(db, sql`select count(*)::int as total from ${matching} v`))[0]?.total ?? 0));
  const items = await headlineItems(
    db,
    page.rows.map((row) => row.name),
  );
  const missing = [...items.values()].filter((item) => !page.prices?.has(item.id));
  const prices = missing.length ? new Map([...(page.prices ?? []), ...(await priceCatalogItems(db, viewer, missing))]) : (page.prices ?? new Map<number, ItemPrice>());
  const services: ServiceSearchResult[] = page.rows.map((row) => {
    const item = items.get(row.name);
    return {
      Id: row.name,
      DisplayName: row.display_name,
      // spec §5: an icon path of another shape shows the blank placeholder.
      Icon: isValidServiceIconPath(row.icon_path) ? row.icon_path! : '',
      VendorAccountId: row.vendor_account_id,
      VendorName: row.vendor_name ?? '',
      ShortDescription: row.short_description,
      Category: row.category,
      Tags: row.tags,
      IsNew: row.is_new,
      BillingPeriod: row.billing_period,
      Price: item ? headlinePrice(item, prices.get(item.id)) : null,
    };
  });
  return { Services: services, Total: total, TotalCount: total, MarketplaceId: viewer.pricelistId ?? null, Facets: facets?.facets ?? null };
}

/** spec §7 "Search services" over what the caller may order, by name, vendor, category, tag and age. */
export const searchServices = defineOperation({
  service: 'IMarketplaceService',
  operation: 'SearchServices',
  readOnly: true,
  summary:
    "The services the caller may order whose name contains the text, filtered by vendor, category, tag and age, sorted by ranking (names starting with the text first), name or the caller's price, a page at a time (page counts from 0, size at most 100), each with its vendor, short text in the caller's language and its headline price for the caller's company with the rule that set it; includeFacets adds the vendors, categories and tags with counts.",
  request: serviceSearchRequestSchema,
  response: serviceSearchResponseSchema,
  rule: MARKETPLACE_READ,
  handler: (input, { db, caller, locale }) => searchCatalog(db, caller, locale, input),
});
