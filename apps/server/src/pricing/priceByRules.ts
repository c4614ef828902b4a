import type { FeeType, PriceExplanation, PricingModel, PricingScopeKind } from '@cmp/contracts/pricing';
import { Money, money, moneyString, priceScale } from './money';

// The one price function's core (DESIGN.md "Commerce": prices come from one function that also
// says which rule produced them). Nothing else computes a sales price: the grid, the service page,
// Explore, orders, quotes and invoices all ask it, so a price shown is the price billed. It is pure —
// the caller loads the item and the pricelist's rules — so property tests can drive it directly.

export interface PriceableItemFacts {
  id: number;
  vendorAccountId: number;
  serviceGroupIds: readonly number[];
  feeType: FeeType;
  /** The pricelist's currency; the item's amounts are already in it. */
  currency: string;
  /** The vendor's purchase price, or the one propagated to this pricelist (pricelist_item_costs), in the pricelist's currency. */
  purchasePrice: string | null;
  srp: string | null;
  /**
   * A price typed into the edit-prices grid for this item on this pricelist (pricelist_item_prices):
   * it prices the item before every rule. Static, so it may lie below purchase (flagged).
   */
  manualPrice?: string | null;
}

export interface PricingRuleDefinition {
  id: number;
  name: string;
  /** 1 is the highest; the default rule comes after every other whatever its number. */
  priority: number;
  isDefault: boolean;
  model: PricingModel;
  /** The percentage (Markup, GrossMargin, SrpDiscount) or the price (Static); null for Srp. */
  parameter: string | null;
  scope: { kind: PricingScopeKind; ids: readonly number[] };
}

/** Why a rule whose scope matched could not price the item, so the next one did. */
export interface SkippedRule {
  ruleId: number;
  reason: 'no_purchase_price' | 'no_srp';
}

export type PriceResult =
  | {
      isPriced: true;
      price: string;
      purchasePrice: string | null;
      /** The SRP the price was compared with, at least at the price's scale. */
      srp: string | null;
      /** Sales minus purchase price, and that as a share of the sales price (gross margin %), 2 decimals. */
      margin: string | null;
      marginPercent: string | null;
      /** Only a static rule may price below purchase (issue 13); the grid flags it. */
      isBelowPurchase: boolean;
      explanation: PriceExplanation;
      skipped: SkippedRule[];
    }
  | { isPriced: false; skipped: SkippedRule[] };

const HUNDRED = money(100);

/** The explanation's rule name of a manual price (the web says it in the reader's language). */
export const MANUAL_PRICE_RULE_NAME = 'Manual price';
/** A manual price is no rule: its explanation carries this id. */
export const MANUAL_PRICE_RULE_ID = 0;

/** Highest priority first; the default rule always last; ties by id so the order never depends on the input's. */
export function rulesInPriorityOrder(rules: readonly PricingRuleDefinition[]): PricingRuleDefinition[] {
  return [...rules].sort((a, b) => Number(a.isDefault) - Number(b.isDefault) || a.priority - b.priority || a.id - b.id);
}

export function scopeMatches(rule: PricingRuleDefinition, item: PriceableItemFacts): boolean {
  const { kind, ids } = rule.scope;
  switch (kind) {
    case 'AllServices':
      return true;
    case 'Vendors':
      return ids.includes(item.vendorAccountId);
    case 'ServiceGroups':
      return item.serviceGroupIds.some((groupId) => ids.includes(groupId));
    case 'PriceableItems':
      return ids.includes(item.id);
  }
}

// A pricelist's rules price thousands of items: their order and factors are worked out once per
// rules array and rule (the arrays and rules are not changed once made).
const orderedRules = new WeakMap<readonly PricingRuleDefinition[], PricingRuleDefinition[]>();
const ruleFactors = new WeakMap<PricingRuleDefinition, { parameter: Money; up: Money; down: Money }>();
function factorsOf(rule: PricingRuleDefinition) {
  let factors = ruleFactors.get(rule);
  if (!factors) {
    const parameter = money(rule.parameter ?? 0);
    const percent = parameter.div(HUNDRED);
    factors = { parameter, up: money(1).plus(percent), down: money(1).minus(percent) };
    ruleFactors.set(rule, factors);
  }
  return factors;
}

