import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { statementOnce } from '../platform/db/statementOnce';
import type { FeeType, PricingModel, PricingScopeKind } from '@cmp/contracts/pricing';
import { DEFAULT_EXCHANGE_RATE_MAX_AGE_DAYS } from '../platform/config';
import type { Queryable } from '../platform/db/database';
import { priceableItems, pricelistItemCosts, pricelistItemPrices, pricelistServices, pricelists, pricingRules, products, serviceGroupServices, serviceGroups } from '../platform/db/schema';
import { money, UNIT_PRICE_SCALE } from './money';
import { usableRate } from './exchangeRates';
import { priceByRules, type PriceableItemFacts, type PriceResult, type PricingRuleDefinition } from './priceByRules';
import { DAY_MS } from '../platform/dates';

// DESIGN.md "Commerce": effectivePrice(item, pricelist, at) — the one place a sales price comes from.
// This loads what priceByRules needs from the database: the pricelist's rules, the items with their
// vendor and the owner's service groups, and converts vendor prices into the pricelist's currency.

/** spec §4 "Exchange rate not up to date.": a rate older than this (in days) prices nothing. */
export const DEFAULT_MAX_EXCHANGE_RATE_AGE_DAYS = DEFAULT_EXCHANGE_RATE_MAX_AGE_DAYS;

/**
 * The age every caller of the price function uses unless it passes maxExchangeRateAgeDays:
 * EXCHANGE_RATE_MAX_AGE_DAYS, set once at start by buildServer (README "Configuration"). One
 * setting per process, so no caller (grid, Explore, service page, preview, propagation) passes it by hand.
 */
let configuredMaxExchangeRateAgeDays = DEFAULT_MAX_EXCHANGE_RATE_AGE_DAYS;

export function setMaxExchangeRateAgeDays(days: number): void {
  configuredMaxExchangeRateAgeDays = days;
}

export function maxExchangeRateAgeDays(): number {
  return configuredMaxExchangeRateAgeDays;
}

export type EffectivePrice =
  | (PriceResult & { itemId: number; currency: string; exchangeRate: { rate: string; asOf: Date } | null })
  | { itemId: number; isPriced: false; currency: string; skipped: []; problem: 'exchange_rate_missing' | 'exchange_rate_outdated'; exchangeRate: null };

export interface EffectivePriceOptions {
  /** The moment the price is for (rates taken after it are not used). */
  at?: Date;
  /** Overrides the configured EXCHANGE_RATE_MAX_AGE_DAYS (see setMaxExchangeRateAgeDays). */
  maxExchangeRateAgeDays?: number;
}

/** A stored rule as the price function takes it. */
const ruleDefinition = (row: typeof pricingRules.$inferSelect): PricingRuleDefinition => ({
  id: row.id,
  name: row.name,
  priority: row.priority,
  isDefault: row.isDefault,
  model: row.model as PricingModel,
  parameter: row.parameter,
  scope: { kind: row.scopeKind as PricingScopeKind, ids: row.scopeIds },
});

/** The rules of a pricelist as the price function takes them. */
export async function pricelistRules(db: Queryable, pricelistId: number): Promise<PricingRuleDefinition[]> {
  const rows = await db.select().from(pricingRules).where(eq(pricingRules.pricelistId, pricelistId));
  return rows.map(ruleDefinition);
}

/**
 * A hypothetical change to price with (issue 13 "price-change preview", propagation): other rules
 * (one added, changed or removed, priorities moved), other propagated purchase prices, other manual
 * prices. An item missing from a map keeps what is stored; a null removes the stored value.
 */
export interface PricingChange {
  /** The pricelist's rules as they would be (replaces the stored ones). */
  rules?: readonly PricingRuleDefinition[];
  /** Propagated purchase prices (pricelist_item_costs), in the pricelist's currency, by item id. */
  costs?: ReadonlyMap<number, string | null>;
  /** Manual prices (pricelist_item_prices) by item id. */
  manualPrices?: ReadonlyMap<number, string | null>;
}

