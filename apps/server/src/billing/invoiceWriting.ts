import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../platform/db/database';
import { invoiceLines, invoices } from '../platform/db/schema';
import { rowsOf } from '../platform/db/rowsOf';
import { insertMany } from '../platform/db/insertMany';
import type { EffectivePrice } from '../pricing/effectivePrice';
import { Money, minorUnits, money, UNIT_PRICE_SCALE } from '../pricing/money';
import { formatDay } from '../platform/dates';
import type { Interval } from './calendar';
import type { ChargeLine } from './subscriptionCharges';
import { taxTreatment } from './taxes';
import { partyOf, type Party } from './parties';

// Writing an invoice (issue 15; docs/architecture.md "Billing"): the document, its lines and the seller's next
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

const fixed = (amount: Money, currency: string) => amount.toFixed(minorUnits(currency));

/** One document to write: a payer's invoice from one seller in one currency. */
export interface InvoiceToWrite {
  seller: Party;
  payer: Party;
  currency: string;
  lines: PendingLine[];
}

/** Writes one invoice of the payer in one currency; answers its id. */
export async function writeInvoice(tx: Tx, runId: number | null, seller: Party, payer: Party, interval: Interval, currency: string, lines: PendingLine[]): Promise<number> {
  const [id] = await writeInvoices(tx, runId, interval, [{ seller, payer, currency, lines }]);
  return id!;
}

/**
 * Writes the documents (a billing batch's) in a handful of statements whatever their number: the
 * sellers' next numbers, the invoices, their lines, the custom charges they bill. Numbers follow the
 * documents' order per seller. Answers the invoices' ids in that order.
 */
export async function writeInvoices(tx: Tx, runId: number | null, interval: Interval, documents: readonly InvoiceToWrite[]): Promise<number[]> {
  if (documents.length === 0) return [];
  // Gapless per seller: the counters' row locks hold until this transaction ends, and a rollback takes the numbers back.
  const counts = new Map<number, number>();
  for (const document of documents) counts.set(document.seller.id, (counts.get(document.seller.id) ?? 0) + 1);
  const sellerIds = [...counts.keys()].sort((a, b) => a - b);
  const counters = await rowsOf<{ seller_account_id: number; last_number: number }>(
    tx,
    sql`insert into invoice_number_counters (seller_account_id, last_number)
        select * from unnest(${sql.param(sellerIds)}::int[], ${sql.param(sellerIds.map((id) => counts.get(id)!))}::int[])
        on conflict (seller_account_id) do update set last_number = invoice_number_counters.last_number + excluded.last_number
        returning seller_account_id, last_number`,
  );
  const nextNumber = new Map(counters.map((c) => [c.seller_account_id, c.last_number - counts.get(c.seller_account_id)! + 1]));
  const numbered = documents.map((document) => {
    const number = nextNumber.get(document.seller.id)!;
    nextNumber.set(document.seller.id, number + 1);
    const { seller, payer, currency, lines } = document;
    const subtotal = lines.reduce((sum, l) => sum.plus(l.amount), money(0));
    const tax = taxTreatment(seller, payer);
    // Tax is one amount of the invoice, rounded once like a line; the total is the sum of rounded parts.
    const taxAmount = subtotal.times(tax.rate).toDecimalPlaces(minorUnits(currency), Money.ROUND_HALF_UP);
    return {
      number,
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
    } satisfies typeof invoices.$inferInsert;
  });
  const written = await insertMany(tx, invoices, numbered, { id: invoices.id, sellerAccountId: invoices.sellerAccountId, number: invoices.number });
  const idOf = new Map(written.map((row) => [`${row.sellerAccountId} ${row.number}`, row.id]));
  const ids = numbered.map((invoice) => idOf.get(`${invoice.sellerAccountId} ${invoice.number}`)!);
  const rows = documents.flatMap(({ payer, currency, lines }, index) =>
    lines.map((l) => ({
      invoiceId: ids[index]!,
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
    })),
  );
  // A distributor's bill holds a line per subscription below it: one statement, a parameter per column.
  await insertMany(tx, invoiceLines, rows);
  const charges = rows.flatMap((row) => (row.customChargeId === null ? [] : [{ id: row.customChargeId, invoiceId: row.invoiceId }]));
  if (charges.length) {
    await tx.execute(sql`update custom_charges c set status = 'Billed', billed_at = now(), invoice_id = t.invoice_id
        from unnest(${sql.param(charges.map((c) => c.id))}::int[], ${sql.param(charges.map((c) => c.invoiceId))}::int[]) as t(id, invoice_id)
        where c.id = t.id and c.status = 'PendingBilling'`);
  }
  return ids;
}
