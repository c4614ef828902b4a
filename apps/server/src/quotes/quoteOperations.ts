import { eq, inArray } from 'drizzle-orm';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import {
  QUOTE_DEFAULT_VALIDITY_DAYS,
  deleteQuotesRequestSchema,
  deleteQuotesResponseSchema,
  getQuotesRequestSchema,
  getQuotesResponseSchema,
  acceptQuoteRequestSchema,
  quoteIdRequestSchema,
  quoteResponseSchema,
  rejectQuoteRequestSchema,
  saveQuoteRequestSchema,
} from '@cmp/contracts/salesQuotes';
import { requireAccountInHierarchy } from '../platform/access';
import { auditAccountChange } from '../platform/audit';
import { salesQuoteLines, salesQuotes } from '../platform/db/schema';
import { ApiError, accessDenied } from '../platform/errors';
import { defineOperation, type SignedInContext } from '../platform/operations';
import { money, moneyString, minorUnits } from '../pricing/money';
import { creditCurrency } from '../orders/creditCheck';
import { checkOrderViewValues, type OrderViewValues } from '../orders/orderViewValues';
import { CUSTOMER_QUOTES, QUOTE_CREATE, QUOTE_DECIDE, QUOTE_DELETE, QUOTE_READ, quoteScopePath, requireQuote } from './quoteAccess';
import { sellerOfCustomer } from '../platform/sellerSide';
import { quoteDetail, listQuotes } from './quoteQueries';
import { priceQuoteLine, type PricedQuoteLine } from './quotePricing';
import { effectiveStatus, isDeletable, moveQuote, type QuoteRow } from './quoteStatus';
import { mailSentQuote } from './quoteDocument';
import { acceptQuote } from './acceptQuote';
import { addDays } from '../platform/dates';

// ISalesQuoteService (issue 17; spec §7 "sales quotes (quote, quoteIds, quoteId, currency, productList, limit)").

const SERVICE = 'ISalesQuoteService';
const today = () => new Date().toISOString().slice(0, 10);

/**
 * One step of a quote's life taken by its side (send: the reseller's; reject: the customer's), moved
 * conditionally and audited in one transaction; answers the quote as it is after the step.
 */
async function stepQuote(ctx: SignedInContext, quoteId: number, transition: 'send' | 'reject', set: Partial<QuoteRow>, details: (moved: QuoteRow) => Record<string, unknown>) {
  const side = transition === 'send' ? 'seller' : 'customer';
  const action = transition === 'send' ? 'QuoteSent' : 'QuoteRejected';
  return ctx.db.transaction(async (tx) => {
    const inHand = await requireQuote(tx, ctx.caller, quoteId);
    if (inHand.side !== side) throw accessDenied();
    const moved = await moveQuote(tx, quoteId, transition, set);
    await auditAccountChange(tx, ctx, action, inHand.customer, details(moved));
    return quoteDetail(tx, ctx.caller, { ...inHand, quote: moved });
  });
}

const getQuotes = defineOperation({
  service: SERVICE,
  operation: 'GetQuotes',
  readOnly: true,
  summary:
    "Quotes the caller may see. scope 'Mine' (My quotes): those the caller made and those sent to the caller's company; scope 'Customers' (Customer quotes, Quotation Tool Read with HIERARCHY): every quote of the reseller's customers. Filter by status (Expired: a Draft or Sent quote past its validity date), text, accountId (a customer and below); sort; page (page from 0, pageSize) — or limit: at most that many.",
  request: getQuotesRequestSchema,
  response: getQuotesResponseSchema,
  rule: QUOTE_READ,
  async handler(input, { db, caller }) {
    if (input.scope === 'Customers' && !isAllowed(caller.capabilities, CUSTOMER_QUOTES)) throw accessDenied();
    const subtree = input.accountId === undefined ? undefined : await requireAccountInHierarchy(db, caller, input.accountId, CUSTOMER_QUOTES);
    return listQuotes(db, caller, { scope: input.scope, scopePath: await quoteScopePath(db, caller), subtreePath: subtree?.path }, input);
  },
});

