import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FeeType } from '@cmp/contracts/pricing';
import { passesPropagationFilters, type FilterType, type PropagationFilter } from '@cmp/contracts/propagation';
import type { Queryable } from '../platform/db/database';
import {
  accounts,
  exchangeRates,
  priceableItems,
  pricelistCustomers,
  pricelistServices,
  pricelists,
  products,
  propagationFilters,
} from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { effectivePricesOfPricelist, maxExchangeRateAgeDays } from './effectivePrice';
import { money, UNIT_PRICE_SCALE, type Money } from './money';
import { DAY_MS } from '../platform/dates';

// What a propagation moves (propagation.ts): the source pricelist's filters and sales prices, the
// target pricelists of its customer resellers, and those prices as costs in each target's currency.

export type PropagationFilterRow = typeof propagationFilters.$inferSelect;

export const filterOf = (row: PropagationFilterRow): PropagationFilter => ({
  PropagationFilterId: row.id,
  VendorFilterType: row.vendorFilterType as FilterType,
  VendorAccountIds: row.vendorAccountIds,
  TagFilterType: row.tagFilterType as FilterType,
  Tags: row.tags,
});

export async function loadFilters(db: Queryable, pricelistId: number): Promise<PropagationFilter[]> {
  const rows = await db.select().from(propagationFilters).where(eq(propagationFilters.pricelistId, pricelistId)).orderBy(asc(propagationFilters.id));
  return rows.map(filterOf);
}

/** A source item passing the filters with its sales price (in the source pricelist's currency). */
export interface SourceItem {
  itemId: number;
  productName: string;
  serviceDisplayName: string;
  itemName: string;
  feeType: FeeType;
  billingPeriod: string;
  price: string;
}

export interface SourcePrices {
  pricelistId: number;
  ownerAccountId: number;
  currency: string;
  /** The services passing the filters (offered and enabled on the source). */
  serviceNames: string[];
  items: SourceItem[];
  unpriced: number;
}

/** The source pricelist's sales prices of the items whose services pass its filters. */
export async function sourcePrices(db: Queryable, pricelistId: number, filters: readonly PropagationFilter[]): Promise<SourcePrices> {
  const [pricelist] = await db.select().from(pricelists).where(eq(pricelists.id, pricelistId)).limit(1);
  if (!pricelist) throw new Error(`propagation: pricelist ${pricelistId} is gone`);
  const services = await db
    .select({ name: products.name, displayName: products.displayName, vendorAccountId: products.vendorAccountId, tags: products.tags, billingPeriod: products.billingPeriod })
    .from(pricelistServices)
    .innerJoin(products, eq(products.name, pricelistServices.productName))
    .where(and(eq(pricelistServices.pricelistId, pricelistId), eq(pricelistServices.isEnabled, true)))
    .orderBy(asc(products.name));
  const passing = new Map(services.filter((service) => passesPropagationFilters(filters, service)).map((service) => [service.name, service]));
  const prices = await effectivePricesOfPricelist(db, pricelistId);
  const itemRows = passing.size
    ? await db
        .select({ id: priceableItems.id, productName: priceableItems.productName, name: priceableItems.name, feeType: priceableItems.feeType })
        .from(priceableItems)
        .where(and(eq(priceableItems.isActive, true), inArray(priceableItems.productName, [...passing.keys()])))
        .orderBy(asc(priceableItems.productName), asc(priceableItems.id))
    : [];
  const items: SourceItem[] = [];
  let unpriced = 0;
  for (const row of itemRows) {
    const price = prices.get(row.id);
    if (!price || !price.isPriced) {
      unpriced += 1;
      continue;
    }
    const service = passing.get(row.productName)!;
    items.push({ itemId: row.id, productName: row.productName, serviceDisplayName: service.displayName, itemName: row.name, feeType: row.feeType as FeeType, billingPeriod: service.billingPeriod, price: price.price });
  }
  return { pricelistId, ownerAccountId: pricelist.ownerAccountId, currency: pricelist.currency, serviceNames: [...passing.keys()], items, unpriced };
}