/** The unrounded price a rule gives, or why it cannot give one. */
function rawPrice(rule: PricingRuleDefinition, item: PriceableItemFacts): Money | SkippedRule['reason'] {
  switch (rule.model) {
    case 'Static':
      return factorsOf(rule).parameter;
    case 'Srp':
      return item.srp === null ? 'no_srp' : money(item.srp);
    case 'SrpDiscount':
      return item.srp === null ? 'no_srp' : money(item.srp).times(factorsOf(rule).down);
    case 'Markup':
      return item.purchasePrice === null ? 'no_purchase_price' : money(item.purchasePrice).times(factorsOf(rule).up);
    case 'GrossMargin':
      // Validation keeps m below 100 %; the division is exact to 40 significant digits before rounding.
      return item.purchasePrice === null ? 'no_purchase_price' : money(item.purchasePrice).div(factorsOf(rule).down);
  }
}

/**
 * Fixes a price at its scale, half-up. A markup or gross-margin price is never rounded below the
 * purchase price (a purchase price finer than a cent could otherwise be undercut by the rounding):
 * there the price is rounded up instead.
 */
function fixPrice(raw: Money, rule: PricingRuleDefinition, item: PriceableItemFacts): Money {
  const scale = priceScale(item.currency, item.feeType);
  const rounded = raw.toDecimalPlaces(scale, Money.ROUND_HALF_UP);
  const keepsAbovePurchase = (rule.model === 'Markup' || rule.model === 'GrossMargin') && item.purchasePrice !== null;
  if (keepsAbovePurchase && rounded.lessThan(item.purchasePrice!)) return raw.toDecimalPlaces(scale, Money.ROUND_CEIL);
  return rounded;
}

/** The sales price with what follows from it: margin, margin %, the below-purchase flag. */
function pricedResult(item: PriceableItemFacts, price: Money, explanation: PriceExplanation, skipped: SkippedRule[]): PriceResult {
  const scale = priceScale(item.currency, item.feeType);
  const purchase = item.purchasePrice === null ? null : money(item.purchasePrice);
  const margin = purchase && price.minus(purchase);
  const srp = item.srp === null ? null : money(item.srp);
  return {
    isPriced: true,
    price: moneyString(price, scale),
    purchasePrice: purchase && moneyString(purchase, Math.max(scale, purchase.decimalPlaces())),
    srp: srp && moneyString(srp, Math.max(scale, srp.decimalPlaces())),
    margin: margin && moneyString(margin, Math.max(scale, margin.decimalPlaces())),
    marginPercent: margin && !price.isZero() ? moneyString(margin.div(price).times(HUNDRED), 2) : null,
    isBelowPurchase: purchase !== null && price.lessThan(purchase),
    explanation,
    skipped,
  };
}

/**
 * The sales price of an item under a pricelist's rules: a manual price first (it wins over every
 * rule), else the highest-priority rule whose scope matches and that can price it.
 */
export function priceByRules(item: PriceableItemFacts, rules: readonly PricingRuleDefinition[]): PriceResult {
  const scale = priceScale(item.currency, item.feeType);
  if (item.manualPrice !== undefined && item.manualPrice !== null) {
    // Like a static rule: rounded half-up at the scale, never lifted to the purchase price.
    const manual = money(item.manualPrice);
    return pricedResult(item, manual.toDecimalPlaces(scale, Money.ROUND_HALF_UP), {
      RuleId: MANUAL_PRICE_RULE_ID,
      RuleName: MANUAL_PRICE_RULE_NAME,
      Model: 'Static',
      Parameter: manual.toString(),
      IsDefaultRule: false,
      IsManualPrice: true,
    }, []);
  }
  const skipped: SkippedRule[] = [];
  let ordered = orderedRules.get(rules);
  if (!ordered) {
    ordered = rulesInPriorityOrder(rules);
    orderedRules.set(rules, ordered);
  }
  for (const rule of ordered) {
    if (!scopeMatches(rule, item)) continue;
    const raw = rawPrice(rule, item);
    if (typeof raw === 'string') {
      skipped.push({ ruleId: rule.id, reason: raw });
      continue;
    }
    return pricedResult(
      item,
      fixPrice(raw, rule, item),
      {
        RuleId: rule.id,
        RuleName: rule.name,
        Model: rule.model,
        Parameter: rule.model === 'Srp' ? null : factorsOf(rule).parameter.toString(),
        IsDefaultRule: rule.isDefault,
        IsManualPrice: false,
      },
      skipped,
    );
  }
  return { isPriced: false, skipped };
}