/** One item as stored, before a rule is applied: what priceByRules needs, still in the vendor's terms. */
export interface ItemPricingBasis {
  itemId: number;
  productName: string;
  name: string;
  feeType: FeeType;
  vendorAccountId: number;
  serviceGroupIds: number[];
  vendorCurrency: string;
  vendorPurchasePrice: string | null;
  vendorSrp: string | null;
  /** The propagated purchase price (already in the pricelist's currency), if any. */
  cost: string | null;
  manualPrice: string | null;
  /** The rate from the vendor's currency, null when it is the pricelist's, or why there is none to use. */
  rate: { rate: string; asOf: Date } | null | 'exchange_rate_missing' | 'exchange_rate_outdated';
}

/** Everything a pricelist's prices follow from, loaded once and priced as often as needed. */
export interface PricingBasis {
  pricelistId: number;
  ownerAccountId: number;
  currency: string;
  rules: PricingRuleDefinition[];
  items: ItemPricingBasis[];
}

/** Which items: those the pricelist offers (active items of its enabled services), or these ids. */
export type ItemSelection = 'offered' | readonly number[];

/** The sales price of each item under the pricelist, with the rule that produced it. Items not found are left out. */
export async function effectivePrices(db: Queryable, pricelistId: number, itemIds: readonly number[], options: EffectivePriceOptions = {}): Promise<Map<number, EffectivePrice>> {
  if (itemIds.length === 0) return new Map();
  const basis = await loadPricingBasis(db, pricelistId, itemIds, options);
  return basis ? priceBasis(basis) : new Map();
}

/** Every active item of the services a pricelist offers, priced (the edit-prices grid). */
export async function effectivePricesOfPricelist(db: Queryable, pricelistId: number, options: EffectivePriceOptions = {}): Promise<Map<number, EffectivePrice>> {
  const basis = await loadPricingBasis(db, pricelistId, 'offered', options);
  return basis ? priceBasis(basis) : new Map();
}

/**
 * The items' prices now and with a hypothetical change, from one load (the preview of a rule
 * change, a propagation's effect). Undefined when the pricelist does not exist.
 */
export async function pricesWithChange(
  db: Queryable,
  pricelistId: number,
  change: PricingChange,
  options: EffectivePriceOptions & { items?: ItemSelection } = {},
): Promise<{ basis: PricingBasis; current: Map<number, EffectivePrice>; changed: Map<number, EffectivePrice> } | undefined> {
  const basis = await loadPricingBasis(db, pricelistId, options.items ?? 'offered', options);
  if (!basis) return undefined;
  return { basis, current: priceBasis(basis), changed: priceBasis(basis, change) };
}

/** The pricelist with its rules in one read (one row per rule; a pricelist without rules: one row, rule null). */
const pricelistWithRules = statementOnce((q) =>
  q
    .select({ ownerAccountId: pricelists.ownerAccountId, currency: pricelists.currency, rule: pricingRules })
    .from(pricelists)
    .leftJoin(pricingRules, eq(pricingRules.pricelistId, pricelists.id))
    .where(eq(pricelists.id, sql.placeholder('pricelistId'))),
);

/**
 * The items with their service, the pricelist's propagated cost and manual price of each, and the
 * owner's groups of their service, in one read. The pricelist and its owner are values or
 * placeholders; `head`, when given, is selected with every row too (itemBasisByIds).
 */