export interface TargetPricelist {
  id: number;
  name: string;
  currency: string;
  ownerAccountId: number;
  ownerName: string;
}

/** The pricelists owned by the source pricelist's customer resellers (all, or those of the resellers named). */
export async function targetPricelists(db: Queryable, sourcePricelistId: number, customerAccountIds?: readonly number[]): Promise<TargetPricelist[]> {
  const resellers = await db
    .select({ id: accounts.id })
    .from(pricelistCustomers)
    .innerJoin(accounts, eq(accounts.id, pricelistCustomers.customerAccountId))
    .where(and(eq(pricelistCustomers.pricelistId, sourcePricelistId), eq(accounts.type, 'Reseller')));
  const resellerIds = new Set(resellers.map((row) => row.id));
  if (customerAccountIds) {
    const refused = customerAccountIds.find((id) => !resellerIds.has(id));
    if (refused !== undefined) throw new ApiError(400, 'propagation_customer_invalid', { field: 'customerAccountIds', id: String(refused) });
  }
  const owners = customerAccountIds ? [...new Set(customerAccountIds)] : [...resellerIds];
  if (owners.length === 0) return [];
  return db
    .select({ id: pricelists.id, name: pricelists.name, currency: pricelists.currency, ownerAccountId: pricelists.ownerAccountId, ownerName: accounts.displayName })
    .from(pricelists)
    .innerJoin(accounts, eq(accounts.id, pricelists.ownerAccountId))
    .where(and(inArray(pricelists.ownerAccountId, owners), sql`${pricelists.id} <> ${sourcePricelistId}`))
    .orderBy(asc(accounts.displayName), asc(pricelists.priority), asc(pricelists.id));
}

/** What the source prices are, so that a propagation applies exactly what was previewed (or says they moved). */
export function fingerprintOf(source: SourcePrices, filters: readonly PropagationFilter[], targetIds: readonly number[]): string {
  const facts = {
    currency: source.currency,
    filters: filters.map((filter) => [filter.VendorFilterType, [...filter.VendorAccountIds].sort(), filter.TagFilterType, [...filter.Tags].sort()]),
    targets: [...targetIds].sort((a, b) => a - b),
    services: source.serviceNames,
    items: source.items.map((item) => [item.itemId, item.price]),
  };
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex');
}

/**
 * The source prices converted into a target currency at the latest rate (base→quote, or the
 * inverse of quote→base), kept at unit-price scale; a rate older than the configured age refuses
 * with "Exchange rate not up to date." (as effectivePrice does for vendor currencies).
 */
export async function costsIn(db: Queryable, source: SourcePrices, targetCurrency: string, at = new Date()): Promise<Map<number, string>> {
  if (targetCurrency === source.currency) return new Map(source.items.map((item) => [item.itemId, money(item.price).toFixed(UNIT_PRICE_SCALE)]));
  const latest = async (base: string, quote: string) =>
    (
      await db
        .select({ rate: exchangeRates.rate, asOf: exchangeRates.asOf })
        .from(exchangeRates)
        .where(and(eq(exchangeRates.baseCurrency, base), eq(exchangeRates.quoteCurrency, quote), lte(exchangeRates.asOf, at)))
        .orderBy(desc(exchangeRates.asOf))
        .limit(1)
    )[0];
  const direct = await latest(source.currency, targetCurrency);
  const inverse = direct ? undefined : await latest(targetCurrency, source.currency);
  const found = direct ?? inverse;
  if (!found || at.getTime() - found.asOf.getTime() > maxExchangeRateAgeDays() * DAY_MS) {
    throw new ApiError(409, 'propagation_exchange_rate_outdated', { from: source.currency, to: targetCurrency });
  }
  const rate: Money = direct ? money(found.rate) : money(1).div(found.rate);
  return new Map(source.items.map((item) => [item.itemId, money(item.price).times(rate).toFixed(UNIT_PRICE_SCALE)]));
}
