import { and, eq, inArray, sql } from 'drizzle-orm';
import { BILLING_FREQUENCY_MONTHS, COMMITMENT_MONTHS, type BillingFrequency, type Commitment } from '@cmp/contracts/orders';
import type { Database, Queryable, Tx } from '../platform/db/database';
import { billedPayerIntervals, billingRuns, invoiceLines, invoices, customCharges } from '../platform/db/schema';
import { rowsOf } from '../marketplace/catalogViewer';
import { customerPricelistId } from '../pricing/customerPricelist';
import { effectivePricesOfPricelist, type EffectivePrice } from '../pricing/effectivePrice';
import { Money, minorUnits, money, UNIT_PRICE_SCALE } from '../pricing/money';
import { localDay, formatDay, type Interval } from './calendar';
import { subscriptionCharges, type ChargeLine, type SubscriptionState } from './subscriptionCharges';
import { taxTreatment } from './taxes';
import { partyOf, type Party } from './parties';

// Billing one payer for one month (issue 15; README "Billing"), in one transaction under the payer's
// lock: its subscriptions' lines, its pending custom charges, one invoice per seller and currency,
// the next invoice numbers, and the mark that the month is done. A killed process leaves either all
// of it or none; a second run finds the mark and does nothing; the unique keys of invoices and lines
// would refuse a second bill even if both checks were bypassed.

/** Statuses whose days are billed. */
const BILLABLE = new Set(['Active', 'Suspended']);
/** Two-key advisory locks of billing: (this, payer id). */
const PAYER_LOCK = 727_312;

/** Prices the run looked up once: purchase prices by pricelist, recurring items by product. */
export interface BillingRunCache {
  prices: Map<number, Promise<Map<number, EffectivePrice>>>;
  recurringItems: Promise<Map<string, number>> | null;
  /** Sellers are few (resellers) and bill many payers: each read once per run. */
  sellers: Map<number, Promise<Party | undefined>>;
}

export const newRunCache = (): BillingRunCache => ({ prices: new Map(), recurringItems: null, sellers: new Map() });

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

interface PendingLine extends ChargeLine {
  currency: string;
  subscriptionAccountId: number | null;
  customChargeId: number | null;
  productName: string | null;
  description: string;
  priceRule: string | null;
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
  const lines: PendingLine[] = [];
  for (const row of rows) {
    const states = statesOf(row, payer.timeZone).filter((s) => s.from < interval.end);
    const currency = row.history.at(-1)?.currency ?? payer.currency;
    const charges = subscriptionCharges(
      states,
      {
        pricePeriodMonths: row.billing_period === 'Annual' ? 12 : 1,
        flat: row.billing_rule === 'Flat',
        currency,
        purchaseUnitPrice: await purchaseUnitPrice(tx, cache, pricelistId, row.product_name, currency),
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
        currency: c.currency,
        subscriptionAccountId: null,
        customChargeId: c.id,
        productName: null,
        description: c.name,
        priceRule: null,
      };
    });
}

const fixed = (amount: Money, currency: string) => amount.toFixed(minorUnits(currency));

