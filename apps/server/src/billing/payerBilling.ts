import { and, eq, sql } from 'drizzle-orm';
import { BILLING_FREQUENCY_MONTHS, COMMITMENT_MONTHS, type BillingFrequency, type Commitment } from '@cmp/contracts/orders';
import type { Database, Queryable, Tx } from '../platform/db/database';
import { billedPayerIntervals, billingRuns, customCharges } from '../platform/db/schema';
import { rowsOf } from '../marketplace/catalogViewer';
import { customerPricelistId } from '../pricing/customerPricelist';
import { effectivePricesOfPricelist } from '../pricing/effectivePrice';
import { money } from '../pricing/money';
import { localDay, type Interval } from './calendar';
import { subscriptionCharges, type SubscriptionState } from './subscriptionCharges';
import { partyOf, type Party } from './parties';
import { sellerParty, writeInvoice, type BillingRunCache, type PendingLine } from './invoiceWriting';
import { upstreamLines, type SellerLine } from './upstreamBilling';
import { invoiceReadersOf, recordBusinessEvent } from '../realtime/businessEvents';

export { newRunCache, type BillingRunCache } from './invoiceWriting';

// Billing one payer for one month (issue 15; README "Billing"), in one transaction under the payer's
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
    periodMonths: h.isPrepaid ? (COMMITMENT_MONTHS[h.commitment as Commitment] ?? 1) : (BILLING_FREQUENCY_MONTHS[h.billingFrequency as BillingFrequency] ?? 1),
    anchor: localDay(new Date(h.termStartDate ?? h.validFrom), timeZone),
  }));

/** The lines of a payer's subscriptions in the interval. */
async function subscriptionLines(tx: Tx, cache: BillingRunCache, payer: Party, interval: Interval): Promise<PendingLine[]> {
  // Any state from before the month's end in any time zone (UTC+14 at most after it).
  const bound = new Date(Date.UTC(1970, 0, 1) + (interval.end + 1) * 86_400_000);
  const rows = await rowsOf<SubscriptionRow>(
    tx,
    sql`select s.account_id, a.display_name, s.product_name, p.billing_rule, p.billing_period, o.setup_fee::text as setup_fee, s.price_rule,
          coalesce((select json_agg(json_build_object('validFrom', h.valid_from, 'quantity', h.quantity, 'status', h.status, 'unitPrice', h.unit_price::text,
              'currency', h.currency, 'billingFrequency', h.billing_frequency, 'isPrepaid', h.is_prepaid, 'commitment', h.commitment,
              'termStartDate', h.term_start_date) order by h.valid_from, h.id)
            from subscription_history h where h.subscription_account_id = s.account_id and h.valid_from < ${bound}), '[]'::json) as history
        from accounts a
        join subscriptions s on s.account_id = a.id
        join products p on p.name = s.product_name
        left join orders o on o.id = s.order_id
        where a.path like ${`${payer.path}%`} and a.type = 'Product'`,
  );
  const pricelistId = await customerPricelistId(tx, payer);
  // The costs above the seller's, as the company's line takes its seller's cost from the company's
  // pricelist: every reseller of the chain but the top buys from a pricelist of the level above (its
  // customer pricelist), whose purchase price is that level's own cost — up to the platform owner's,
  // the vendor's price.
  const chainPricelists = await Promise.all(payer.resellerIds.slice(0, -1).map((id) => resellerPricelistId(tx, cache, id)));
  const lines: PendingLine[] = [];
  for (const row of rows) {
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
    for (const charge of charges) {
      lines.push({ ...charge, currency, subscriptionAccountId: row.account_id, customChargeId: null, productName: row.product_name, description: row.display_name, priceRule: row.price_rule });
    }
  }
  return lines;
}

/** The payer's custom charges pending billing, added on or before the month's last day (spec §4). */
async function customChargeLines(tx: Tx, payer: Party, interval: Interval): Promise<PendingLine[]> {
  const rows = await tx
    .select()
    .from(customCharges)
    .where(and(eq(customCharges.accountId, payer.id), eq(customCharges.status, 'PendingBilling')));
  return rows
    .filter((c) => localDay(c.createdAt, payer.timeZone) < interval.end)
    .map((c) => {
      const day = localDay(c.createdAt, payer.timeZone);
      return {
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
      };
    });
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
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAYER_LOCK}, ${payerAccountId})`);
    // A statement of its own: its snapshot is taken after the lock, so it sees the mark of a run that held it.
    const [done] = await tx
      .select({ id: billedPayerIntervals.payerAccountId })
      .from(billedPayerIntervals)
      .where(and(eq(billedPayerIntervals.payerAccountId, payerAccountId), eq(billedPayerIntervals.intervalId, interval.id)));
    if (done) return { outcome: 'already_billed' as const, invoices: 0 };
    const payer = await partyOf(tx, payerAccountId);
    if (!payer || localDay(now, payer.timeZone) < interval.end) return { outcome: 'not_closed' as const, invoices: 0 };

    let lines: SellerLine[] = [];
    if (payer.type === 'Reseller') {
      const upstream = await upstreamLines(tx, payer, interval, now);
      if (upstream === 'waiting') return { outcome: 'waiting' as const, invoices: 0 };
      lines = upstream;
    } else if (payer.sellerId !== null) {
      lines = (await subscriptionLines(tx, cache, payer, interval)).map((line) => ({ ...line, sellerId: payer.sellerId! }));
    }
    // The top has no seller: its own custom charges wait for one.
    if (payer.sellerId !== null) lines.push(...(await customChargeLines(tx, payer, interval)).map((line) => ({ ...line, sellerId: payer.sellerId! })));

    // One invoice per seller and currency, in a fixed order (the numbers a seller gives out follow it).
    const groups = new Map<string, { sellerId: number; currency: string; lines: PendingLine[] }>();
    for (const line of lines) {
      const key = `${line.sellerId} ${line.currency}`;
      const group = groups.get(key) ?? { sellerId: line.sellerId, currency: line.currency, lines: [] };
      group.lines.push(line);
      groups.set(key, group);
    }
    let written = 0;
    for (const group of [...groups.values()].sort((a, b) => a.sellerId - b.sellerId || a.currency.localeCompare(b.currency))) {
      const seller = await sellerParty(tx, cache, group.sellerId);
      if (!seller) continue;
      await writeInvoice(tx, runId, seller, payer, interval, group.currency, group.lines);
      written += 1;
    }
    await tx.insert(billedPayerIntervals).values({ payerAccountId, intervalId: interval.id, billingRunId: runId });
    if (written > 0) {
      // issue 16: the payer's invoice readers are told, when this payer's billing commits.
      await recordBusinessEvent(tx, {
        event: 'InvoiceReady',
        values: { count: String(written), period: interval.id, account: payer.name },
        link: `/account/${payerAccountId}/billing`,
        userAccountIds: await invoiceReadersOf(tx, payerAccountId),
      });
    }
    if (runId !== null) {
      await tx
        .update(billingRuns)
        .set({ payersDone: sql`${billingRuns.payersDone} + 1`, invoicesCreated: sql`${billingRuns.invoicesCreated} + ${written}` })
        .where(eq(billingRuns.id, runId));
    }
    return { outcome: 'billed' as const, invoices: written };
  });
}
