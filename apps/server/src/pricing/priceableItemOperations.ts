import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  explainPriceRequestSchema,
  explainPriceResponseSchema,
  getPriceableItemsRequestSchema,
  getPriceableItemsResponseSchema,
  type FeeType,
  type PricedItem,
} from '@cmp/contracts/pricing';
import type { Queryable } from '../platform/db/database';
import { accounts, priceableItems, pricelistServices, products } from '../platform/db/schema';
import { accessDenied } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import { effectivePrice, effectivePricesOfPricelist, pricelistRules, type EffectivePrice } from './effectivePrice';
import { money } from './money';
import { marketplaceRule, requirePricelist } from './pricelistAccess';

// The priceable items of a pricelist with their prices (the edit-prices grid) and the explanation
// of one price (issue 13: "every price explains itself"). Both ask the one price function.

interface ItemFacts {
  id: number;
  productName: string;
  serviceDisplayName: string;
  name: string;
  feeType: string;
  unit: string | null;
  vendorAccountId: number | null;
  vendorName: string | null;
}

const itemFacts = (db: Queryable) =>
  db
    .select({
      id: priceableItems.id,
      productName: priceableItems.productName,
      serviceDisplayName: products.displayName,
      name: priceableItems.name,
      feeType: priceableItems.feeType,
      unit: priceableItems.unit,
      vendorAccountId: products.vendorAccountId,
      vendorName: accounts.displayName,
    })
    .from(priceableItems)
    .innerJoin(products, eq(products.name, priceableItems.productName))
    .leftJoin(accounts, eq(accounts.id, products.vendorAccountId));

function toPricedItem(facts: ItemFacts, price: EffectivePrice | undefined, currency: string): PricedItem {
  const priced = price?.isPriced ? price : undefined;
  return {
    PriceableItemId: facts.id,
    ServiceName: facts.productName,
    ServiceDisplayName: facts.serviceDisplayName,
    ItemName: facts.name,
    FeeType: facts.feeType as FeeType,
    Unit: facts.unit,
    VendorAccountId: facts.vendorAccountId,
    VendorName: facts.vendorName ?? '',
    Currency: currency,
    PurchasePrice: priced?.purchasePrice ?? null,
    Srp: priced?.srp ?? null,
    SalesPrice: priced?.price ?? null,
    Margin: priced?.margin ?? null,
    MarginPercent: priced?.marginPercent ?? null,
    IsBelowPurchase: priced?.isBelowPurchase ?? false,
    Rule: priced?.explanation ?? null,
    Problem: priced ? null : price && 'problem' in price ? price.problem : 'no_rule',
  };
}

type SortKey = (item: PricedItem) => string | null;
const SORT_KEYS: Record<string, SortKey> = {
  Service: (item) => `${item.ServiceDisplayName}\u0000${item.ItemName}`,
  Vendor: (item) => item.VendorName,
  PurchasePrice: (item) => item.PurchasePrice,
  Srp: (item) => item.Srp,
  SalesPrice: (item) => item.SalesPrice,
  Margin: (item) => item.Margin,
  MarginPercent: (item) => item.MarginPercent,
};
const isAmount = (field: string) => field !== 'Service' && field !== 'Vendor';

/** Sorts in place; amounts compare as exact decimals, an absent amount last in either direction. */
function sortItems(items: PricedItem[], field: string, direction: 'asc' | 'desc') {
  const key = SORT_KEYS[field]!;
  const sign = direction === 'asc' ? 1 : -1;
  items.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === y ? a.PriceableItemId - b.PriceableItemId : x === null ? 1 : -1;
    const order = isAmount(field) ? money(x).comparedTo(y) : x.localeCompare(y, 'en', { sensitivity: 'base' });
    return order * sign || a.PriceableItemId - b.PriceableItemId;
  });
}

const getPriceableItems = defineOperation({
  service: 'IMarketplaceService',
  operation: 'GetPriceableItems',
  readOnly: true,
  summary:
    'One page of the priceable items of the services a pricelist offers, each with purchase price and SRP in the pricelist currency, sales price, margin (money and %), the rule that priced it, and why not when it has no price; filtered by text, vendors or below-purchase, sorted on the server.',
  request: getPriceableItemsRequestSchema,
  response: getPriceableItemsResponseSchema,
  rule: marketplaceRule('Read'),
  async handler(input, { db, caller }) {
    const { pricelist } = await requirePricelist(db, caller, input.marketplaceId, marketplaceRule('Read'));
    const items = await pricedItemsOf(db, pricelist, input);
    return { Items: items.slice(input.page * input.pageSize, (input.page + 1) * input.pageSize), Total: items.length };
  },
});

/** Every priced item of a pricelist, filtered and sorted as GetPriceableItems asks (its Excel export too). */
export async function pricedItemsOf(db: Queryable, pricelist: { id: number; currency: string }, input: Pick<z.output<typeof getPriceableItemsRequestSchema>, 'filter' | 'sortBy' | 'sortDirection'>): Promise<PricedItem[]> {
  const prices = await effectivePricesOfPricelist(db, pricelist.id);
  const offered = db.select({ name: pricelistServices.productName }).from(pricelistServices).where(and(eq(pricelistServices.pricelistId, pricelist.id), eq(pricelistServices.isEnabled, true)));
  const facts = await itemFacts(db).where(and(eq(priceableItems.isActive, true), inArray(priceableItems.productName, offered)));
  let items = facts.map((row) => toPricedItem(row, prices.get(row.id), pricelist.currency));
  const { Text, VendorAccountIds, BelowPurchaseOnly } = input.filter;
  if (Text) {
    const text = Text.toLocaleLowerCase();
    items = items.filter((item) => `${item.ServiceDisplayName} ${item.ItemName} ${item.ServiceName}`.toLocaleLowerCase().includes(text));
  }
  if (VendorAccountIds?.length) items = items.filter((item) => item.VendorAccountId !== null && VendorAccountIds.includes(item.VendorAccountId));
  if (BelowPurchaseOnly) items = items.filter((item) => item.IsBelowPurchase);
  sortItems(items, input.sortBy, input.sortDirection);
  return items;
}

const explainPrice = defineOperation({
  service: 'IPricingRuleService',
  operation: 'ExplainPrice',
  readOnly: true,
  summary: "How a pricelist prices one item: the price, margin, the rule that priced it, and the rules whose scope held the item but that could not price it (no purchase price, no SRP).",
  request: explainPriceRequestSchema,
  response: explainPriceResponseSchema,
  rule: marketplaceRule('Read'),
  async handler(input, { db, caller }) {
    const { pricelist } = await requirePricelist(db, caller, input.marketplaceId, marketplaceRule('Read'));
    const [facts] = await itemFacts(db).where(eq(priceableItems.id, input.priceableItemId));
    // An item of the catalog exists for every pricelist; a missing one answers like a foreign id.
    if (!facts) throw accessDenied();
    const price = await effectivePrice(db, facts.id, pricelist.id);
    const rules = new Map((await pricelistRules(db, pricelist.id)).map((rule) => [rule.id, rule.name]));
    return {
      ...toPricedItem(facts, price, pricelist.currency),
      Skipped: (price?.skipped ?? []).map((skip) => ({ RuleId: skip.ruleId, RuleName: rules.get(skip.ruleId) ?? '', Reason: skip.reason })),
    };
  },
});

export const priceableItemOperations = [getPriceableItems, explainPrice];
