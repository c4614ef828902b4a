import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, like, ne } from 'drizzle-orm';
import type { AffectedCustomer, PriceChange, PricePreview } from '@cmp/contracts/pricePreview';
import { MAX_PREVIEW_ITEMS } from '@cmp/contracts/pricePreview';
import type { PricingModel, PricingScopeKind } from '@cmp/contracts/pricing';
import type { Queryable } from '../platform/db/database';
import { accounts, pricePreviews, pricelistCustomers, products, subscriptions } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { customerPricelistId } from './customerPricelist';
import { loadPricingBasis, priceBasis, type EffectivePrice, type PricingBasis } from './effectivePrice';
import { minorUnits, money, roundToMinorUnit, type Money } from './money';
import type { PricingRuleDefinition } from './priceByRules';

// The price-change preview of a pricing rule change (issue 13): every item of the pricelist priced
// now and with the change (one load, the one price function twice), the items whose price changes,
// the customers it reaches with the monthly revenue and margin delta of their subscriptions, and a
// fingerprint of what the prices follow from, so that saving can apply exactly what was previewed.

/** A rule as SavePricingRule takes it (after validation). */
export interface RuleInput {
  PricingRuleId?: number | undefined;
  Name: string;
  Model: PricingModel;
  Parameter?: string | null | undefined;
  Scope: { Kind: PricingScopeKind; Ids: number[] };
}

export type RuleChange = { kind: 'Save'; rule: RuleInput } | { kind: 'Delete'; pricingRuleId: number } | { kind: 'Prioritize'; pricingRuleIds: number[] };

/** The id a rule not saved yet carries in a preview. */
export const NEW_RULE_ID = -1;

/** A rule as it is stored: SRP has no parameter, an all-services scope no ids, ids once each in order. */
export function normalizedRule(rule: RuleInput) {
  return {
    PricingRuleId: rule.PricingRuleId ?? null,
    Name: rule.Name.trim(),
    Model: rule.Model,
    Parameter: rule.Model === 'Srp' ? null : (rule.Parameter ?? null),
    Scope: { Kind: rule.Scope.Kind, Ids: rule.Scope.Kind === 'AllServices' ? [] : [...new Set(rule.Scope.Ids)] },
  };
}

/** The pricelist's rules as they would be after the change (the same placement SavePricingRule and the others give). */
export function rulesWithChange(rules: readonly PricingRuleDefinition[], change: RuleChange): PricingRuleDefinition[] {
  switch (change.kind) {
    case 'Save': {
      const rule = normalizedRule(change.rule);
      const definition = { name: rule.Name, model: rule.Model, parameter: rule.Parameter, scope: { kind: rule.Scope.Kind, ids: rule.Scope.Ids } };
      if (rule.PricingRuleId === null) {
        // A new rule comes last before the default rule.
        const last = Math.max(0, ...rules.filter((existing) => !existing.isDefault).map((existing) => existing.priority));
        return [...rules, { id: NEW_RULE_ID, priority: last + 1, isDefault: false, ...definition }];
      }
      return rules.map((existing) => (existing.id === rule.PricingRuleId ? { ...existing, ...definition } : existing));
    }
    case 'Delete':
      return rules.filter((existing) => existing.id !== change.pricingRuleId);
    case 'Prioritize': {
      const order = new Map(change.pricingRuleIds.map((id, index) => [id, index + 1]));
      return rules.map((existing) => (existing.isDefault ? existing : { ...existing, priority: order.get(existing.id) ?? existing.priority }));
    }
  }
}

/**
 * What the pricelist's prices follow from and what they are: its rules, and per item the price, the
 * rule, purchase price, SRP and manual price. Equal fingerprints mean a change gives the same result.
 */
export function pricesFingerprint(basis: PricingBasis, prices: ReadonlyMap<number, EffectivePrice>): string {
  const hash = createHash('sha256');
  for (const rule of [...basis.rules].sort((a, b) => a.id - b.id)) {
    hash.update(`r${rule.id}|${rule.priority}|${rule.isDefault}|${rule.model}|${rule.parameter ?? ''}|${rule.scope.kind}|${rule.scope.ids.join(',')}\n`);
  }
  for (const item of [...basis.items].sort((a, b) => a.itemId - b.itemId)) {
    const price = prices.get(item.itemId);
    const priced = price?.isPriced ? price : undefined;
    hash.update(`i${item.itemId}|${priced?.price ?? ''}|${priced?.purchasePrice ?? ''}|${priced?.srp ?? ''}|${priced?.explanation.RuleId ?? ''}|${item.manualPrice ?? ''}|${item.cost ?? ''}\n`);
  }
  return hash.digest('hex');
}

