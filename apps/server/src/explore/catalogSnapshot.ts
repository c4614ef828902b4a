import { sql } from 'drizzle-orm';
import type { Locale } from '@cmp/contracts/locales';
import type { Queryable } from '../platform/db/database';
import { rowsOf } from '../platform/db/rowsOf';
import { visibleServices, type CatalogViewer } from './catalogViewer';

// Issue 13 "Explore search over 10,000 services p95 < 50 ms": Explore filters, counts, sorts and
// pages the services a viewer may see many times for one change of the catalog. So the few columns
// that needs are kept in memory per viewer (pricelist, resellers above, language) and checked on every
// search against a fingerprint of the tables they come from — the newest row version (xmin) and the
// row count of the products, of the pricelist's services and of the resellers' service settings — so
// any committed change, by this node, another node or a script, is seen by the next search.
//
// The fingerprint scans those tables, so one query first compares the database's current snapshot
// (pg_current_snapshot(): the next transaction id and the ones in progress) with the one seen when the
// fingerprint was last taken: when no transaction has ended since, nothing can have changed and the
// scans are skipped (the CASE evaluates them only otherwise). The same query fingerprints what the
// viewer's prices follow from (see pricingVersion), for the page's prices kept in servicePrices.ts.

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
  /** Searches answered from this snapshot, by request (see catalogSearch.ts). */
  matches: Map<string, unknown>;
  /** Highest ranking first, then by name: Explore's default order. */
  byRanking: CatalogEntry[];
  /** By name. */
  byName: CatalogEntry[];
}

const MAX_SNAPSHOTS = 64;
const snapshots = new Map<string, Promise<CatalogSnapshot>>();

const version = sql`coalesce(max(xmin::text::bigint), 0) || ':' || count(*)`;

function fingerprintQuery(viewer: CatalogViewer) {
  return sql`concat_ws('/',
      (select ${version} from products),
      ${viewer.pricelistId === undefined ? sql`''` : sql`(select ${version} from pricelist_services where pricelist_id = ${viewer.pricelistId})`},
      (select ${version} from owner_service_settings where owner_account_id = any(${sql.param([...viewer.ownerLineage])}::int[]))
    )`;
}

/**
 * What the prices of a pricelist follow from besides the items and products themselves (those are
 * versioned per item, see headlineItems): the pricelist row, its rules, manual prices and propagated
 * costs, its owner's service groups and the exchange rates.
 */
function pricingVersionQuery(pricelistId: number | undefined) {
  if (pricelistId === undefined) return sql`''`;
  return sql`concat_ws('/',
      (select xmin::text from pricelists where id = ${pricelistId}),
      (select ${version} from pricing_rules where pricelist_id = ${pricelistId}),
      (select ${version} from pricelist_item_prices where pricelist_id = ${pricelistId}),
      (select ${version} from pricelist_item_costs where pricelist_id = ${pricelistId}),
      (select ${version} from service_groups g where g.owner_account_id = (select owner_account_id from pricelists where id = ${pricelistId})),
      (select ${version} from service_group_services m where m.service_group_id in (select g.id from service_groups g where g.owner_account_id = (select owner_account_id from pricelists where id = ${pricelistId}))),
      (select ${version} from exchange_rates)
    )`;
}

interface Versions {
  /** The database snapshot the versions were taken in. */
  snapshot: string;
  catalog: string;
  pricing: string;
}

const MAX_VERSIONS = 256;
const versions = new Map<string, Versions>();

/** The catalog's and the prices' versions for a viewer as of now: one query, without scans when no transaction ended since the last look. */
async function currentVersions(db: Queryable, key: string, viewer: CatalogViewer): Promise<Versions> {
  const known = versions.get(key);
  const unchanged = sql`pg_current_snapshot()::text = ${known?.snapshot ?? ''}`;
  const [row] = await rowsOf<{ snapshot: string; catalog: string | null; pricing: string | null }>(
    db,
    sql`select pg_current_snapshot()::text as snapshot,
      case when ${unchanged} then null else ${fingerprintQuery(viewer)} end as catalog,
      case when ${unchanged} then null else ${pricingVersionQuery(viewer.pricelistId)} end as pricing`,
  );
  const current = row!.catalog === null && known ? { ...known, snapshot: row!.snapshot } : { snapshot: row!.snapshot, catalog: row!.catalog ?? '', pricing: row!.pricing ?? '' };
  versions.delete(key);
  if (versions.size >= MAX_VERSIONS) versions.delete(versions.keys().next().value!);
  versions.set(key, current);
  return current;
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
  return { fingerprint, matches: new Map(), byRanking, byName };
}

/** The viewer's visible services as of now (the kept copy when the tables have not changed since it was read), and the version of its prices. */
export async function catalogSnapshot(db: Queryable, viewer: CatalogViewer, locale: Locale): Promise<CatalogSnapshot & { pricingVersion: string }> {
  const { catalog: fingerprint, pricing: pricingVersion } = await currentVersions(db, `${viewer.pricelistId ?? '-'}|${viewer.ownerLineage.join(',')}`, viewer);
  const key = `${viewer.pricelistId ?? '-'}|${viewer.ownerLineage.join(',')}|${locale}`;
  const kept = await snapshots.get(key)?.catch(() => undefined);
  if (kept?.fingerprint === fingerprint) return { ...kept, pricingVersion };
  const building = buildSnapshot(db, viewer, locale, fingerprint);
  snapshots.delete(key);
  if (snapshots.size >= MAX_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value!);
  snapshots.set(key, building);
  return { ...(await building), pricingVersion };
}
