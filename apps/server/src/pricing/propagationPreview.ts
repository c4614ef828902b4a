import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PREVIEW_DETAILED_TARGETS, PREVIEW_ITEMS_PER_TARGET, type PropagationFilter, type PropagationPreview, type PropagationTarget } from '@cmp/contracts/propagation';
import type { Queryable } from '../platform/db/database';
import { pricelistCustomers, pricelistItemCosts, pricelistServices, pricePreviews } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { pricesWithChange } from './effectivePrice';
import { minorUnits, money, roundToMinorUnit, type Money } from './money';
import { costsIn, fingerprintOf, loadFilters, sourcePrices, targetPricelists, type SourcePrices, type TargetPricelist } from './propagationSource';

/** Costs per target currency, converted once per currency. */
async function costsByCurrency(db: Queryable, source: SourcePrices, targets: readonly TargetPricelist[]) {
  const result = new Map<string, Map<number, string>>();
  for (const currency of new Set(targets.map((target) => target.currency))) result.set(currency, await costsIn(db, source, currency));
  return result;
}

/** An amount as the API shows it: at least the currency's minor unit, no trailing zeros beyond it (4.430000 → 4.43). */
const shown = (amount: string, currency: string) => money(amount).toFixed(Math.max(minorUnits(currency), money(amount).decimalPlaces()));

const sameAmount = (a: string | null | undefined, b: string) => a !== null && a !== undefined && money(a).equals(money(b));

// ── Preview ──

interface PreviewOptions {
  sourcePricelistId: number;
  customerAccountIds?: readonly number[];
  createdByAccountId: number;
}

/**
 * The effect of propagating a pricelist now: per target pricelist the items whose cost changes
 * (old → new), the target's sales price now and with the new cost under its own rules (the one
 * price function with the change applied: pricesWithChange), its customers, and the monthly
 * recurring revenue and margin change of its owner over its customers' subscriptions. Stored in
 * price_previews with the fingerprint of the source prices; Propagate applies exactly that.
 */
