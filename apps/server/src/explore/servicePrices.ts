import { sql, type SQL } from 'drizzle-orm';
import type { FeeType } from '@cmp/contracts/pricing';
import type { ServiceHeadlinePrice } from '@cmp/contracts/marketplace';
import type { Queryable } from '../platform/db/database';
import { effectivePrices, maxExchangeRateAgeDays } from '../pricing/effectivePrice';
import { priceByRules, type PricingRuleDefinition } from '../pricing/priceByRules';
import { rowsOf } from '../platform/db/rowsOf';
import type { CatalogViewer } from './catalogViewer';
import { DAY_MS } from '../platform/dates';
import { ruleSeenBy } from '../platform/sellerSide';

// The prices Explore and the service page show come from the one price function (README "Money and
// prices"): effectivePrices under the caller's pricelist, or — for a caller no pricelist applies to —
// priceByRules with the vendor's SRP alone, so even an SRP is fixed by the same rounding rule.

export interface CatalogItem {
  id: number;
  productName: string;
  name: string;
  feeType: FeeType;
  unit: string | null;
  purchasePrice: string | null;
  srp: string | null;
  vendorAccountId: number | null;
  /** The currency the vendor prices the service in. */
  currency: string;
}

/** An item with the version of its row and its service's row (xmin), for the prices kept per pricelist. */
export interface VersionedCatalogItem extends CatalogItem {
  version: string;
}

export type ItemPrice = Pick<ServiceHeadlinePrice, 'Amount' | 'Currency' | 'Basis' | 'Rule' | 'Problem'>;

/** A service's headline item: its first recurring fee, else its first usage fee, else its setup fee. */
export const HEADLINE_ITEM_ORDER = sql`case pi.fee_type when 'Recurring' then 0 when 'Usage' then 1 else 2 end, pi.id`;

const itemColumns = sql`pi.id, pi.product_name as "productName", pi.name, pi.fee_type as "feeType", pi.unit,
  pi.purchase_price::text as "purchasePrice", pi.srp::text as srp, p.vendor_account_id as "vendorAccountId", p.currency`;

/** The headline item of each named service (services without an active item are left out). */
export async function headlineItems(db: Queryable, productNames: readonly string[]): Promise<Map<string, VersionedCatalogItem>> {
  if (productNames.length === 0) return new Map();
  const rows = await rowsOf<VersionedCatalogItem>(
    db,
    sql`select distinct on (pi.product_name) ${itemColumns}, pi.xmin::text || '.' || p.xmin::text as version
      from priceable_items pi join products p on p.name = pi.product_name
      where pi.is_active and pi.product_name = any(${sql.param([...productNames])}::text[])
      order by pi.product_name, ${HEADLINE_ITEM_ORDER}`,
  );
  return new Map(rows.map((row) => [row.productName, row]));
}

/** Every active item of one service, in the order the service page lists them. */
export async function serviceItems(db: Queryable, productName: string): Promise<CatalogItem[]> {
  return rowsOf<CatalogItem>(
    db,
    sql`select ${itemColumns} from priceable_items pi join products p on p.name = pi.product_name
      where pi.is_active and pi.product_name = ${productName} order by ${HEADLINE_ITEM_ORDER}`,
  );
}

/**
 * serviceItems as a JSON array, for a query that reads a service and its items at once: `productName`
 * is the SQL of the service's name in that query (placing an order reads the service and its items in one statement).
 */
export const serviceItemsJson = (productName: SQL): SQL =>
  sql`coalesce((select json_agg(i.item order by i.ord, i.id) from (select json_build_object('id', pi.id, 'productName', pi.product_name, 'name', pi.name, 'feeType', pi.fee_type,
      'unit', pi.unit, 'purchasePrice', pi.purchase_price::text, 'srp', pi.srp::text, 'vendorAccountId', p.vendor_account_id, 'currency', p.currency) as item,
      case pi.fee_type when 'Recurring' then 0 when 'Usage' then 1 else 2 end as ord, pi.id
      from priceable_items pi join products p on p.name = pi.product_name where pi.is_active and pi.product_name = ${productName}) i), '[]'::json)`;

/** The headline item of every service a subquery names (its column `name`): Explore's price sort. */
export async function headlineItemsOf(db: Queryable, services: SQL): Promise<CatalogItem[]> {
  return rowsOf<CatalogItem>(
    db,
    sql`select distinct on (pi.product_name) ${itemColumns}
      from priceable_items pi join products p on p.name = pi.product_name
      where pi.is_active and pi.product_name in (select name from ${services} s)
      order by pi.product_name, ${HEADLINE_ITEM_ORDER}`,
  );
}

/** The vendor's SRP alone, as the rule of a caller no pricelist applies to. */
const SRP_ONLY: PricingRuleDefinition[] = [{ id: 0, name: 'SRP', priority: 1, isDefault: true, model: 'Srp', parameter: null, scope: { kind: 'AllServices', ids: [] } }];

