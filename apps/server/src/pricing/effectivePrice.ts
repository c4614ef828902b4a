import { and, desc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import type { FeeType, PricingModel, PricingScopeKind } from '@cmp/contracts/pricing';
import type { Queryable } from '../platform/db/database';
import { exchangeRates, priceableItems, pricelistServices, pricelists, pricingRules, products, serviceGroupServices, serviceGroups } from '../platform/db/schema';
import { money, UNIT_PRICE_SCALE } from './money';
import { priceByRules, type PriceResult, type PricingRuleDefinition } from './priceByRules';

// DESIGN.md "Commerce": effectivePrice(item, pricelist, at) — the one place a sales price comes from.
// This loads what priceByRules needs from the database: the pricelist's rules, the items with their
// vendor and the owner's service groups, and converts vendor prices into the pricelist's currency.

/** spec §4 "Exchange rate not up to date.": a rate older than this (in days) prices nothing. */
export const DEFAULT_MAX_EXCHANGE_RATE_AGE_DAYS = 7;
const DAY_MS = 86_400_000;

export type EffectivePrice =
  | (PriceResult & { itemId: number; currency: string; exchangeRate: { rate: string; asOf: Date } | null })
  | { itemId: number; isPriced: false; currency: string; skipped: []; problem: 'exchange_rate_missing' | 'exchange_rate_outdated'; exchangeRate: null };

export interface EffectivePriceOptions {
  /** The moment the price is for (rates taken after it are not used). */
  at?: Date;
  maxExchangeRateAgeDays?: number;
}

/** The rules of a pricelist as the price function takes them. */
export async function pricelistRules(db: Queryable, pricelistId: number): Promise<PricingRuleDefinition[]> {
  const rows = await db.select().from(pricingRules).where(eq(pricingRules.pricelistId, pricelistId));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    priority: row.priority,
    isDefault: row.isDefault,
    model: row.model as PricingModel,
    parameter: row.parameter,
    scope: { kind: row.scopeKind as PricingScopeKind, ids: row.scopeIds },
  }));
}

/** The sales price of each item under the pricelist, with the rule that produced it. Items not found are left out. */
export async function effectivePrices(db: Queryable, pricelistId: number, itemIds: readonly number[], options: EffectivePriceOptions = {}): Promise<Map<number, EffectivePrice>> {
  if (itemIds.length === 0) return new Map();
  return pricesWhere(db, pricelistId, inArray(priceableItems.id, [...itemIds]), options);
}

/** Every active item of the services a pricelist offers, priced (the edit-prices grid). */
export async function effectivePricesOfPricelist(db: Queryable, pricelistId: number, options: EffectivePriceOptions = {}): Promise<Map<number, EffectivePrice>> {
  const offered = db.select({ name: pricelistServices.productName }).from(pricelistServices).where(and(eq(pricelistServices.pricelistId, pricelistId), eq(pricelistServices.isEnabled, true)));
  return pricesWhere(db, pricelistId, and(eq(priceableItems.isActive, true), inArray(priceableItems.productName, offered))!, options);
}

async function pricesWhere(db: Queryable, pricelistId: number, itemCondition: SQL, options: EffectivePriceOptions): Promise<Map<number, EffectivePrice>> {
  const at = options.at ?? new Date();
  const [pricelist] = await db.select().from(pricelists).where(eq(pricelists.id, pricelistId)).limit(1);
  if (!pricelist) return new Map();
  const rules = await pricelistRules(db, pricelistId);
  const items = await db
    .select({ item: priceableItems, vendorAccountId: products.vendorAccountId, currency: products.currency })
    .from(priceableItems)
    .innerJoin(products, eq(products.name, priceableItems.productName))
    .where(itemCondition);
  // Only the pricelist owner's groups scope its rules.
  const productNames = [...new Set(items.map((row) => row.item.productName))];
  const memberships = productNames.length
    ? await db
        .select({ productName: serviceGroupServices.productName, groupId: serviceGroupServices.serviceGroupId })
        .from(serviceGroupServices)
        .innerJoin(serviceGroups, eq(serviceGroups.id, serviceGroupServices.serviceGroupId))
        .where(and(eq(serviceGroups.ownerAccountId, pricelist.ownerAccountId), inArray(serviceGroupServices.productName, productNames)))
    : [];
  const groupsByProduct = new Map<string, number[]>();
  for (const row of memberships) groupsByProduct.set(row.productName, [...(groupsByProduct.get(row.productName) ?? []), row.groupId]);
  const rates = new Map<string, Awaited<ReturnType<typeof latestRate>>>();
  const result = new Map<number, EffectivePrice>();
  for (const { item, vendorAccountId, currency } of items) {
    let exchangeRate: { rate: string; asOf: Date } | null = null;
    if (currency !== pricelist.currency) {
      if (!rates.has(currency)) rates.set(currency, await latestRate(db, currency, pricelist.currency, at));
      const rate = rates.get(currency);
      const maxAgeMs = (options.maxExchangeRateAgeDays ?? DEFAULT_MAX_EXCHANGE_RATE_AGE_DAYS) * DAY_MS;
      if (!rate || at.getTime() - rate.asOf.getTime() > maxAgeMs) {
        result.set(item.id, { itemId: item.id, isPriced: false, currency: pricelist.currency, skipped: [], problem: rate ? 'exchange_rate_outdated' : 'exchange_rate_missing', exchangeRate: null });
        continue;
      }
      exchangeRate = rate;
    }
    // Vendor amounts in the pricelist's currency, kept at unit-price scale; the price function rounds once.
    const convert = (amount: string | null) => (amount === null || !exchangeRate ? amount : money(amount).times(exchangeRate.rate).toFixed(UNIT_PRICE_SCALE));
    const price = priceByRules(
      {
        id: item.id,
        vendorAccountId: vendorAccountId ?? 0,
        serviceGroupIds: groupsByProduct.get(item.productName) ?? [],
        feeType: item.feeType as FeeType,
        currency: pricelist.currency,
        purchasePrice: convert(item.purchasePrice),
        srp: convert(item.srp),
      },
      rules,
    );
    result.set(item.id, { ...price, itemId: item.id, currency: pricelist.currency, exchangeRate });
  }
  return result;
}

/** The effective price of one item (DESIGN.md's effectivePrice(item, pricelist, at)). */
export async function effectivePrice(db: Queryable, itemId: number, pricelistId: number, options: EffectivePriceOptions = {}): Promise<EffectivePrice | undefined> {
  return (await effectivePrices(db, pricelistId, [itemId], options)).get(itemId);
}

async function latestRate(db: Queryable, base: string, quote: string, at: Date) {
  const [row] = await db
    .select({ rate: exchangeRates.rate, asOf: exchangeRates.asOf })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.baseCurrency, base), eq(exchangeRates.quoteCurrency, quote), lte(exchangeRates.asOf, at)))
    .orderBy(desc(exchangeRates.asOf))
    .limit(1);
  return row;
}
