import { sql } from 'drizzle-orm';
import type { InvoiceLineReason } from '@cmp/contracts/billing';
import type { UpstreamCost } from '../platform/db/schema';
import type { Tx } from '../platform/db/database';
import { rowsOf } from '../platform/db/rowsOf';
import { money } from '../pricing/money';
import { HOUR_MS, parseDay, startOfDay } from '../platform/dates';
import type { Interval } from './calendar';
import { payersToBill } from './billingPayers';
import type { PendingLine } from './invoiceWriting';
import type { Party } from './parties';

// The invoices above the companies (issue 15 "seller to buyer at every level of the chain: vendor →
// platform owner → reseller → company"): a reseller is billed by its own seller for what its
// customers' lines cost it, and the platform owner by each vendor for what its customers' lines cost
// it — the vendor's price.
//
// Derived from the lines the payer issued, after they were written — not recomputed from the
// subscriptions. A company's line is priced once, in the company's transaction, with the costs of
// every level above it (subscriptionCharges' upstream costs, kept on the line): a level's invoice
// copies its line's purchase amount as its own amount, and the next cost up as its purchase amount.
// So a reseller's margin is its customer's line minus its own line to the cent, whatever prices
// change between the two transactions (a propagation, a run resumed days after a `kill -9`), which
// recomputing could not promise.
//
// The price of that: a reseller is billed only once all below it are. Its transaction, under its
// lock, finds a customer (company or sub-reseller) still without its month's mark and waits
// ('waiting': the run counts it as handled, a later run or the daily sweep bills it); a run bills
// companies first, then resellers from the deepest up (billingRun.ts), so it seldom waits. A racing
// run cannot slip a line in behind it: a payer's lines are committed with its mark in one
// transaction, so a mark the check sees has its lines visible to the next statement; and the month
// must be over everywhere on Earth (UTC−12), so no company far west can still add a day to it.
//
// Not carried up: setup fees (their cost is not known per line) and custom charges (their cost is
// the seller's own, payerBilling.ts) — a line without a purchase price has no margin either.

/** A pending line and who issues it. */
export interface SellerLine extends PendingLine {
  sellerId: number;
}

/** The month is over in the last time zone (UTC−12): 12 hours after it ended in UTC. */
const OVER_EVERYWHERE_MS = 12 * HOUR_MS;

interface IssuedLine {
  subscription_account_id: number;
  customer_account_id: number;
  reason: InvoiceLineReason;
  period_start: string;
  period_end: string;
  product_name: string | null;
  description: string;
  quantity: number;
  purchase_unit_price: string | null;
  purchase_amount: string;
  upstream_costs: UpstreamCost[] | null;
  currency: string;
  vendor_account_id: number | null;
}

/**
 * What a reseller owes for its month, one line per line it issued with a known cost: to its own
 * seller, or — the top, the platform owner — to each service's vendor. 'waiting' while the month is
 * not over everywhere or something below it is still to bill.
 */
export async function upstreamLines(tx: Tx, payer: Party, interval: Interval, now: Date): Promise<SellerLine[] | 'waiting'> {
  if (now.getTime() < startOfDay(interval.end).getTime() + OVER_EVERYWHERE_MS) return 'waiting';
  if ((await payersToBill(tx, interval, payer.path, { excludeId: payer.id, limit: 1 })).length > 0) return 'waiting';
  const issued = await rowsOf<IssuedLine>(
    tx,
    sql`select l.subscription_account_id, l.customer_account_id, l.reason, l.period_start, l.period_end, l.product_name, l.description, l.quantity,
          l.purchase_unit_price::text as purchase_unit_price, l.purchase_amount::text as purchase_amount, l.upstream_costs, i.currency, p.vendor_account_id
        from invoices i
        join invoice_lines l on l.invoice_id = i.id
        left join products p on p.name = l.product_name
        where i.seller_account_id = ${payer.id} and i.interval_id = ${interval.id}
          and l.subscription_account_id is not null and l.purchase_amount is not null
        order by l.id`,
  );
  const lines: SellerLine[] = [];
  for (const row of issued) {
    const sellerId = payer.sellerId ?? row.vendor_account_id;
    const amount = money(row.purchase_amount);
    const [next, ...above] = row.upstream_costs ?? [];
    if (sellerId === null || (amount.isZero() && (!next || money(next.amount).isZero()))) continue;
    lines.push({
      sellerId,
      reason: row.reason,
      periodStart: parseDay(row.period_start),
      periodEnd: parseDay(row.period_end),
      quantity: row.quantity,
      unitPrice: money(row.purchase_unit_price ?? row.purchase_amount),
      amount,
      purchaseUnitPrice: next ? money(next.unitPrice) : null,
      purchaseAmount: next ? money(next.amount) : null,
      upstream: above.map((cost) => ({ unitPrice: money(cost.unitPrice), amount: money(cost.amount) })),
      currency: row.currency,
      subscriptionAccountId: row.subscription_account_id,
      customChargeId: null,
      productName: row.product_name,
      description: row.description,
      // A cost is not priced by a rule of the payer's: the line's price is the purchase price itself.
      priceRule: null,
      customerAccountId: row.customer_account_id,
    });
  }
  return lines;
}
