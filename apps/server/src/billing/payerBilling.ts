import { and, eq, inArray, sql } from 'drizzle-orm';
import { BILLING_FREQUENCY_MONTHS, type BillingFrequency, type Commitment } from '@cmp/contracts/orders';
import type { Database, Queryable, Tx } from '../platform/db/database';
import { billedPayerIntervals, billingRuns, customCharges } from '../platform/db/schema';
import { rowsOf } from '../platform/db/rowsOf';
import { customerPricelistId, customerPricelistIds } from '../pricing/customerPricelist';
import { effectivePricesOfPricelist } from '../pricing/effectivePrice';
import { money } from '../pricing/money';
import { commitmentMonths, startOfDay } from '../platform/dates';
import { localDay, type Interval } from './calendar';
import { subscriptionCharges, type SubscriptionState } from './subscriptionCharges';
import { partiesOf, type Party } from './parties';
import { sellerParty, writeInvoices, type BillingRunCache, type InvoiceToWrite, type PendingLine } from './invoiceWriting';
import { insertMany } from '../platform/db/insertMany';
import { escapeLike } from '../platform/db/likePattern';
import { upstreamLines, type SellerLine } from './upstreamBilling';
import { invoiceReadersOfMany, recordBusinessEvents } from '../realtime/businessEvents';

export { newRunCache, type BillingRunCache } from './invoiceWriting';

// Billing one payer for one month (issue 15; docs/architecture.md "Billing"), in one transaction under the payer's
// lock: a company's subscriptions' lines (a reseller's: what it owes for its customers' lines,
// upstreamBilling.ts), its pending custom charges, one invoice per seller and currency,
// the next invoice numbers, and the mark that the month is done. A killed process leaves either all
// of it or none; a second run finds the mark and does nothing; the unique keys of invoices and lines
// would refuse a second bill even if both checks were bypassed.

/** Statuses whose days are billed. */
const BILLABLE = new Set(['Active', 'Suspended']);
/** Two-key advisory locks of billing: (this, payer id). */
const PAYER_LOCK = 727_312;

interface SubscriptionRow {
  account_id: number;
  display_name: string;
  product_name: string;
  billing_rule: string;
  billing_period: string;
  setup_fee: string | null;
  price_rule: string | null;
  history: {
    validFrom: string;
    quantity: number;
    status: string;
    unitPrice: string | null;
    currency: string | null;
    billingFrequency: string;
    isPrepaid: boolean;
    commitment: string;
    termStartDate: string | null;
  }[];
}

/** The pricelist a reseller buys from (its customer pricelist), looked up once per run. */
function resellerPricelistId(db: Queryable, cache: BillingRunCache, resellerId: number): Promise<number | undefined> {
  const known = cache.customerPricelists.get(resellerId) ?? customerPricelistId(db, resellerId);
  cache.customerPricelists.set(resellerId, known);
  return known;
}

/** The first active recurring item of each product: the one whose price a subscription keeps (orders/orderPricing.ts). */
function recurringItems(db: Queryable, cache: BillingRunCache): Promise<Map<string, number>> {
  cache.recurringItems ??= rowsOf<{ product_name: string; id: number }>(
    db,
    sql`select distinct on (product_name) product_name, id from priceable_items where fee_type = 'Recurring' and is_active order by product_name, id`,
  ).then((rows) => new Map(rows.map((r) => [r.product_name, r.id])));
  return cache.recurringItems;
}

/** What the seller pays for one unit of a product (its price's period), in the pricelist's currency; null when unknown. */
async function purchaseUnitPrice(db: Queryable, cache: BillingRunCache, pricelistId: number | undefined, productName: string, currency: string): Promise<string | null> {
  if (pricelistId === undefined) return null;
  const itemId = (await recurringItems(db, cache)).get(productName);
  if (itemId === undefined) return null;
  let prices = cache.prices.get(pricelistId);
  if (!prices) {
    prices = effectivePricesOfPricelist(db, pricelistId);
    cache.prices.set(pricelistId, prices);
  }
  const price = (await prices).get(itemId);
  if (!price || !('isPriced' in price) || !price.isPriced || price.currency !== currency) return null;
  return price.purchasePrice;
}