export async function previewPropagation(db: Queryable, options: PreviewOptions): Promise<PropagationPreview> {
  const filters = await loadFilters(db, options.sourcePricelistId);
  const source = await sourcePrices(db, options.sourcePricelistId, filters);
  const targets = await targetPricelists(db, options.sourcePricelistId, options.customerAccountIds);
  const targetIds = targets.map((target) => target.id);
  const costs = await costsByCurrency(db, source, targets);
  const itemIds = source.items.map((item) => item.itemId);
  const itemsById = new Map(source.items.map((item) => [item.itemId, item]));

  const storedCosts = new Map<number, Map<number, string>>();
  const storedServices = new Map<number, Set<string>>();
  const customerCounts = new Map<number, number>();
  const quantities = new Map<string, number>();
  if (targetIds.length) {
    const costRows = itemIds.length
      ? await db
          .select({ pricelistId: pricelistItemCosts.pricelistId, itemId: pricelistItemCosts.priceableItemId, cost: pricelistItemCosts.purchasePrice })
          .from(pricelistItemCosts)
          .where(and(inArray(pricelistItemCosts.pricelistId, targetIds), inArray(pricelistItemCosts.priceableItemId, itemIds)))
      : [];
    for (const row of costRows) {
      if (!storedCosts.has(row.pricelistId)) storedCosts.set(row.pricelistId, new Map());
      storedCosts.get(row.pricelistId)!.set(row.itemId, row.cost);
    }
    const serviceRows = await db.select({ pricelistId: pricelistServices.pricelistId, name: pricelistServices.productName }).from(pricelistServices).where(inArray(pricelistServices.pricelistId, targetIds));
    for (const row of serviceRows) {
      if (!storedServices.has(row.pricelistId)) storedServices.set(row.pricelistId, new Set());
      storedServices.get(row.pricelistId)!.add(row.name);
    }
    const customerRows = await db
      .select({ pricelistId: pricelistCustomers.pricelistId, n: sql<number>`count(*)::int` })
      .from(pricelistCustomers)
      .where(inArray(pricelistCustomers.pricelistId, targetIds))
      .groupBy(pricelistCustomers.pricelistId);
    for (const row of customerRows) customerCounts.set(row.pricelistId, row.n);
    // Subscriptions (Product accounts) under each target's customers, per service.
    const quantityRows = (await db.execute(sql`
      select pc.pricelist_id as "pricelistId", s.product_name as "productName", sum(s.quantity)::int as quantity
      from pricelist_customers pc
      join accounts c on c.id = pc.customer_account_id
      join accounts a on a.path like c.path || '%'
      join subscriptions s on s.account_id = a.id
      where pc.pricelist_id in (${sql.join(targetIds.map((id) => sql`${id}`), sql`, `)})
      group by pc.pricelist_id, s.product_name`)) as unknown as { rows: { pricelistId: number; productName: string; quantity: number }[] };
    for (const row of quantityRows.rows) quantities.set(`${row.pricelistId}/${row.productName}`, row.quantity);
  }

  const revenueTotals = new Map<string, Money>();
  const marginTotals = new Map<string, Money>();
  const previewTargets: PropagationTarget[] = [];
  for (const [targetIndex, target] of targets.entries()) {
    const newCosts = costs.get(target.currency)!;
    const stored = storedCosts.get(target.id) ?? new Map<number, string>();
    const changedIds = source.items.filter((item) => !sameAmount(stored.get(item.itemId), newCosts.get(item.itemId)!)).map((item) => item.itemId);
    const servicesAdded = source.serviceNames.filter((name) => !storedServices.get(target.id)?.has(name)).length;
    let revenue = money(0);
    let margin = money(0);
    const changes: PropagationTarget['Changes'] = [];
    // Prices with the new costs are worked out where they are shown (the first targets) or move revenue (subscriptions).
    const isDetailed = targetIndex < PREVIEW_DETAILED_TARGETS;
    const pricedIds = isDetailed ? changedIds : changedIds.filter((id) => (quantities.get(`${target.id}/${itemsById.get(id)!.productName}`) ?? 0) > 0);
    if (pricedIds.length) {
      const priced = await pricesWithChange(db, target.id, { costs: new Map(pricedIds.map((id) => [id, newCosts.get(id)!])) }, { items: pricedIds });
      const pricedSet = new Set(pricedIds);
      for (const item of source.items) {
        if (!pricedSet.has(item.itemId)) continue;
        const before = priced?.current.get(item.itemId);
        const after = priced?.changed.get(item.itemId);
        const oldPrice = before?.isPriced ? before.price : null;
        const newPrice = after?.isPriced ? after.price : null;
        const oldCost = stored.get(item.itemId) ?? (before?.isPriced ? before.purchasePrice : null);
        const newCost = newCosts.get(item.itemId)!;
        const quantity = quantities.get(`${target.id}/${item.productName}`) ?? 0;
        if (quantity > 0 && item.feeType === 'Recurring' && oldPrice !== null && newPrice !== null) {
          const perMonth = (amount: Money) => (item.billingPeriod === 'Annual' ? amount.div(12) : amount);
          const revenueLine = roundToMinorUnit(perMonth(money(newPrice).minus(oldPrice).times(quantity)), target.currency);
          const costLine = roundToMinorUnit(perMonth(money(newCost).minus(oldCost ?? newCost).times(quantity)), target.currency);
          revenue = revenue.plus(revenueLine);
          margin = margin.plus(revenueLine.minus(costLine));
        }
        if (isDetailed && changes.length < PREVIEW_ITEMS_PER_TARGET) {
          changes.push({
            PriceableItemId: item.itemId,
            ServiceName: item.productName,
            ServiceDisplayName: item.serviceDisplayName,
            ItemName: item.itemName,
            FeeType: item.feeType,
            OldCost: oldCost === null ? null : shown(oldCost, target.currency),
            NewCost: shown(newCost, target.currency),
            OldPrice: oldPrice,
            NewPrice: newPrice,
          });
        }
      }
    }
    revenueTotals.set(target.currency, (revenueTotals.get(target.currency) ?? money(0)).plus(revenue));
    marginTotals.set(target.currency, (marginTotals.get(target.currency) ?? money(0)).plus(margin));
    previewTargets.push({
      MarketplaceId: target.id,
      Name: target.name,
      OwnerAccountId: target.ownerAccountId,
      OwnerName: target.ownerName,
      Currency: target.currency,
      CustomersCount: customerCounts.get(target.id) ?? 0,
      ItemsCount: source.items.length,
      ChangedItemsCount: changedIds.length,
      ServicesAdded: servicesAdded,
      Changes: changes,
      RevenueDelta: revenue.toFixed(minorUnits(target.currency)),
      MarginDelta: margin.toFixed(minorUnits(target.currency)),
    });
  }
  const changedTargets = previewTargets.filter((target) => target.ChangedItemsCount > 0 || target.ServicesAdded > 0);
  const totals = (byCurrency: Map<string, Money>) => [...byCurrency].map(([Currency, amount]) => ({ Currency, Amount: amount.toFixed(minorUnits(Currency)) }));
  const fingerprint = fingerprintOf(source, filters, targetIds);
  const id = randomUUID();
  const createdAt = new Date();
  const preview: PropagationPreview = {
    PreviewId: id,
    MarketplaceId: source.pricelistId,
    Currency: source.currency,
    SourceItemsCount: source.items.length,
    UnpricedItemsCount: source.unpriced,
    Targets: previewTargets,
    Totals: {
      TargetPricelists: targets.length,
      ChangedItems: previewTargets.reduce((sum, target) => sum + target.ChangedItemsCount, 0),
      ServicesAdded: previewTargets.reduce((sum, target) => sum + target.ServicesAdded, 0),
      CustomersAffected: changedTargets.reduce((sum, target) => sum + target.CustomersCount, 0),
      RevenueDelta: totals(revenueTotals),
      MarginDelta: totals(marginTotals),
    },
    CreatedAt: createdAt.toISOString(),
  };
  await db.insert(pricePreviews).values({
    id,
    pricelistId: source.pricelistId,
    kind: 'Propagation',
    request: { filters, targetPricelistIds: targetIds, customerAccountIds: options.customerAccountIds ?? null },
    fingerprint,
    // The stored summary leaves out the per-item lists (they can be long for many targets).
    summary: { ...preview, Targets: previewTargets.map((target) => ({ ...target, Changes: [] })) },
    createdByAccountId: options.createdByAccountId,
    createdAt,
  });
  return preview;
}