/** Monthly amount of a recurring price for a subscription: quantity × price (flat: × 1), an annual price spread over 12 months, fixed at the minor unit. */
function monthlyAmount(price: string | null, quantity: number, billingRule: string, billingPeriod: string, currency: string): Money {
  if (price === null) return money(0);
  const amount = money(price).times(billingRule === 'Flat' ? 1 : quantity);
  return roundToMinorUnit(billingPeriod === 'Annual' ? amount.div(12) : amount, currency);
}

const pricedOf = (price: EffectivePrice | undefined) => (price?.isPriced ? price : undefined);

export interface RuleChangeEffect {
  fingerprint: string;
  /** The answer without its PreviewId and CreatedAt. */
  preview: Omit<PricePreview, 'PreviewId' | 'CreatedAt'>;
}

/** Prices the pricelist now and with the change, and tells the effect. */
export async function ruleChangeEffect(db: Queryable, pricelistId: number, change: RuleChange): Promise<RuleChangeEffect> {
  const basis = await loadPricingBasis(db, pricelistId, 'offered');
  if (!basis) throw new Error(`pricelist ${pricelistId} vanished`);
  const current = priceBasis(basis);
  const changed = priceBasis(basis, { rules: rulesWithChange(basis.rules, change) });
  const fingerprint = pricesFingerprint(basis, current);

  const changedItems = basis.items.filter((item) => (pricedOf(current.get(item.itemId))?.price ?? null) !== (pricedOf(changed.get(item.itemId))?.price ?? null));
  const productNames = [...new Set(changedItems.map((item) => item.productName))];
  const productRows = productNames.length
    ? await db
        .select({ name: products.name, displayName: products.displayName, billingRule: products.billingRule, billingPeriod: products.billingPeriod })
        .from(products)
        .where(inArray(products.name, productNames))
    : [];
  const productByName = new Map(productRows.map((row) => [row.name, row]));
  const changes: PriceChange[] = changedItems.map((item) => {
    const before = pricedOf(current.get(item.itemId));
    const after = pricedOf(changed.get(item.itemId));
    return {
      PriceableItemId: item.itemId,
      ServiceName: item.productName,
      ServiceDisplayName: productByName.get(item.productName)?.displayName ?? item.productName,
      ItemName: item.name,
      FeeType: item.feeType,
      OldPrice: before?.price ?? null,
      NewPrice: after?.price ?? null,
      OldMargin: before?.margin ?? null,
      NewMargin: after?.margin ?? null,
      OldMarginPercent: before?.marginPercent ?? null,
      NewMarginPercent: after?.marginPercent ?? null,
      OldRule: before?.explanation ?? null,
      NewRule: after?.explanation ?? null,
      IsBelowPurchase: after?.isBelowPurchase ?? false,
    };
  });
  changes.sort((a, b) => a.ServiceDisplayName.localeCompare(b.ServiceDisplayName, 'en') || a.ItemName.localeCompare(b.ItemName, 'en') || a.PriceableItemId - b.PriceableItemId);

  // The customers this pricelist applies to (of several pricelists, a customer has the nearest and highest one).
  const assigned = await db
    .select({ id: accounts.id, displayName: accounts.displayName, type: accounts.type, path: accounts.path })
    .from(pricelistCustomers)
    .innerJoin(accounts, eq(accounts.id, pricelistCustomers.customerAccountId))
    .where(eq(pricelistCustomers.pricelistId, pricelistId));
  const customers: AffectedCustomer[] = [];
  let revenueDelta = money(0);
  let marginDelta = money(0);
  // Recurring items whose price changes, by service: what a subscription of that service pays more or less each month.
  const recurringChanges = new Map<string, PriceChange[]>();
  for (const change of changes) if (change.FeeType === 'Recurring') recurringChanges.set(change.ServiceName, [...(recurringChanges.get(change.ServiceName) ?? []), change]);
  const purchaseOf = (price: string | null, margin: string | null) => (price === null || margin === null ? null : money(price).minus(margin).toString());
  for (const customer of assigned.sort((a, b) => a.displayName.localeCompare(b.displayName, 'en'))) {
    if ((await customerPricelistId(db, customer.id)) !== pricelistId) continue;
    let subscriptionCount = 0;
    let customerRevenue = money(0);
    let customerMargin = money(0);
    if (recurringChanges.size > 0) {
      // A customer reseller is billed by this pricelist for every subscription below it.
      const rows = await db
        .select({ productName: subscriptions.productName, quantity: subscriptions.quantity })
        .from(subscriptions)
        .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
        .where(and(like(accounts.path, `${customer.path}%`), ne(accounts.state, 'Terminated'), inArray(subscriptions.productName, [...recurringChanges.keys()])));
      for (const row of rows) {
        const product = productByName.get(row.productName)!;
        subscriptionCount += 1;
        for (const change of recurringChanges.get(row.productName) ?? []) {
          const monthly = (price: string | null) => monthlyAmount(price, row.quantity, product.billingRule, product.billingPeriod, basis.currency);
          customerRevenue = customerRevenue.plus(monthly(change.NewPrice)).minus(monthly(change.OldPrice));
          const newPurchase = purchaseOf(change.NewPrice, change.NewMargin);
          const oldPurchase = purchaseOf(change.OldPrice, change.OldMargin);
          customerMargin = customerMargin
            .plus(monthly(change.NewPrice).minus(monthly(newPurchase ?? change.NewPrice)))
            .minus(monthly(change.OldPrice).minus(monthly(oldPurchase ?? change.OldPrice)));
        }
      }
    }
    revenueDelta = revenueDelta.plus(customerRevenue);
    marginDelta = marginDelta.plus(customerMargin);
    customers.push({
      AccountId: customer.id,
      DisplayName: customer.displayName,
      AccountType: customer.type,
      Subscriptions: subscriptionCount,
      MonthlyRevenueDelta: customerRevenue.toFixed(minorUnits(basis.currency)),
      MonthlyMarginDelta: customerMargin.toFixed(minorUnits(basis.currency)),
    });
  }
  const scale = minorUnits(basis.currency);
  return {
    fingerprint,
    preview: {
      MarketplaceId: pricelistId,
      Currency: basis.currency,
      ItemsCount: basis.items.length,
      ChangedItemsCount: changes.length,
      ChangedItems: changes.slice(0, MAX_PREVIEW_ITEMS),
      Customers: customers,
      MonthlyRevenueDelta: revenueDelta.toFixed(scale),
      MonthlyMarginDelta: marginDelta.toFixed(scale),
    },
  };
}