const getQuote = defineOperation({
  service: SERVICE,
  operation: 'GetQuote',
  readOnly: true,
  summary: 'One quote (quoteId) with its priced lines, terms, totals and what the caller may do with it; a quote outside the caller’s hierarchy, or a draft its customer asks for, answers 403.',
  request: quoteIdRequestSchema,
  response: quoteResponseSchema,
  rule: QUOTE_READ,
  async handler(input, { db, caller }) {
    return { Quote: await quoteDetail(db, caller, await requireQuote(db, caller, input.quoteId)) };
  },
});

const saveQuote = defineOperation({
  service: SERVICE,
  operation: 'SaveQuote',
  summary:
    "Creates a Draft quote for a customer company (quote.AccountId) or changes a Draft one (quote.QuoteId): each line of productList is priced by the customer's pricelist as its order would be; a discount (percent) may not exceed the reseller's margin on the service (400 naming the largest possible). currency must be the pricelist's; ValidUntil (a day, UTC) defaults to 30 days from today.",
  request: saveQuoteRequestSchema,
  response: quoteResponseSchema,
  rule: QUOTE_CREATE,
  async handler(input, ctx) {
    const { db, caller, locale } = ctx;
    const customer = await requireAccountInHierarchy(db, caller, input.quote.AccountId, CUSTOMER_QUOTES);
    // A quote goes from the reseller's side to a customer below it, never to the caller's own company.
    if (customer.id === caller.companyAccount.id) throw accessDenied();
    if (customer.type !== 'Company') throw new ApiError(400, 'quote_customer_not_company', { accountId: String(customer.id) });
    const validUntil = input.quote.ValidUntil ?? addDays(new Date(), QUOTE_DEFAULT_VALIDITY_DAYS).toISOString().slice(0, 10);
    if (validUntil < today()) throw new ApiError(400, 'quote_valid_until_past', { validUntil });
    const expected = await creditCurrency(db, customer);
    if (input.currency !== undefined && input.currency !== expected) throw new ApiError(400, 'quote_currency_mismatch', { customer: customer.displayName, expected });
    const lines: (PricedQuoteLine & { viewValues: OrderViewValues })[] = [];
    for (const product of input.productList) {
      // The order fields are checked as an order's, but the reseller may leave required ones to the customer (issue 30).
      const viewValues = await checkOrderViewValues(db, product.ProductName, product.ViewValues, locale, caller, 'partial');
      lines.push({ ...(await priceQuoteLine(db, locale, customer, product)), viewValues });
    }
    for (const line of lines) if (line.currency !== expected) throw new ApiError(400, 'quote_currency_mismatch', { customer: customer.displayName, expected });
    const scale = minorUnits(expected);
    const subTotal = lines.reduce((sum, line) => sum.add(line.listValue), money(0));
    const total = lines.reduce((sum, line) => sum.add(line.value), money(0));
    const seller = await sellerOfCustomer(db, customer);
    const values = {
      name: input.quote.Name,
      customerAccountId: customer.id,
      sellerAccountId: seller.id,
      currency: expected,
      validUntil,
      terms: input.quote.Terms ?? '',
      subTotal: moneyString(subTotal, scale),
      discount: moneyString(subTotal.minus(total), scale),
      total: moneyString(total, scale),
      updatedAt: new Date(),
    };
    const quoteId = await db.transaction(async (tx) => {
      let id = input.quote.QuoteId;
      if (id !== undefined) {
        const { quote, side } = await requireQuote(tx, caller, id, { forUpdate: true });
        if (side !== 'seller') throw accessDenied();
        if (quote.status !== 'Draft') throw new ApiError(409, 'quote_not_editable', { quoteId: String(id), status: effectiveStatus(quote) });
        await tx.update(salesQuotes).set(values).where(eq(salesQuotes.id, id));
        await tx.delete(salesQuoteLines).where(eq(salesQuoteLines.quoteId, id));
      } else {
        const [created] = await tx
          .insert(salesQuotes)
          .values({ ...values, createdByAccountId: caller.userAccount.id })
          .returning({ id: salesQuotes.id });
        id = created!.id;
      }
      await tx.insert(salesQuoteLines).values(
        lines.map((line, position) => ({
          quoteId: id!,
          position,
          productName: line.input.ProductName,
          quantity: line.input.Quantity,
          commitment: line.input.Commitment,
          billingFrequency: line.input.BillingFrequency,
          unitPrice: line.unitPrice,
          listValue: moneyString(line.listValue, scale),
          discountPercent: line.discountPercent.toFixed(2),
          maxDiscountPercent: line.maxDiscountPercent.toFixed(2),
          value: moneyString(line.value, scale),
          priceLines: line.priceLines,
          viewValues: line.viewValues,
        })),
      );
      await auditAccountChange(tx, ctx, 'QuoteSaved', customer, { QuoteId: id, Name: values.name, Total: values.total, Currency: expected, Lines: lines.length });
      return id!;
    });
    return { Quote: await quoteDetail(db, caller, await requireQuote(db, caller, quoteId)) };
  },
});