function itemBasis<H extends Record<string, SQL.Aliased | SQL>>(
  db: Queryable,
  pricelistId: number | Placeholder,
  ownerAccountId: number | Placeholder | SQL,
  itemCondition: SQL,
  head?: H,
) {
  // Only the pricelist owner's groups scope its rules: its groups of each service, aggregated once.
  const ownerGroups = db
    .select({ productName: serviceGroupServices.productName, groupIds: sql<number[]>`array_agg(${serviceGroupServices.serviceGroupId})`.as('group_ids') })
    .from(serviceGroupServices)
    .innerJoin(serviceGroups, eq(serviceGroups.id, serviceGroupServices.serviceGroupId))
    .where(eq(serviceGroups.ownerAccountId, ownerAccountId))
    .groupBy(serviceGroupServices.productName)
    .as('owner_groups');
  return (
    db
      // Only the columns the price needs: a whole pricelist is 20,000 rows and more.
      .select({
        item: { id: priceableItems.id, productName: priceableItems.productName, name: priceableItems.name, feeType: priceableItems.feeType, purchasePrice: priceableItems.purchasePrice, srp: priceableItems.srp },
        vendorAccountId: products.vendorAccountId,
        currency: products.currency,
        cost: pricelistItemCosts.purchasePrice,
        manualPrice: pricelistItemPrices.salesPrice,
        groupIds: ownerGroups.groupIds,
        ...(head ?? ({} as H)),
      })
      .from(priceableItems)
      .innerJoin(products, eq(products.name, priceableItems.productName))
      .leftJoin(pricelistItemCosts, and(eq(pricelistItemCosts.pricelistId, pricelistId), eq(pricelistItemCosts.priceableItemId, priceableItems.id)))
      .leftJoin(pricelistItemPrices, and(eq(pricelistItemPrices.pricelistId, pricelistId), eq(pricelistItemPrices.priceableItemId, priceableItems.id)))
      .leftJoin(ownerGroups, eq(ownerGroups.productName, priceableItems.productName))
      .where(itemCondition)
  );
}

type ItemBasisRow = Awaited<ReturnType<typeof itemBasis>>[number];

/** The pricelist's owner, currency and rules (as the price function takes them), as one JSON value. */
interface PricelistHead {
  ownerAccountId: number;
  currency: string;
  rules: PricingRuleDefinition[];
}
const pricelistHeadJson = (pricelistId: Placeholder) =>
  sql<PricelistHead | null>`(select json_build_object('ownerAccountId', pl.owner_account_id, 'currency', pl.currency, 'rules', coalesce((
      select json_agg(json_build_object('id', r.id, 'name', r.name, 'priority', r.priority, 'isDefault', r.is_default, 'model', r.model,
        'parameter', r.parameter::text, 'scope', json_build_object('kind', r.scope_kind, 'ids', r.scope_ids)) order by r.id)
      from pricing_rules r where r.pricelist_id = pl.id), '[]'::json))
    from pricelists pl where pl.id = ${pricelistId})`;

/**
 * itemBasis of the items with these ids (an order's, a service page's) with the pricelist's head and
 * rules on every row: one round trip where the head took one more (issue 14: PlaceOrder). Built once
 * (statementOnce.ts).
 */
const itemBasisByIds = statementOnce((q) => {
  const pricelistId = sql.placeholder('pricelistId');
  return itemBasis(q, pricelistId, sql`(select owner_account_id from pricelists where id = ${pricelistId})`, sql`${priceableItems.id} = any(${sql.placeholder('itemIds')}::int[])`, {
    head: pricelistHeadJson(pricelistId).as('head'),
  });
});