/** Stores a preview: what to apply, the fingerprint it started from, what was shown. */
export async function storePreview(db: Queryable, input: { pricelistId: number; change: RuleChange; effect: RuleChangeEffect; accountId: number }): Promise<PricePreview> {
  const id = randomUUID();
  const createdAt = new Date();
  await db.insert(pricePreviews).values({
    id,
    pricelistId: input.pricelistId,
    kind: 'PricingRule',
    request: changeToJson(input.change),
    fingerprint: input.effect.fingerprint,
    summary: { ...input.effect.preview, ChangedItems: input.effect.preview.ChangedItems.slice(0, 200) },
    createdByAccountId: input.accountId,
    createdAt,
  });
  return { PreviewId: id, CreatedAt: createdAt.toISOString(), ...input.effect.preview };
}

/** JSON with object keys sorted: jsonb keeps its own key order, so a stored request compares by content. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, child]) => child !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, child]) => `${JSON.stringify(key)}:${canonicalJson(child)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function changeToJson(change: RuleChange): Record<string, unknown> {
  switch (change.kind) {
    case 'Save':
      return { Change: 'Save', Rule: normalizedRule(change.rule) };
    case 'Delete':
      return { Change: 'Delete', PricingRuleId: change.pricingRuleId };
    case 'Prioritize':
      return { Change: 'Prioritize', PricingRuleIds: change.pricingRuleIds };
  }
}

/**
 * Checks, inside the saving transaction, that a preview is the one of this very change on this
 * pricelist, not applied yet, and that the prices have not moved since (the fingerprint) — else 409
 * "Prices changed since the preview. Preview again." — and marks it applied.
 */
export async function applyPreview(tx: Queryable, input: { previewId: string; pricelistId: number; change: RuleChange }): Promise<void> {
  const [preview] = await tx.select().from(pricePreviews).where(eq(pricePreviews.id, input.previewId)).for('update').limit(1);
  if (!preview || preview.pricelistId !== input.pricelistId || preview.kind !== 'PricingRule') throw new ApiError(400, 'price_preview_unknown', { field: 'previewId' });
  if (preview.appliedAt) throw new ApiError(409, 'price_preview_applied');
  if (canonicalJson(preview.request) !== canonicalJson(changeToJson(input.change))) throw new ApiError(409, 'price_preview_mismatch');
  const basis = await loadPricingBasis(tx, input.pricelistId, 'offered');
  if (!basis || pricesFingerprint(basis, priceBasis(basis)) !== preview.fingerprint) throw new ApiError(409, 'price_preview_outdated');
  await tx.update(pricePreviews).set({ appliedAt: new Date() }).where(eq(pricePreviews.id, preview.id));
}
