import { sql } from 'drizzle-orm';
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
import type { Queryable } from '../platform/db/database';
import { defineOperation } from '../platform/operations';
import { memoized, type CallerSession } from '../platform/session';
import { money } from '../pricing/money';
import { rowsOf } from '../platform/db/rowsOf';
import { catalogViewer, visibleServices, type CatalogViewer } from './catalogViewer';
import { facetsOf, searchSnapshotKept, type SearchRequest } from './catalogSearch';
import { catalogSnapshot, type CatalogEntry } from './catalogSnapshot';
import { headlineItems, headlineItemsOf, headlinePrice, pagePrices, priceCatalogItems } from './servicePrices';

// spec §2 "Global search: … with Marketplace Read, a service search"; issue 13 Explore.
export const MARKETPLACE_READ = requirement('MARKETPLACE', ['Read']);


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


const serviceColumns = sql`v.name, v.display_name, v.short_description, v.vendor_account_id, a.display_name as vendor_name,
  v.category, v.tags, v.icon_path, v.is_new, v.billing_period`;

/**
 * Every visible service's place in the order of its headline price (cheapest first; services without
 * a price have none), for sorting by price: their headline items in one query, priced by the price
 * function in memory. Kept with the session (cleared by any change, 30 s at most), so paging through a
 * price-sorted list does not price the catalog again; the prices a page shows are computed afresh.
 */
function priceRanks(db: Queryable, caller: CallerSession, viewer: CatalogViewer, locale: Locale): Promise<Map<string, number>> {
  return memoized(caller, `marketplace:priceRanks:${locale}`, async () => {
    const items = await headlineItemsOf(db, visibleServices(viewer, locale));
    const prices = await priceCatalogItems(db, viewer, items);
    const priced = items.flatMap((item) => {
      const amount = prices.get(item.id)?.Amount;
      return amount == null ? [] : [{ name: item.productName, amount: money(amount) }];
    });
    priced.sort((a, b) => a.amount.comparedTo(b.amount));
    const ranks = new Map<string, number>();
    priced.forEach((entry, index) => ranks.set(entry.name, index > 0 && entry.amount.equals(priced[index - 1]!.amount) ? ranks.get(priced[index - 1]!.name)! : index));
    return ranks;
  });
}

/** The last price order of a kept search result, by the ranks it used and direction (paging re-sorts nothing). */
const priceOrders = new WeakMap<CatalogEntry[], { ranks: ReadonlyMap<string, number>; direction: 'ASC' | 'DESC'; sorted: CatalogEntry[] }>();

/** Services sorted by price (ties and unpriced ones by name, unpriced last either way). */
function sortByPrice(entries: CatalogEntry[], ranks: ReadonlyMap<string, number>, direction: 'ASC' | 'DESC'): CatalogEntry[] {
  const kept = priceOrders.get(entries);
  if (kept && kept.ranks === ranks && kept.direction === direction) return kept.sorted;
  const sign = direction === 'ASC' ? 1 : -1;
  const rank = (entry: CatalogEntry) => ranks.get(entry.name);
  // The entries come by name, and the sort is stable.
  const sorted = [...entries].sort((a, b) => {
    const [left, right] = [rank(a), rank(b)];
    if (left === undefined || right === undefined) return left === right ? 0 : left === undefined ? 1 : -1;
    return sign * (left - right);
  });
  priceOrders.set(entries, { ranks, direction, sorted });
  return sorted;
}

/** The services of a page with what a card shows, in the page's order. */
async function pageRows(db: Queryable, viewer: CatalogViewer, locale: Locale, names: readonly string[]): Promise<ServiceRow[]> {
  if (names.length === 0) return [];
  const rows = await rowsOf<ServiceRow>(db, sql`select ${serviceColumns} from ${visibleServices(viewer, locale, names)} v left join accounts a on a.id = v.vendor_account_id`);
  const rowByName = new Map(rows.map((row) => [row.name, row]));
  return names.flatMap((name) => rowByName.get(name) ?? []);
}

/** spec §7 "Search services" and issue 13 Explore: the caller's catalog, filtered, sorted, a page at a time, priced for the caller. */
export async function searchCatalog(db: Queryable, caller: CallerSession, locale: Locale, request: SearchRequest): Promise<ServiceSearchResponse> {
  const viewer = await catalogViewer(db, caller);
  const snapshot = await catalogSnapshot(db, viewer, locale);
  const { matched, counts } = searchSnapshotKept(snapshot, request);
  const ordered = request.sort.Key === 'Price' ? sortByPrice(matched, await priceRanks(db, caller, viewer, locale), request.sort.Value) : matched;
  const offset = request.page * request.pageSize;
  const names = ordered.slice(offset, offset + request.pageSize).map((entry) => entry.name);
  const vendorIds = request.includeFacets ? [...counts.vendors.keys()] : [];
  // Independent reads, side by side where the database has more than one connection.
  const [rows, items, vendors] = await Promise.all([
    pageRows(db, viewer, locale, names),
    headlineItems(db, names),
    vendorIds.length ? rowsOf<{ id: number; name: string }>(db, sql`select id, display_name as name from accounts where id = any(${sql.param(vendorIds)}::int[])`) : [],
  ]);
  const facets: ServiceFacets | null = request.includeFacets ? facetsOf(counts, new Map(vendors.map((vendor) => [vendor.id, vendor.name]))) : null;
  const prices = await pagePrices(
    db,
    viewer,
    snapshot.pricingVersion,
    rows.flatMap((row) => items.get(row.name) ?? []),
  );
  const services: ServiceSearchResult[] = rows.map((row) => {
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
  return { Services: services, Total: ordered.length, TotalCount: ordered.length, MarketplaceId: viewer.pricelistId ?? null, Facets: facets };
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