const statesOf = (row: SubscriptionRow, timeZone: string): SubscriptionState[] =>
  row.history.map((h) => ({
    from: localDay(new Date(h.validFrom), timeZone),
    quantity: h.quantity,
    billable: BILLABLE.has(h.status),
    unitPrice: h.unitPrice,
    periodMonths: h.isPrepaid ? commitmentMonths(h.commitment as Commitment) : (BILLING_FREQUENCY_MONTHS[h.billingFrequency as BillingFrequency] ?? 1),
    anchor: localDay(new Date(h.termStartDate ?? h.validFrom), timeZone),
  }));

/** The lines of the payers' subscriptions in the interval (companies of a billing batch), by payer. */
async function subscriptionLinesOf(tx: Tx, cache: BillingRunCache, payers: readonly Party[], interval: Interval): Promise<Map<number, PendingLine[]>> {
  const linesOf = new Map<number, PendingLine[]>(payers.map((payer) => [payer.id, []]));
  if (payers.length === 0) return linesOf;
  // Any state from before the month's end in any time zone (UTC+14 at most after it).
  const bound = startOfDay(interval.end + 1);
  // The payers' subtrees as constant prefixes, each a range of the path index, and everything else
  // looked up by key from the account (`offset 0` keeps the planner from turning the lookups into
  // joins): a pattern taken from a column, a filter on the account type or a hash join read every
  // account or subscription per batch when the statistics were older than the data, as after an
  // import. Only Product accounts have a subscription. Sorted here: a sort made it a parallel plan.
  const below = sql.join(payers.map((payer) => sql`a.path like ${`${escapeLike(payer.path)}%`}`), sql` or `);
  const rows = await rowsOf<SubscriptionRow & { path: string }>(
    tx,
    sql`select a.path, s.account_id, a.display_name, s.product_name, pr.billing_rule, pr.billing_period, o.setup_fee::text as setup_fee, s.price_rule,
          coalesce((select json_agg(json_build_object('validFrom', h.valid_from, 'quantity', h.quantity, 'status', h.status, 'unitPrice', h.unit_price::text,
              'currency', h.currency, 'billingFrequency', h.billing_frequency, 'isPrepaid', h.is_prepaid, 'commitment', h.commitment,
              'termStartDate', h.term_start_date) order by h.valid_from, h.id)
            from subscription_history h where h.subscription_account_id = s.account_id and h.valid_from < ${bound}), '[]'::json) as history
        from accounts a
        cross join lateral (select x.account_id, x.product_name, x.price_rule, x.order_id from subscriptions x where x.account_id = a.id offset 0) s
        cross join lateral (select y.billing_rule, y.billing_period from products y where y.name = s.product_name offset 0) pr
        left join lateral (select z.setup_fee from orders z where z.id = s.order_id offset 0) o on true
        where ${below}`,
  );
  rows.sort((a, b) => a.account_id - b.account_id);
  const pricelists = await customerPricelistIds(tx, payers);
  // The costs above the seller's, as the company's line takes its seller's cost from the company's
  // pricelist: every reseller of the chain but the top buys from a pricelist of the level above (its
  // customer pricelist), whose purchase price is that level's own cost — up to the platform owner's,
  // the vendor's price. Once per payer, not per subscription.
  const chains = new Map(await Promise.all(payers.map(async (payer) => [payer.id, await Promise.all(payer.resellerIds.slice(0, -1).map((id) => resellerPricelistId(tx, cache, id)))] as const)));
  const byId = new Map(payers.map((payer) => [payer.id, payer]));
  for (const row of rows) {
    // Its payer: the nearest of the batch whose id its path names.
    const payer = row.path.split('/').flatMap((id) => byId.get(Number(id)) ?? []).at(-1)!;
    linesOf.get(payer.id)!.push(...(await linesOfSubscription(tx, cache, payer, pricelists.get(payer.path), chains.get(payer.id)!, row, interval)));
  }
  return linesOf;
}

