import { NEW_SERVICE_DAYS, type ServiceFacets, type serviceSearchRequestSchema } from '@cmp/contracts/marketplace';
import type { z } from 'zod';
import type { CatalogEntry, CatalogSnapshot } from './catalogSnapshot';
import { DAY_MS } from '../platform/dates';

// Explore's filter, facets and order over a viewer's catalog in memory (see catalogSnapshot.ts): one
// pass over the entries, in an order kept with the snapshot, so a search costs O(services).

export type SearchRequest = z.output<typeof serviceSearchRequestSchema>;

export interface CatalogMatch {
  /** The matching services in the order asked (for Price: by name, the caller orders them by price). */
  matched: CatalogEntry[];
  /** Vendors, categories and tags of the services matching text and age, each counted under the other two filters. */
  counts: { vendors: Map<number, number>; categories: Map<string, number>; tags: Map<string, number> };
}

const bump = <K>(map: Map<K, number>, key: K, by: number) => map.set(key, (map.get(key) ?? 0) + by);

export function searchSnapshot(snapshot: CatalogSnapshot, request: SearchRequest, now = Date.now()): CatalogMatch {
  const { filter, sort } = request;
  const text = filter.DisplayName.toLowerCase();
  const newSince = now - NEW_SERVICE_DAYS * DAY_MS;
  const vendors = new Set(filter.OwnerAccountIds);
  const categories = new Set(filter.ServiceCategories);
  const tags = new Set(filter.ServiceTags);
  const counts: CatalogMatch['counts'] = { vendors: new Map(), categories: new Map(), tags: new Map() };
  const matched: CatalogEntry[] = [];
  const source = sort.Key === 'Ranking' ? snapshot.byRanking : snapshot.byName;
  for (const entry of source) {
    if (text && !entry.lowerName.includes(text) && !entry.lowerDefaultName.includes(text)) continue;
    if (filter.ShowNewOnly && entry.createdAt < newSince) continue;
    const isVendor = vendors.size === 0 || (entry.vendorAccountId !== null && vendors.has(entry.vendorAccountId));
    const isCategory = categories.size === 0 || (entry.category !== null && categories.has(entry.category));
    // Any of the tags.
    const isTagged = tags.size === 0 || entry.tags.some((tag) => tags.has(tag));
    if (request.includeFacets) {
      if (entry.vendorAccountId !== null) bump(counts.vendors, entry.vendorAccountId, Number(isCategory && isTagged));
      if (entry.category !== null) bump(counts.categories, entry.category, Number(isVendor && isTagged));
      for (const tag of new Set(entry.tags)) bump(counts.tags, tag, Number(isVendor && isCategory));
    }
    if (isVendor && isCategory && isTagged) matched.push(entry);
  }
  if (sort.Key === 'Ranking' && text) {
    // Ranking: a name that starts with the text before one that only contains it (stable: ranking, then name).
    const starting = matched.filter((entry) => entry.lowerName.startsWith(text));
    const containing = matched.filter((entry) => !entry.lowerName.startsWith(text));
    matched.splice(0, matched.length, ...starting, ...containing);
  }
  if (sort.Value === 'DESC' && sort.Key !== 'Price') matched.reverse();
  return { matched, counts };
}

/** The facets as the API answers them, by label; vendors' labels are their names. */
export function facetsOf(counts: CatalogMatch['counts'], vendorNames: ReadonlyMap<number, string>): ServiceFacets {
  const list = (entries: [string, string, number][]) =>
    entries.map(([Key, Label, Count]) => ({ Key, Label, Count })).sort((a, b) => a.Label.localeCompare(b.Label) || a.Key.localeCompare(b.Key));
  return {
    Vendors: list([...counts.vendors].map(([id, count]) => [String(id), vendorNames.get(id) ?? '', count])),
    Categories: list([...counts.categories].map(([name, count]) => [name, name, count])),
    Tags: list([...counts.tags].map(([name, count]) => [name, name, count])),
  };
}

const MAX_MATCHES = 64;

/**
 * searchSnapshot, kept with the snapshot per filter and order (paging through a list, or the same
 * search again, costs no pass over the catalog). A search for new services depends on the time, so
 * it is not kept. The answer is shared: callers must not change it.
 */
export function searchSnapshotKept(snapshot: CatalogSnapshot, request: SearchRequest): CatalogMatch {
  if (request.filter.ShowNewOnly) return searchSnapshot(snapshot, request);
  const key = JSON.stringify([request.filter, request.sort, request.includeFacets]);
  const kept = snapshot.matches.get(key) as CatalogMatch | undefined;
  if (kept) return kept;
  const match = searchSnapshot(snapshot, request);
  if (snapshot.matches.size >= MAX_MATCHES) snapshot.matches.delete(snapshot.matches.keys().next().value!);
  snapshot.matches.set(key, match);
  return match;
}