/** The price of each item for the viewer, by item id. */
export async function priceCatalogItems(db: Queryable, viewer: CatalogViewer, items: readonly CatalogItem[]): Promise<Map<number, ItemPrice>> {
  const result = new Map<number, ItemPrice>();
  if (viewer.pricelistId === undefined) {
    for (const item of items) {
      const price = priceByRules(
        { id: item.id, vendorAccountId: item.vendorAccountId ?? 0, serviceGroupIds: [], feeType: item.feeType, currency: item.currency, purchasePrice: item.purchasePrice, srp: item.srp },
        SRP_ONLY,
      );
      result.set(item.id, { Amount: price.isPriced ? price.price : null, Currency: item.currency, Basis: 'Srp', Rule: null, Problem: price.isPriced ? null : 'no_rule' });
    }
    return result;
  }
  return (await priceWithRates(db, viewer.pricelistId, items)).prices;
}

/** The items' prices under a pricelist (effectivePrices), with the date of the exchange rate each used. */
async function priceWithRates(db: Queryable, pricelistId: number, items: readonly CatalogItem[]): Promise<{ prices: Map<number, ItemPrice>; rates: Map<number, Date> }> {
  const result = new Map<number, ItemPrice>();
  const rates = new Map<number, Date>();
  const prices = await effectivePrices(
    db,
    pricelistId,
    items.map((item) => item.id),
  );
  for (const item of items) {
    const price = prices.get(item.id);
    if (price?.exchangeRate) rates.set(item.id, price.exchangeRate.asOf);
    if (price?.isPriced) result.set(item.id, { Amount: price.price, Currency: price.currency, Basis: 'Pricelist', Rule: price.explanation, Problem: null });
    else result.set(item.id, { Amount: null, Currency: price?.currency ?? item.currency, Basis: 'Pricelist', Rule: null, Problem: price && 'problem' in price ? price.problem : 'no_rule' });
  }
  return { prices: result, rates };
}

/** How long a kept price is used at most (besides any change of what it follows from). */
const KEPT_PRICE_MS = 60_000;
const MAX_KEPT_PRICELISTS = 64;
const MAX_KEPT_ITEMS = 50_000;

interface KeptPrice {
  itemVersion: string;
  price: ItemPrice;
  /** Until when: a rate stops being up to date after its age limit, and nothing is kept longer than KEPT_PRICE_MS. */
  until: number;
}

const keptPrices = new Map<number, { version: string; items: Map<number, KeptPrice> }>();

/**
 * priceCatalogItems for Explore's page, with the answers of effectivePrices kept per pricelist as long
 * as nothing they follow from has changed: the pricelist's pricing version (see catalogSnapshot.ts:
 * the pricelist, its rules, manual prices, propagated costs, its owner's service groups, the exchange
 * rates) and each item's own version (its row and its service's row). Only the items not kept are
 * priced, by effectivePrices as always.
 */
export async function pagePrices(db: Queryable, viewer: CatalogViewer, pricingVersion: string, items: readonly VersionedCatalogItem[]): Promise<Map<number, ItemPrice>> {
  const pricelistId = viewer.pricelistId;
  if (pricelistId === undefined) return priceCatalogItems(db, viewer, items);
  const now = Date.now();
  let kept = keptPrices.get(pricelistId);
  if (kept?.version !== pricingVersion) {
    kept = { version: pricingVersion, items: new Map() };
    keptPrices.delete(pricelistId);
    if (keptPrices.size >= MAX_KEPT_PRICELISTS) keptPrices.delete(keptPrices.keys().next().value!);
    keptPrices.set(pricelistId, kept);
  }
  const result = new Map<number, ItemPrice>();
  const missing: VersionedCatalogItem[] = [];
  for (const item of items) {
    const entry = kept.items.get(item.id);
    if (entry && entry.itemVersion === item.version && entry.until > now) result.set(item.id, entry.price);
    else missing.push(item);
  }
  if (missing.length === 0) return result;
  const { prices, rates } = await priceWithRates(db, pricelistId, missing);
  const maxAgeMs = maxExchangeRateAgeDays() * DAY_MS;
  if (kept.items.size + missing.length > MAX_KEPT_ITEMS) kept.items.clear();
  for (const item of missing) {
    const price = prices.get(item.id)!;
    const rate = rates.get(item.id);
    kept.items.set(item.id, { itemVersion: item.version, price, until: Math.min(now + KEPT_PRICE_MS, rate ? rate.getTime() + maxAgeMs : Infinity) });
    result.set(item.id, price);
  }
  return result;
}

/**
 * The headline price a card shows. Explore prices the caller's own purchases, so the caller is the
 * buyer of that pricelist: no rule defined over the purchase price (platform/sellerSide.ts).
 */
export const headlinePrice = (item: CatalogItem, price: ItemPrice | undefined): ServiceHeadlinePrice => ({
  PriceableItemId: item.id,
  ItemName: item.name,
  FeeType: item.feeType,
  Unit: item.unit,
  ...(price ? { ...price, Rule: ruleSeenBy(price.Rule, false) } : { Amount: null, Currency: item.currency, Basis: 'Pricelist', Rule: null, Problem: 'no_rule' }),
});
