import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FeeType } from '@cmp/contracts/pricing';
import { passesPropagationFilters, PREVIEW_DETAILED_TARGETS, PREVIEW_ITEMS_PER_TARGET, type FilterType, type PropagationFilter, type PropagationPreview, type PropagationTarget } from '@cmp/contracts/propagation';
import type { Queryable } from '../platform/db/database';
import { arrayLiteral } from '../platform/db/insertMany';
import {
  accounts,
  exchangeRates,
  outboxEvents,
  priceableItems,
  pricelistCustomers,
  pricelistItemCosts,
  pricelistServices,
  pricelists,
  pricePreviews,
  products,
  propagationFilters,
  propagationRuns,
} from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { translateMessage } from '../platform/i18n/messages';
import { effectivePricesOfPricelist, maxExchangeRateAgeDays, pricesWithChange } from './effectivePrice';
import { recordBusinessEvent } from '../realtime/businessEvents';
import { minorUnits, money, roundToMinorUnit, UNIT_PRICE_SCALE, type Money } from './money';
import { DAY_MS } from '../platform/dates';

// Propagation (issue 13): a pricelist's sales prices become the purchase prices (pricelist_item_costs)
// of the pricelists its customer resellers own, for the services passing its filters. The sales
// prices come from the one price function (effectivePrice); this file only moves them down,
// converted into each target's currency. The job writes set-based, a batch of target pricelists per
// statement and transaction, and is idempotent: a cost that is already right is not written again.

export const PROPAGATION_JOB = 'pricing-propagation';
export const PROPAGATION_EVENT = 'DP_UpdateComplete';
/** Rows (target pricelist × item) written per statement and transaction. */
const ROWS_PER_BATCH = 5_000;

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

/** A run waiting for the job (the caller's transaction writes it with its audit entry). */
export async function createRun(db: Queryable, pricelistId: number, previewId: string, startedByAccountId: number): Promise<number> {
  const [row] = await db.insert(propagationRuns).values({ pricelistId, previewId, startedByAccountId }).returning({ id: propagationRuns.id });
  return row!.id;
}

// Array parameters as literals (platform/db/insertMany.ts); ids truncated and amounts checked as decimals first.
const intArray = (ids: readonly number[]) => arrayLiteral(ids.map((id) => Math.trunc(id)));
const decimalArray = (values: readonly string[]) => arrayLiteral(values.map((value) => money(value).toFixed()));

/**
 * Runs a propagation (the job's work, also called directly by the benchmark): for every target
 * pricelist of the preview, adds the services passing the filters that it lacks and upserts the
 * costs, a batch of targets per statement and transaction, counting progress. Only costs that
 * differ are written, so running the same propagation again changes nothing. The last transaction
 * marks the run Completed and writes the DP_UpdateComplete event into the outbox. A failure marks
 * the run Failed with its message. Returns without work for a run already finished (a redelivery).
 */