/** Writes one invoice of the payer in one currency; answers its id. */
async function writeInvoice(tx: Tx, runId: number | null, seller: Party, payer: Party, interval: Interval, currency: string, lines: PendingLine[]): Promise<number> {
  const subtotal = lines.reduce((sum, l) => sum.plus(l.amount), money(0));
  const tax = taxTreatment(seller, payer);
  // Tax is one amount of the invoice, rounded once like a line; the total is the sum of rounded parts.
  const taxAmount = subtotal.times(tax.rate).toDecimalPlaces(minorUnits(currency), Money.ROUND_HALF_UP);
  // Gapless per seller: the counter's row lock holds until this transaction ends, and a rollback takes the number back.
  const [counter] = await rowsOf<{ last_number: number }>(
    tx,
    sql`insert into invoice_number_counters (seller_account_id, last_number) values (${seller.id}, 1)
        on conflict (seller_account_id) do update set last_number = invoice_number_counters.last_number + 1 returning last_number`,
  );
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number: counter!.last_number,
      kind: subtotal.isNegative() ? 'CreditNote' : 'Invoice',
      sellerAccountId: seller.id,
      payerAccountId: payer.id,
      intervalId: interval.id,
      periodStart: formatDay(interval.start),
      periodEnd: formatDay(interval.end),
      currency,
      subtotal: fixed(subtotal, currency),
      taxRate: tax.rate.toFixed(4),
      taxAmount: fixed(taxAmount, currency),
      total: fixed(subtotal.plus(taxAmount), currency),
      reverseCharge: tax.reverseCharge,
      sellerName: seller.name,
      sellerCountry: seller.country,
      sellerVatId: seller.vatId,
      sellerAddress: seller.address,
      buyerName: payer.name,
      buyerCountry: payer.country,
      buyerVatId: payer.vatId,
      buyerAddress: payer.address,
      billingRunId: runId,
    })
    .returning({ id: invoices.id });
  await tx.insert(invoiceLines).values(
    lines.map((l) => ({
      invoiceId: invoice!.id,
      customerAccountId: payer.id,
      subscriptionAccountId: l.subscriptionAccountId,
      customChargeId: l.customChargeId,
      reason: l.reason,
      periodStart: formatDay(l.periodStart),
      periodEnd: formatDay(l.periodEnd),
      productName: l.productName,
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice.toFixed(UNIT_PRICE_SCALE),
      amount: fixed(l.amount, currency),
      priceRule: l.priceRule,
      purchaseUnitPrice: l.purchaseUnitPrice?.toFixed(UNIT_PRICE_SCALE) ?? null,
      purchaseAmount: l.purchaseAmount ? fixed(l.purchaseAmount, currency) : null,
      margin: l.purchaseAmount ? fixed(l.amount.minus(l.purchaseAmount), currency) : null,
    })),
  );
  const chargeIds = lines.flatMap((l) => (l.customChargeId === null ? [] : [l.customChargeId]));
  if (chargeIds.length) {
    await tx
      .update(customCharges)
      .set({ status: 'Billed', billedAt: new Date(), invoiceId: invoice!.id })
      .where(and(inArray(customCharges.id, chargeIds), eq(customCharges.status, 'PendingBilling')));
  }
  return invoice!.id;
}

export type PayerOutcome = 'billed' | 'already_billed' | 'not_closed';

/**
 * Bills one payer's month. `now` decides whether the month is over in the payer's time zone; an open
 * month is left alone (and billed by a later run).
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
    let seller: Party | null | undefined = null;
    if (payer.sellerId !== null) {
      const known = cache.sellers.get(payer.sellerId) ?? partyOf(tx, payer.sellerId);
      cache.sellers.set(payer.sellerId, known);
      seller = await known;
    }

    // A seller's name and address are taken as the run found them: a rename during a run is not an invoice's business.
    const lines = seller ? [...(await subscriptionLines(tx, cache, payer, interval)), ...(await customChargeLines(tx, payer, interval))] : [];
    const byCurrency = new Map<string, PendingLine[]>();
    for (const line of lines) byCurrency.set(line.currency, [...(byCurrency.get(line.currency) ?? []), line]);
    let written = 0;
    for (const [currency, currencyLines] of [...byCurrency].sort(([a], [b]) => a.localeCompare(b))) {
      await writeInvoice(tx, runId, seller!, payer, interval, currency, currencyLines);
      written += 1;
    }
    await tx.insert(billedPayerIntervals).values({ payerAccountId, intervalId: interval.id, billingRunId: runId });
    if (runId !== null) {
      await tx
        .update(billingRuns)
        .set({ payersDone: sql`${billingRuns.payersDone} + 1`, invoicesCreated: sql`${billingRuns.invoicesCreated} + ${written}` })
        .where(eq(billingRuns.id, runId));
    }
    return { outcome: 'billed' as const, invoices: written };
  });
}
