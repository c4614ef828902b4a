import { sql, type SQL } from 'drizzle-orm';
import { NEW_SERVICE_DAYS } from '@cmp/contracts/marketplace';
import type { Locale } from '@cmp/contracts/locales';
import type { Queryable } from '../platform/db/database';
import { memoized, pathIds, type CallerSession } from '../platform/session';
import { customerPricelistId } from '../pricing/customerPricelist';

// Issue 13 "Explore … the price for the signed-in customer (from the pricelist that applies to its
// company)": what a caller sees of the catalog. A customer sees the services its pricelist offers
// and has enabled, less those a reseller above it switched off in its own service settings
// (owner_service_settings, spec §2 My services), with that reseller's texts where it wrote some; a
// caller no pricelist applies to (the platform owner) sees every active service at the vendors' SRP.

export interface CatalogViewer {
  /** The pricelist that prices the catalog for the caller's company; undefined: SRPs. */
  pricelistId: number | undefined;
  /** The organisations above the caller's own, top first: their service settings apply to it. */
  ownerLineage: number[];
}

/** Computed once per cached session (any change clears it, and it lives 30 s at most). */
export function catalogViewer(db: Queryable, caller: CallerSession): Promise<CatalogViewer> {
  return memoized(caller, 'marketplace:viewer', async () => ({
    pricelistId: await customerPricelistId(db, caller.companyAccount.id),
    ownerLineage: pathIds(caller.companyAccount.path).filter((id) => id !== caller.companyAccount.id),
  }));
}

const intArray = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/**
 * A subquery of the services the viewer may see, one row each, with the texts it sees:
 * name, display_name (shown), default_name, short_description, vendor_account_id, category, tags,
 * icon_path, ranking, billing_period, currency, is_new (only the named services, when names are given).
 */
export function visibleServices(viewer: CatalogViewer, locale: Locale, onlyNames?: readonly string[]): SQL {
  const lineage = intArray(viewer.ownerLineage);
  const offered =
    viewer.pricelistId === undefined
      ? sql``
      : sql`join pricelist_services ps on ps.product_name = p.name and ps.pricelist_id = ${viewer.pricelistId} and ps.is_enabled`;
  // The nearest owner's texts win; a reseller that switched the service off hides it for everyone below.
  const settings = viewer.ownerLineage.length
    ? sql`left join (
        select product_name,
          bool_and(is_enabled) as is_enabled,
          (array_agg(display_names order by array_position(${lineage}, owner_account_id) desc) filter (where display_names <> '{}'::jsonb))[1] as names,
          (array_agg(descriptions order by array_position(${lineage}, owner_account_id) desc) filter (where descriptions <> '{}'::jsonb))[1] as descriptions
        from owner_service_settings where owner_account_id = any(${lineage}) group by product_name
      ) o on o.product_name = p.name`
    : sql`left join (select null::text as product_name, true as is_enabled, null::jsonb as names, null::jsonb as descriptions) o on false`;
  return sql`(
    select p.name,
      coalesce(nullif(o.names ->> ${locale}, ''), nullif(o.names ->> 'en', ''), nullif(p.display_names ->> ${locale}, ''), p.display_name) as display_name,
      p.display_name as default_name,
      coalesce(nullif(o.descriptions ->> ${locale}, ''), nullif(o.descriptions ->> 'en', ''), nullif(p.descriptions ->> ${locale}, ''), p.descriptions ->> 'en', '') as short_description,
      p.vendor_account_id, p.category, p.tags, p.icon_path, p.ranking, p.billing_period, p.currency,
      p.created_at, p.created_at >= now() - make_interval(days => ${NEW_SERVICE_DAYS}) as is_new
    from products p
    ${offered}
    ${settings}
    where p.is_active and coalesce(o.is_enabled, true) ${onlyNames ? sql`and p.name = any(${sql.param([...onlyNames])}::text[])` : sql``}
  )`;
}