export async function runPropagation(db: Queryable, runId: number): Promise<void> {
  // Claims the run: a redelivered job or the sweeper finds it no longer pending and leaves it.
  const [run] = await db
    .update(propagationRuns)
    .set({ status: 'Running' })
    .where(and(eq(propagationRuns.id, runId), eq(propagationRuns.status, 'Pending')))
    .returning();
  if (!run) return;
  try {
    const preview = run.previewId ? await loadPreview(db, run.pricelistId, run.previewId) : undefined;
    if (!preview) throw new ApiError(400, 'propagation_preview_unknown', { field: 'previewId' });
    const source = await assertPreviewCurrent(db, preview);
    const targets = preview.targetPricelistIds.length
      ? await db.select({ id: pricelists.id, currency: pricelists.currency }).from(pricelists).where(inArray(pricelists.id, preview.targetPricelistIds)).orderBy(asc(pricelists.id))
      : [];
    const costs = new Map<string, Map<number, string>>();
    for (const currency of new Set(targets.map((target) => target.currency))) costs.set(currency, await costsIn(db, source, currency));
    const itemIds = source.items.map((item) => item.itemId);
    const total = targets.length * itemIds.length;
    await db.update(propagationRuns).set({ totalItems: total }).where(eq(propagationRuns.id, runId));
    const [pricelist] = await db.select({ ownerAccountId: pricelists.ownerAccountId, name: pricelists.name }).from(pricelists).where(eq(pricelists.id, run.pricelistId));
    const pricelistName = pricelist?.name ?? String(run.pricelistId);

    // Batches of targets of one currency, about ROWS_PER_BATCH rows each.
    const perBatch = Math.max(1, Math.floor(ROWS_PER_BATCH / Math.max(1, itemIds.length)));
    const batches: { currency: string; ids: number[] }[] = [];
    for (const currency of costs.keys()) {
      const ids = targets.filter((target) => target.currency === currency).map((target) => target.id);
      for (let start = 0; start < ids.length; start += perBatch) batches.push({ currency, ids: ids.slice(start, start + perBatch) });
    }
    const services = arrayLiteral(source.serviceNames);
    let done = 0;
    let changed = 0;
    const finish = async (tx: Queryable) => {
      const finishedAt = new Date();
      await tx.update(propagationRuns).set({ status: 'Completed', doneItems: done, changedItems: changed, finishedAt }).where(eq(propagationRuns.id, runId));
      await tx.update(pricePreviews).set({ appliedAt: finishedAt }).where(eq(pricePreviews.id, preview.id));
      await tx.insert(outboxEvents).values({
        event: PROPAGATION_EVENT,
        accountId: pricelist?.ownerAccountId ?? null,
        payload: { Event: PROPAGATION_EVENT, MarketplaceId: run.pricelistId, TimeStamp: finishedAt.toISOString() },
      });
      await recordBusinessEvent(tx, {
        event: 'PropagationFinished',
        values: { pricelist: pricelistName, changed: String(changed) },
        link: '/propagation',
        userAccountIds: [run.startedByAccountId],
      });
    };
    if (batches.length === 0) await db.transaction(finish);
    for (const [index, batch] of batches.entries()) {
      const currencyCosts = costs.get(batch.currency)!;
      await db.transaction(async (tx) => {
        const targetIds = intArray(batch.ids);
        if (source.serviceNames.length) {
          await tx.execute(sql`
            insert into pricelist_services (pricelist_id, product_name)
            select t.id, s.name from unnest(${targetIds}::int[]) as t(id) cross join unnest(${services}::text[]) as s(name)
            on conflict do nothing`);
        }
        if (itemIds.length) {
          const result = (await tx.execute(sql`
            insert into pricelist_item_costs (pricelist_id, priceable_item_id, purchase_price, source_pricelist_id, propagated_at)
            select t.id, c.item_id, c.cost, ${run.pricelistId}::int, now()
            from unnest(${targetIds}::int[]) as t(id)
            cross join unnest(${intArray(itemIds)}::int[], ${decimalArray(itemIds.map((id) => currencyCosts.get(id)!))}::numeric[]) as c(item_id, cost)
            on conflict (pricelist_id, priceable_item_id) do update
              set purchase_price = excluded.purchase_price, source_pricelist_id = excluded.source_pricelist_id, propagated_at = excluded.propagated_at
              where pricelist_item_costs.purchase_price is distinct from excluded.purchase_price
                 or pricelist_item_costs.source_pricelist_id is distinct from excluded.source_pricelist_id
            returning 1 as changed`)) as unknown as { rows: unknown[] };
          changed += result.rows.length;
        }
        done += batch.ids.length * itemIds.length;
        if (index === batches.length - 1) await finish(tx);
        else await tx.update(propagationRuns).set({ doneItems: done, changedItems: changed }).where(eq(propagationRuns.id, runId));
      });
    }
  } catch (error) {
    const message = error instanceof ApiError ? translateMessage('en', error.key, error.params) : error instanceof Error ? error.message : String(error);
    await db.update(propagationRuns).set({ status: 'Failed', error: message, finishedAt: new Date() }).where(eq(propagationRuns.id, runId));
    if (!(error instanceof ApiError)) throw error;
  }
}

/** Runs that never started (the job was lost between commit and enqueue), for the sweeper. */
export async function pendingRunIds(db: Queryable, olderThanSeconds = 60): Promise<number[]> {
  const rows = await db
    .select({ id: propagationRuns.id })
    .from(propagationRuns)
    .where(and(eq(propagationRuns.status, 'Pending'), sql`${propagationRuns.createdAt} < now() - make_interval(secs => ${olderThanSeconds})`))
    .orderBy(asc(propagationRuns.id))
    .limit(100);
  return rows.map((row) => row.id);
}

/**
 * The benchmark's entry (npm run bench pricing): previews a propagation of the pricelist and applies
 * it at once, without HTTP or the job queue. Returns the preview and the finished run's counts.
 */
export async function previewAndApplyPropagation(
  db: Queryable,
  options: { sourcePricelistId: number; customerAccountIds?: readonly number[]; startedByAccountId: number },
): Promise<{ preview: PropagationPreview; runId: number; totalItems: number; changedItems: number; status: string }> {
  const preview = await previewPropagation(db, { sourcePricelistId: options.sourcePricelistId, customerAccountIds: options.customerAccountIds, createdByAccountId: options.startedByAccountId });
  const runId = await createRun(db, options.sourcePricelistId, preview.PreviewId, options.startedByAccountId);
  await runPropagation(db, runId);
  const [run] = await db.select().from(propagationRuns).where(eq(propagationRuns.id, runId));
  return { preview, runId, totalItems: run!.totalItems, changedItems: run!.changedItems, status: run!.status };
}