const deleteQuotes = defineOperation({
  service: SERVICE,
  operation: 'DeleteQuotes',
  summary: 'Deletes quotes (quoteIds) of the reseller’s side — only Draft, Rejected or Expired ones; one in another status refuses the whole request (409 naming it).',
  request: deleteQuotesRequestSchema,
  response: deleteQuotesResponseSchema,
  rule: QUOTE_DELETE,
  async handler(input, ctx) {
    const ids = [...new Set(input.quoteIds)];
    await ctx.db.transaction(async (tx) => {
      const found = [];
      for (const id of ids) {
        const inHand = await requireQuote(tx, ctx.caller, id, { forUpdate: true });
        if (inHand.side !== 'seller') throw accessDenied();
        found.push(inHand);
      }
      for (const { quote } of found) {
        const status = effectiveStatus(quote);
        if (!isDeletable(status)) throw new ApiError(409, 'quote_not_deletable', { quoteId: String(quote.id), status });
      }
      await tx.delete(salesQuotes).where(inArray(salesQuotes.id, ids));
      for (const { quote, customer } of found) await auditAccountChange(tx, ctx, 'QuoteDeleted', customer, { QuoteId: quote.id, Name: quote.name });
    });
    return { DeletedQuoteIds: ids };
  },
});

const sendQuote = defineOperation({
  service: SERVICE,
  operation: 'SendQuote',
  summary: 'Sends a Draft quote to its customer: status Sent, and an e-mail with the quote as a PDF to the customer company’s users who decide quotes. An expired or already sent quote answers 409.',
  request: quoteIdRequestSchema,
  response: quoteResponseSchema,
  rule: QUOTE_CREATE,
  async handler(input, ctx) {
    const detail = await stepQuote(ctx, input.quoteId, 'send', { sentAt: new Date() }, (moved) => ({ QuoteId: moved.id, Name: moved.name, Total: moved.total, Currency: moved.currency }));
    await mailSentQuote(ctx.db, ctx.mailer, detail);
    return { Quote: detail };
  },
});

const acceptQuoteOperation = defineOperation({
  service: SERVICE,
  operation: 'AcceptQuote',
  keepsSessions: true,
  summary:
    "The customer accepts a Sent quote (Idempotency-Key honoured): it becomes one order per line through the ordering path — priced again (a price that moved since the quote answers 409), credit check included (above the limit the orders wait for approval) — at the quoted, discounted price. lines (optional): per line (0-based), the values of the product's order fields the quote left empty (GetQuote's MissingFields); the quote's own values win, and a required field still empty answers 400 naming it. Accepting twice, or two accepts at once, make one set of orders: the second answers 409.",
  request: acceptQuoteRequestSchema,
  response: quoteResponseSchema,
  rule: { all: [QUOTE_DECIDE, requirement('PRODUCT_ACCOUNT', ['Create'])] },
  handler: (input, ctx) => acceptQuote(ctx, input.quoteId, input.lines),
});

const rejectQuote = defineOperation({
  service: SERVICE,
  operation: 'RejectQuote',
  summary: 'The customer rejects a Sent quote (optional reason). A quote decided meanwhile or expired answers 409.',
  request: rejectQuoteRequestSchema,
  response: quoteResponseSchema,
  rule: QUOTE_DECIDE,
  async handler(input, ctx) {
    const reason = input.reason ?? '';
    const set = { decidedAt: new Date(), decidedByAccountId: ctx.caller.userAccount.id, reason };
    return { Quote: await stepQuote(ctx, input.quoteId, 'reject', set, (moved) => ({ QuoteId: moved.id, Name: moved.name, Reason: reason })) };
  },
});

export const salesQuoteOperations = [getQuotes, getQuote, saveQuote, deleteQuotes, sendQuote, acceptQuoteOperation, rejectQuote];
