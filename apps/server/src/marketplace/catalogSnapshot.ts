import { sql } from 'drizzle-orm';
import type { Locale } from '@cmp/contracts/locales';
import type { Queryable } from '../platform/db/database';
import { rowsOf, visibleServices, type CatalogViewer } from './catalogViewer';

// Issue 13 "Explore search over 10,000 services p95 < 50 ms": Explore filters, counts, sorts and
// pages the services a viewer may see many times for one change of the catalog. So the few columns
// that needs are kept in memory per viewer (pricelist, resellers above, language) and checked on every
// search against a fingerprint of the tables they come from — the newest row version (xmin) and the
// row count of the products, of the pricelist's services and of the resellers' service settings — so
// any committed change, by this node, another node or a script, is seen by the next search.

export interface CatalogEntry {
  name: string;
  displayName: string;
  lowerName: string;
  lowerDefaultName: string;
  vendorAccountId: number | null;
  category: string | null;
  tags: string[];
  ranking: number;
  createdAt: number;
}

export interface CatalogSnapshot {
  fingerprint: string;
  /** Highest ranking first, then by name: Explore's default order. */
  byRanking: CatalogEntry[];
  /** By name. */
  byName: CatalogEntry[];
}

const MAX_SNAPSHOTS = 64;
const snapshots = new Map<string, Promise<CatalogSnapshot>>();

function fingerprintQuery(viewer: CatalogViewer) {
  const version = sql`coalesce(max(xmin::text::bigint), 0) || ':' || count(*)`;
  return sql`select concat_ws('/',
      (select ${version} from products),
      ${viewer.pricelistId === undefined ? sql`''` : sql`(select ${version} from pricelist_services where pricelist_id = ${viewer.pricelistId})`},
      (select ${version} from owner_service_settings where owner_account_id = any(${sql.param([...viewer.ownerLineage])}::int[]))
    ) as fingerprint`;
}

async function buildSnapshot(db: Queryable, viewer: CatalogViewer, locale: Locale, fingerprint: string): Promise<CatalogSnapshot> {
  const rows = await rowsOf<{ name: string; display_name: string; default_name: string; vendor_account_id: number | null; category: string | null; tags: string[]; ranking: number; created_at: string | Date }>(
    db,
    sql`select v.name, v.display_name, v.default_name, v.vendor_account_id, v.category, v.tags, v.ranking, v.created_at from ${visibleServices(viewer, locale)} v`,
  );
  const entries = rows.map((row) => ({
    name: row.name,
    displayName: row.display_name,
    lowerName: row.display_name.toLowerCase(),
    lowerDefaultName: row.default_name.toLowerCase(),
    vendorAccountId: row.vendor_account_id,
    category: row.category,
    tags: row.tags,
    ranking: row.ranking,
    createdAt: new Date(row.created_at).getTime(),
  }));
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const byName = [...entries].sort((a, b) => collator.compare(a.displayName, b.displayName) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const nameRank = new Map(byName.map((entry, index) => [entry, index]));
  const byRanking = [...entries].sort((a, b) => b.ranking - a.ranking || nameRank.get(a)! - nameRank.get(b)!);
  return { fingerprint, byRanking, byName };
}

/** The viewer's visible services as of now: the kept copy when the tables have not changed since it was read. */
export async function catalogSnapshot(db: Queryable, viewer: CatalogViewer, locale: Locale): Promise<CatalogSnapshot> {
  const key = `${viewer.pricelistId ?? '-'}|${viewer.ownerLineage.join(',')}|${locale}`;
  const [{ fingerprint } = { fingerprint: '' }] = await rowsOf<{ fingerprint: string }>(db, fingerprintQuery(viewer));
  const kept = await snapshots.get(key)?.catch(() => undefined);
  if (kept?.fingerprint === fingerprint) return kept;
  const building = buildSnapshot(db, viewer, locale, fingerprint);
  snapshots.delete(key);
  if (snapshots.size >= MAX_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value!);
  snapshots.set(key, building);
  return building;
}