/** One subscription's lines, priced up the payer's chain (`chainPricelists`: the pricelists its sellers above buy from, nearest first). */
async function linesOfSubscription(
  tx: Tx,
  cache: BillingRunCache,
  payer: Party,
  pricelistId: number | undefined,
  chainPricelists: readonly (number | undefined)[],
  row: SubscriptionRow,
  interval: Interval,
): Promise<PendingLine[]> {
  const states = statesOf(row, payer.timeZone).filter((s) => s.from < interval.end);
  const currency = row.history.at(-1)?.currency ?? payer.currency;
  const upstreamUnitPrices: string[] = [];
  for (const id of chainPricelists) {
    const price = await purchaseUnitPrice(tx, cache, id, row.product_name, currency);
    // An unknown cost ends the chain: no level above it can be billed for the line.
    if (price === null) break;
    upstreamUnitPrices.push(price);
  }
  const charges = subscriptionCharges(
    states,
    {
      pricePeriodMonths: row.billing_period === 'Annual' ? 12 : 1,
      flat: row.billing_rule === 'Flat',
      currency,
      purchaseUnitPrice: await purchaseUnitPrice(tx, cache, pricelistId, row.product_name, currency),
      upstreamUnitPrices,
      setupFee: row.setup_fee,
    },
    interval,
  );
  return charges.map((charge) => ({ ...charge, currency, subscriptionAccountId: row.account_id, customChargeId: null, productName: row.product_name, description: row.display_name, priceRule: row.price_rule }));
}

/** The payers' custom charges pending billing, added on or before the month's last day (spec §4), by payer. */
async function customChargeLinesOf(tx: Tx, payers: readonly Party[], interval: Interval): Promise<Map<number, PendingLine[]>> {
  const linesOf = new Map<number, PendingLine[]>(payers.map((payer) => [payer.id, []]));
  if (payers.length === 0) return linesOf;
  const rows = await tx
    .select()
    .from(customCharges)
    .where(and(inArray(customCharges.accountId, payers.map((payer) => payer.id)), eq(customCharges.status, 'PendingBilling')))
    .orderBy(customCharges.id);
  const byId = new Map(payers.map((payer) => [payer.id, payer]));
  for (const c of rows) {
    const payer = byId.get(c.accountId)!;
    const day = localDay(c.createdAt, payer.timeZone);
    if (day >= interval.end) continue;
    linesOf.get(payer.id)!.push({
      reason: 'CustomCharge' as const,
      periodStart: day,
      periodEnd: day + 1,
      quantity: 1,
      unitPrice: money(c.price),
      amount: money(c.price),
      purchaseUnitPrice: money(c.cost),
      purchaseAmount: money(c.cost),
      // The cost of a custom charge is the seller's own (spec §3 Custom charge: a charge the seller
      // adds to its customer's invoice, not a service bought through the marketplace): it is
      // reported as the seller's margin and billed to no one above it.
      upstream: [],
      currency: c.currency,
      subscriptionAccountId: null,
      customChargeId: c.id,
      productName: null,
      description: c.name,
      priceRule: null,
    });
  }
  return linesOf;
}

export type PayerOutcome = 'billed' | 'already_billed' | 'not_closed' | 'waiting';

/**
 * Bills one payer's month. `now` decides whether the month is over in the payer's time zone; an open
 * month is left alone (and billed by a later run), as is a reseller's month while one of its
 * customers' is still to bill ('waiting': upstreamBilling.ts).
 */
export async function billPayer(
  db: Database,
  cache: BillingRunCache,
  payerAccountId: number,
  interval: Interval,
  runId: number | null,
  now = new Date(),
): Promise<{ outcome: PayerOutcome; invoices: number }> {
  return (await billPayers(db, cache, [payerAccountId], interval, runId, now)).get(payerAccountId)!;
}

/**
 * billPayer for a batch of payers in one transaction: each statement reads or writes the whole batch
 * (a payer per transaction cost a dozen round trips each, issue 15's throughput). All of the batch
 * commits or none of it; the run counts every payer of the batch as handled.
 */