export interface StoredPreview {
  id: string;
  pricelistId: number;
  fingerprint: string;
  filters: PropagationFilter[];
  targetPricelistIds: number[];
}

export async function loadPreview(db: Queryable, pricelistId: number, previewId: string): Promise<StoredPreview | undefined> {
  const [row] = await db
    .select()
    .from(pricePreviews)
    .where(and(eq(pricePreviews.id, previewId), eq(pricePreviews.pricelistId, pricelistId), eq(pricePreviews.kind, 'Propagation')))
    .limit(1);
  if (!row) return undefined;
  const request = row.request as { filters: PropagationFilter[]; targetPricelistIds: number[] };
  return { id: row.id, pricelistId: row.pricelistId, fingerprint: row.fingerprint, filters: request.filters, targetPricelistIds: request.targetPricelistIds };
}

/** The source prices as they are now, against the preview's: 409 "prices changed since the preview" when they moved. */
export async function assertPreviewCurrent(db: Queryable, preview: StoredPreview): Promise<SourcePrices> {
  const source = await sourcePrices(db, preview.pricelistId, preview.filters);
  if (fingerprintOf(source, preview.filters, preview.targetPricelistIds) !== preview.fingerprint) throw new ApiError(409, 'propagation_preview_outdated');
  return source;
}

// ── The run ──
