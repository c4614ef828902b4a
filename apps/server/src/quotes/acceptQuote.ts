import { asc, eq } from 'drizzle-orm';
import type { Order, OrderPriceLine, OrderRequest } from '@cmp/contracts/orders';
import type { AcceptQuoteRequest, QuoteDetail } from '@cmp/contracts/salesQuotes';
import { auditAccountChange } from '../platform/audit';
import { salesQuoteLines } from '../platform/db/schema';
import { accessDenied } from '../platform/errors';
import { REPLAYED_HEADER, withIdempotency } from '../platform/idempotency';
import type { SignedInContext } from '../platform/operations';
import { mailOrderPlaced } from '../orders/orderMail';
import { checkOrderViewValues } from '../orders/orderViewValues';
import { placeOrderWithDetail, sendOrderProvisioning } from '../orders/placeOrder';
import { money } from '../pricing/money';
import type { PricedLines } from '../orders/orderPricing';
import { sendProvisioning } from '../provisioning/queue';
import { requireQuote } from './quoteAccess';
import { quoteDetail } from './quoteQueries';
import { moveQuote } from './quoteStatus';

// Accepting a quote (issue 17): the customer's click turns the quote into orders through the ordering
// path (orders/placeOrder.ts) in one transaction with the quote's own step Sent → Accepted. The quote
// row is locked first and moved conditionally, so of two accepts at once the second waits, finds the
// quote Accepted and answers 409: one set of orders, whatever the clicks. Each order is placed at the
// list price the quote showed (a price that moved since answers 409, as PlaceOrder does) and carries
// the quote's discounted lines: its credit check weighs, and its subscription bills, the quoted value.

/** A line's order at the quote's discounted prices: what its credit check weighs and its subscription bills. */
function quotedPrices(line: typeof salesQuoteLines.$inferSelect): (listed: PricedLines) => PricedLines {
  return (listed) => {
    if (money(line.discountPercent).isZero()) return listed;
    const quoted = line.priceLines as OrderPriceLine[];
    const sum = (fee: OrderPriceLine['FeeType']) => quoted.filter((l) => l.FeeType === fee).reduce((total, l) => total.add(l.Amount), money(0));
    return {
      ...listed,
      lines: quoted,
      setup: sum('Setup'),
      recurring: sum('Recurring'),
      orderValue: money(line.value),
      recurringUnitPrice: quoted.find((l) => l.FeeType === 'Recurring')?.UnitPrice ?? listed.recurringUnitPrice,
    };
  };
}

/**
 * A line's order fields: the customer's values for what the quote left open under the quote's own
 * (the reseller's values win — they are what was quoted). The request shape keeps the stored key of
 * an accept without values ({ quoteId }), so its replays still match.
 */
function customerValuesOf(given: AcceptQuoteRequest['lines'], position: number): Record<string, unknown> {
  return Object.assign({}, ...(given ?? []).filter((each) => each.line === position).map((each) => each.viewValues)) as Record<string, unknown>;
}

export async function acceptQuote(ctx: SignedInContext, quoteId: number, given?: AcceptQuoteRequest['lines']): Promise<{ Quote: QuoteDetail }> {
  const { db, caller, locale } = ctx;
  const placed: { order: Order; requestIds: number[] }[] = [];
  const request = given?.length ? { quoteId, lines: given } : { quoteId };
  const answer = await withIdempotency(ctx, 'ISalesQuoteService/AcceptQuote', request, async (tx) => {
    // The lock makes a racing accept wait here until this one commits, and then see Accepted.
    const inHand = await requireQuote(tx, caller, quoteId, { forUpdate: true });
    if (inHand.side !== 'customer') throw accessDenied();
    const now = new Date();
    const moved = await moveQuote(tx, quoteId, 'accept', { decidedAt: now, decidedByAccountId: caller.userAccount.id });
    const lines = await tx.select().from(salesQuoteLines).where(eq(salesQuoteLines.quoteId, quoteId)).orderBy(asc(salesQuoteLines.position));
    const customer = inHand.customer;
    for (const line of lines) {
      // Checked in full now: a required field neither side filled answers 400 naming it, and nothing is placed.
      const viewValues = await checkOrderViewValues(tx, line.productName, { ...customerValuesOf(given, line.position), ...line.viewValues }, locale, caller);
      const request = {
        parentAccountId: customer.id,
        productName: line.productName,
        quantity: line.quantity,
        commitment: line.commitment as OrderRequest['commitment'],
        billingFrequency: line.billingFrequency as OrderRequest['billingFrequency'],
        expectedOrderValue: line.listValue,
        viewValues,
      };
      const { detail: order, provisioningRequestIds } = await placeOrderWithDetail(tx, caller, locale, request, customer, customer, { agreed: quotedPrices(line) });
      // The line keeps the values its order was placed with: the accepted quote shows what was ordered.
      await tx.update(salesQuoteLines).set({ orderId: order.Id, viewValues }).where(eq(salesQuoteLines.id, line.id));
      await auditAccountChange(tx, ctx, 'OrderPlaced', customer, {
        OrderId: order.Id,
        Service: order.ProductName,
        Quantity: order.Quantity,
        OrderValue: order.OrderValue,
        Currency: order.Currency,
        ApprovalStatus: order.ApprovalStatus,
        SubscriptionAccountId: order.SubscriptionAccountId,
        QuoteId: quoteId,
      });
      placed.push({ order, requestIds: provisioningRequestIds });
    }
    await auditAccountChange(tx, ctx, 'QuoteAccepted', customer, { QuoteId: quoteId, Name: moved.name, Total: moved.total, Currency: moved.currency, Orders: placed.map((p) => p.order.Id) });
    return { Quote: await quoteDetail(tx, caller, { ...inHand, quote: moved }) };
  });
  const jobs = ctx.request.server.jobs;
  if (ctx.reply.getHeader(REPLAYED_HEADER) !== undefined) {
    // A replayed answer: whatever of its orders' requests still waits is sent again (a job runs once).
    for (const line of answer.Quote.Lines) if (line.OrderId !== null) await sendOrderProvisioning(db, jobs, line.OrderId);
    return answer;
  }
  for (const { order, requestIds } of placed) {
    await sendProvisioning(jobs, requestIds);
    await mailOrderPlaced(db, ctx.mailer, order);
  }
  return answer;
}