/** Loads the rules, items, groups, propagated costs, manual prices and exchange rates a pricelist's prices follow from. */
export async function loadPricingBasis(db: Queryable, pricelistId: number, selection: ItemSelection, options: EffectivePriceOptions = {}): Promise<PricingBasis | undefined> {
  const at = options.at ?? new Date();
  let pricelist: PricelistHead | undefined;
  let items: ItemBasisRow[] = [];
  if (selection !== 'offered' && selection.length > 0) {
    const rows = await itemBasisByIds(db, { pricelistId, itemIds: [...selection] });
    // No row: none of the items exists (the head is read below) — or the pricelist does not.
    pricelist = rows[0]?.head ?? undefined;
    if (pricelist) items = rows;
  }
  if (!pricelist) {
    const head = await pricelistWithRules(db, { pricelistId });
    if (!head[0]) return undefined;
    pricelist = { ownerAccountId: head[0].ownerAccountId, currency: head[0].currency, rules: head.flatMap((row) => (row.rule ? [ruleDefinition(row.rule)] : [])) };
    if (selection === 'offered') {
      const offered = db.select({ name: pricelistServices.productName }).from(pricelistServices).where(and(eq(pricelistServices.pricelistId, pricelistId), eq(pricelistServices.isEnabled, true)));
      items = await itemBasis(db, pricelistId, pricelist.ownerAccountId, and(eq(priceableItems.isActive, true), inArray(priceableItems.productName, offered))!);
    }
  }
  const rules = pricelist.rules;
  const rates = new Map<string, ItemPricingBasis['rate']>();
  const maxAgeMs = (options.maxExchangeRateAgeDays ?? configuredMaxExchangeRateAgeDays) * DAY_MS;
  for (const currency of new Set(items.map((row) => row.currency))) {
    if (currency === pricelist.currency) continue;
    rates.set(currency, await usableRate(db, currency, pricelist.currency, at, maxAgeMs));
  }
  return {
    pricelistId,
    ownerAccountId: pricelist.ownerAccountId,
    currency: pricelist.currency,
    rules,
    items: items.map(({ item, vendorAccountId, currency, cost, manualPrice, groupIds }) => ({
      itemId: item.id,
      productName: item.productName,
      name: item.name,
      feeType: item.feeType as FeeType,
      vendorAccountId: vendorAccountId ?? 0,
      serviceGroupIds: groupIds ?? [],
      vendorCurrency: currency,
      vendorPurchasePrice: item.purchasePrice,
      vendorSrp: item.srp,
      cost: cost ?? null,
      manualPrice: manualPrice ?? null,
      rate: rates.get(currency) ?? null,
    })),
  };
}

/** What priceByRules gets for an item: a propagated cost replaces the vendor's purchase price and needs no exchange. */
export function itemFacts(item: ItemPricingBasis, currency: string, change: PricingChange = {}): PriceableItemFacts | 'exchange_rate_missing' | 'exchange_rate_outdated' {
  const cost = change.costs?.has(item.itemId) ? change.costs.get(item.itemId)! : item.cost;
  const manualPrice = change.manualPrices?.has(item.itemId) ? change.manualPrices.get(item.itemId)! : item.manualPrice;
  const rate = item.rate;
  if (typeof rate === 'string' && manualPrice === null) return rate;
  // Vendor amounts in the pricelist's currency, kept at unit-price scale; the price function rounds once.
  const convert = (amount: string | null) => (amount === null || typeof rate === 'string' ? null : !rate ? amount : money(amount).times(rate.rate).toFixed(UNIT_PRICE_SCALE));
  return {
    id: item.itemId,
    vendorAccountId: item.vendorAccountId,
    serviceGroupIds: item.serviceGroupIds,
    feeType: item.feeType,
    currency,
    purchasePrice: cost ?? convert(item.vendorPurchasePrice),
    srp: convert(item.vendorSrp),
    manualPrice,
  };
}

/** Prices every item of a basis, as stored or with a change. */
export function priceBasis(basis: PricingBasis, change: PricingChange = {}): Map<number, EffectivePrice> {
  const rules = change.rules ?? basis.rules;
  const result = new Map<number, EffectivePrice>();
  for (const item of basis.items) {
    const facts = itemFacts(item, basis.currency, change);
    if (typeof facts === 'string') {
      result.set(item.itemId, { itemId: item.itemId, isPriced: false, currency: basis.currency, skipped: [], problem: facts, exchangeRate: null });
      continue;
    }
    const exchangeRate = item.rate && typeof item.rate !== 'string' ? item.rate : null;
    result.set(item.itemId, { ...priceByRules(facts, rules), itemId: item.itemId, currency: basis.currency, exchangeRate });
  }
  return result;
}

/** The effective price of one item (DESIGN.md's effectivePrice(item, pricelist, at)). */
export async function effectivePrice(db: Queryable, itemId: number, pricelistId: number, options: EffectivePriceOptions = {}): Promise<EffectivePrice | undefined> {
  return (await effectivePrices(db, pricelistId, [itemId], options)).get(itemId);
}