export async function billPayers(
  db: Database,
  cache: BillingRunCache,
  payerAccountIds: readonly number[],
  interval: Interval,
  runId: number | null,
  now = new Date(),
): Promise<Map<number, { outcome: PayerOutcome; invoices: number }>> {
  const ids = [...new Set(payerAccountIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const outcomes = new Map<number, { outcome: PayerOutcome; invoices: number }>();
    // A batch's statements are many small lookups whose estimated cost (statistics older than the
    // data) made PostgreSQL compile them: 300 ms of JIT for a 2 ms query.
    await tx.execute(sql`select set_config('jit', 'off', true)`);
    // In id order, so two batches sharing payers cannot wait for each other.
    await tx.execute(sql`select pg_advisory_xact_lock(${PAYER_LOCK}, id) from unnest(${sql.param(ids)}::int[]) as t(id)`);
    // A statement of its own: its snapshot is taken after the locks, so it sees the marks of a run that held them.
    const done = await tx
      .select({ id: billedPayerIntervals.payerAccountId })
      .from(billedPayerIntervals)
      .where(and(inArray(billedPayerIntervals.payerAccountId, ids), eq(billedPayerIntervals.intervalId, interval.id)));
    for (const { id } of done) outcomes.set(id, { outcome: 'already_billed', invoices: 0 });
    const parties = await partiesOf(tx, ids.filter((id) => !outcomes.has(id)));
    const payers: Party[] = [];
    for (const id of ids.filter((id) => !outcomes.has(id))) {
      const payer = parties.get(id);
      if (!payer || localDay(now, payer.timeZone) < interval.end) outcomes.set(id, { outcome: 'not_closed', invoices: 0 });
      else payers.push(payer);
    }

    const linesOf = new Map<number, SellerLine[]>();
    for (const payer of payers.filter((p) => p.type === 'Reseller')) {
      const upstream = await upstreamLines(tx, payer, interval, now);
      if (upstream === 'waiting') outcomes.set(payer.id, { outcome: 'waiting', invoices: 0 });
      else linesOf.set(payer.id, upstream);
    }
    const companies = payers.filter((p) => p.type !== 'Reseller' && p.sellerId !== null);
    for (const [id, lines] of await subscriptionLinesOf(tx, cache, companies, interval)) linesOf.set(id, lines.map((line) => ({ ...line, sellerId: parties.get(id)!.sellerId! })));
    // The top has no seller: its own custom charges wait for one.
    const billed = payers.filter((p) => !outcomes.has(p.id));
    const selling = billed.filter((p) => p.sellerId !== null);
    for (const [id, lines] of await customChargeLinesOf(tx, selling, interval)) {
      linesOf.set(id, [...(linesOf.get(id) ?? []), ...lines.map((line) => ({ ...line, sellerId: parties.get(id)!.sellerId! }))]);
    }

    // One invoice per payer, seller and currency, in a fixed order (the numbers a seller gives out follow it).
    const documents: InvoiceToWrite[] = [];
    for (const payer of billed) {
      const groups = new Map<string, { sellerId: number; currency: string; lines: PendingLine[] }>();
      for (const line of linesOf.get(payer.id) ?? []) {
        const key = `${line.sellerId} ${line.currency}`;
        const group = groups.get(key) ?? { sellerId: line.sellerId, currency: line.currency, lines: [] };
        group.lines.push(line);
        groups.set(key, group);
      }
      let written = 0;
      for (const group of [...groups.values()].sort((a, b) => a.sellerId - b.sellerId || a.currency.localeCompare(b.currency))) {
        const seller = await sellerParty(tx, cache, group.sellerId);
        if (!seller) continue;
        documents.push({ seller, payer, currency: group.currency, lines: group.lines });
        written += 1;
      }
      outcomes.set(payer.id, { outcome: 'billed', invoices: written });
    }
    await writeInvoices(tx, runId, interval, documents);
    await insertMany(tx, billedPayerIntervals, billed.map((payer) => ({ payerAccountId: payer.id, intervalId: interval.id, billingRunId: runId })));
    // issue 16: the payers' invoice readers are told, when this batch commits.
    const told = billed.filter((payer) => outcomes.get(payer.id)!.invoices > 0);
    const readers = await invoiceReadersOfMany(tx, told.map((payer) => payer.id));
    await recordBusinessEvents(
      tx,
      told.map((payer) => ({
        event: 'InvoiceReady' as const,
        values: { count: String(outcomes.get(payer.id)!.invoices), period: interval.id, account: payer.name },
        link: `/account/${payer.id}/billing`,
        userAccountIds: readers.get(payer.id) ?? [],
      })),
    );
    if (runId !== null) {
      // The batch is the run's heartbeat too (billingRecovery.ts), in the statement it writes anyway.
      await tx
        .update(billingRuns)
        .set({ payersDone: sql`${billingRuns.payersDone} + ${ids.length}`, invoicesCreated: sql`${billingRuns.invoicesCreated} + ${documents.length}`, heartbeatAt: sql`now()` })
        .where(eq(billingRuns.id, runId));
    }
    return outcomes;
  });
}
