import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/database';
import { accounts, priceableItems, subscriptionHistory, subscriptions } from '../platform/db/schema';
import { customerPricelistId } from '../pricing/customerPricelist';
import { effectivePricesOfPricelist } from '../pricing/effectivePrice';
import { findCompanyAccount, pathIds } from '../platform/session';
import type { Database } from '../platform/db/database';
import { intervalContaining } from '../billing/calendar';
import { billPayers, newRunCache } from '../billing/payerBilling';
import { payersToBill } from '../billing/billingPayers';
import { billingOrder } from '../billing/billingRun';
import { addHours, addMonthsToDay, firstOfMonth, startOfDay, utcDayOf } from '../platform/dates';

// The demo's subscriptions as billing sees them (issue 15): each priced by its company's pricelist
// — the price shown is the price billed — and running since the 5th of the month three months ago,
// so the months before this one can be billed from the billing tab.

/** How many months back the demo subscriptions started. */
const MONTHS_BACK = 3;

/** When the demo's priced subscriptions started: the 5th, 09:00 UTC, MONTHS_BACK months ago. */
const demoStart = (now: Date): Date => addHours(startOfDay(addMonthsToDay(firstOfMonth(utcDayOf(now)), -MONTHS_BACK) + 4), 9);

export async function loadDemoBillingHistory(tx: Tx): Promise<void> {
  const rows = await tx
    .select({ accountId: subscriptions.accountId, productName: subscriptions.productName, path: accounts.path })
    .from(subscriptions)
    .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .where(isNull(subscriptions.unitPrice));
  const now = new Date();
  const start = demoStart(now);
  for (const row of rows) {
    const company = await findCompanyAccount(tx, { path: row.path });
    const pricelistId = company ? await customerPricelistId(tx, company) : undefined;
    if (!company || pricelistId === undefined || !pathIds(row.path).includes(company.id)) continue;
    const [item] = await tx
      .select({ id: priceableItems.id })
      .from(priceableItems)
      .where(sql`${priceableItems.productName} = ${row.productName} and ${priceableItems.feeType} = 'Recurring' and ${priceableItems.isActive}`)
      .orderBy(priceableItems.id)
      .limit(1);
    const price = item ? (await effectivePricesOfPricelist(tx, pricelistId)).get(item.id) : undefined;
    if (!price || !('isPriced' in price) || !price.isPriced) continue;
    // Written as an order writes it (orders/orderPricing.ts).
    const rule = price.explanation;
    await tx
      .update(subscriptions)
      .set({ unitPrice: price.price, currency: price.currency, priceRule: `${rule.RuleName} (${rule.Model}${rule.Parameter ? ` ${rule.Parameter}` : ''})`, termStartDate: start })
      .where(eq(subscriptions.accountId, row.accountId));
  }
  // The trigger wrote each state as of now: the demo's history starts at the subscriptions' start.
  const priced = rows.map((r) => r.accountId);
  if (priced.length) await tx.update(subscriptionHistory).set({ validFrom: start }).where(inArray(subscriptionHistory.subscriptionAccountId, priced));
  await tx.execute(sql`delete from subscription_history h using subscription_history newer
    where h.subscription_account_id = newer.subscription_account_id and h.valid_from = newer.valid_from and h.id < newer.id and h.subscription_account_id = any(${sql.param(priced)}::int[])`);
}

/**
 * Bills the demo's month their subscriptions started (three months back) at every level of the chain:
 * the companies, then their resellers, then the platform owner's bills from the vendors.
 */
export async function billDemoFirstMonth(tx: Tx): Promise<void> {
  const now = new Date();
  const first = intervalContaining(utcDayOf(demoStart(now)));
  const cache = newRunCache();
  // A transaction's handle bills like the database: each batch of payers in a savepoint of the demo's transaction.
  for (const level of billingOrder(await payersToBill(tx, first, '/'))) {
    for (const batch of level) await billPayers(tx as unknown as Database, cache, batch, first, null, now);
  }
}
