import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../platform/db/database';
import { customCharges, invoiceLines, invoices } from '../platform/db/schema';
import { rowsOf } from '../marketplace/catalogViewer';
import type { EffectivePrice } from '../pricing/effectivePrice';
import { Money, minorUnits, money, UNIT_PRICE_SCALE } from '../pricing/money';
import { formatDay, type Interval } from './calendar';
import type { ChargeLine } from './subscriptionCharges';
import { taxTreatment } from './taxes';
import { partyOf, type Party } from './parties';

// Writing an invoice (issue 15; README "Billing"): the document, its lines and the seller's next
// number, inside the payer's billing transaction — whichever level of the chain the payer is.

/** What a run looked up once: purchase prices by pricelist, recurring items by product, parties. */
export interface BillingRunCache {
  prices: Map<number, Promise<Map<number, EffectivePrice>>>;
  recurringItems: Promise<Map<string, number>> | null;
  /** Sellers are few (resellers, vendors) and bill many payers: each read once per run. */
  sellers: Map<number, Promise<Party | undefined>>;
  /** The pricelist each reseller of a chain buys from (its customer pricelist), by reseller. */
  customerPricelists: Map<number, Promise<number | undefined>>;
}

export const newRunCache = (): BillingRunCache => ({ prices: new Map(), recurringItems: null, sellers: new Map(), customerPricelists: new Map() });

/** A seller as an invoice party, read once per run (a rename during a run is not an invoice's business). */
export function sellerParty(db: Queryable, cache: BillingRunCache, sellerId: number): Promise<Party | undefined> {
  const known = cache.sellers.get(sellerId) ?? partyOf(db, sellerId);
  cache.sellers.set(sellerId, known);
  return known;
}

/** A line on its way to an invoice. */
export interface PendingLine extends ChargeLine {
  currency: string;
  subscriptionAccountId: number | null;
  customChargeId: number | null;
  productName: string | null;
  description: string;
  priceRule: string | null;
  /** The end customer the line is for; the payer when omitted. */
  customerAccountId?: number;
}

/** One invoice to write: a seller, a currency and its lines. */
export interface InvoiceGroup {
  seller: Party;
  currency: string;
  lines: PendingLine[];
}

/** Lines per insert statement (about 20 parameters each). */
const LINES_PER_INSERT = 1_000;

const fixed = (amount: Money, currency: string) => amount.toFixed(minorUnits(currency));

/** Writes one invoice of the payer in one currency; answers its id. */
export async function writeInvoice(tx: Tx, runId: number | null, seller: Party, payer: Party, interval: Interval, currency: string, lines: PendingLine[]): Promise<number> {
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
  const rows = lines.map((l) => ({
    invoiceId: invoice!.id,
    payerAccountId: payer.id,
    customerAccountId: l.customerAccountId ?? payer.id,
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
    upstreamCosts: l.upstream.length ? l.upstream.map((u) => ({ unitPrice: u.unitPrice.toFixed(UNIT_PRICE_SCALE), amount: fixed(u.amount, currency) })) : null,
  }));
  // A distributor's bill holds a line per subscription below it: written in slices, as one statement
  // takes at most 65,535 parameters.
  for (let i = 0; i < rows.length; i += LINES_PER_INSERT) await tx.insert(invoiceLines).values(rows.slice(i, i + LINES_PER_INSERT));
  const chargeIds = lines.flatMap((l) => (l.customChargeId === null ? [] : [l.customChargeId]));
  if (chargeIds.length) {
    await tx
      .update(customCharges)
      .set({ status: 'Billed', billedAt: new Date(), invoiceId: invoice!.id })
      .where(and(inArray(customCharges.id, chargeIds), eq(customCharges.status, 'PendingBilling')));
  }
  return invoice!.id;
}
