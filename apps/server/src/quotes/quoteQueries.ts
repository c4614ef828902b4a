import { and, asc, desc, eq, ilike, isNotNull, like, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_LOCALE } from '@cmp/contracts/locales';
import type { OrderPriceLine } from '@cmp/contracts/orders';
import type { GetQuotesRequest, QuoteDetail, QuoteLine, QuoteSummary } from '@cmp/contracts/salesQuotes';
import type { Queryable } from '../platform/db/database';
import { escapeLike } from '../platform/db/likePattern';
import { accounts, products, salesQuoteLines, salesQuotes } from '../platform/db/schema';
import type { CallerSession } from '../platform/session';
import { quotePermissions, type QuoteInHand } from './quoteAccess';
import { effectiveStatus, effectiveStatusSql } from './quoteStatus';
import { ruleSeenBy, sellsTo } from '../platform/sellerSide';
import { missingOrderViewFields, orderViewFieldsOf } from '../orders/orderViewValues';

const customers = alias(accounts, 'customer');
const sellers = alias(accounts, 'seller');
const creators = alias(accounts, 'creator');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const SORT_COLUMNS = {
  Name: salesQuotes.name,
  Customer: customers.displayName,
  Status: effectiveStatusSql,
  Total: salesQuotes.total,
  ValidUntil: salesQuotes.validUntil,
  CreatedAt: salesQuotes.createdAt,
} as const;

const summaryColumns = {
  quote: salesQuotes,
  status: effectiveStatusSql,
  customerName: customers.displayName,
  sellerName: sellers.displayName,
  creatorName: creators.displayName,
};

type SummaryRow = { quote: typeof salesQuotes.$inferSelect; status: QuoteSummary['Status']; customerName: string; sellerName: string; creatorName: string };

const summaryOf = (row: SummaryRow): QuoteSummary => ({
  QuoteId: row.quote.id,
  Name: row.quote.name,
  CustomerAccountId: row.quote.customerAccountId,
  CustomerName: row.customerName,
  SellerAccountId: row.quote.sellerAccountId,
  SellerName: row.sellerName,
  CreatedByAccountId: row.quote.createdByAccountId,
  CreatedByName: row.creatorName,
  Status: row.status,
  Currency: row.quote.currency,
  Total: row.quote.total,
  ValidUntil: row.quote.validUntil,
  CreatedAt: row.quote.createdAt.toISOString(),
  SentAt: iso(row.quote.sentAt),
  DecidedAt: iso(row.quote.decidedAt),
});

const joined = (db: Queryable) =>
  db
    .select(summaryColumns)
    .from(salesQuotes)
    .innerJoin(customers, eq(customers.id, salesQuotes.customerAccountId))
    .innerJoin(sellers, eq(sellers.id, salesQuotes.sellerAccountId))
    .innerJoin(creators, eq(creators.id, salesQuotes.createdByAccountId));

export interface QuoteListFilter {
  scope: 'Mine' | 'Customers';
  /** The caller's quote hierarchy (quoteScopePath). */
  scopePath: string;
  subtreePath?: string;
}

/** The quotes of a list: 'Mine' — made by the caller, or sent to the caller's company; 'Customers' — every quote whose customer lies in the hierarchy. */
export async function listQuotes(db: Queryable, caller: CallerSession, filter: QuoteListFilter, input: Required<Pick<GetQuotesRequest, 'sortBy' | 'sortDirection' | 'page' | 'pageSize'>> & GetQuotesRequest) {
  const conditions: (SQL | undefined)[] = [like(customers.path, `${escapeLike(filter.scopePath)}%`)];
  if (filter.scope === 'Mine') {
    conditions.push(or(eq(salesQuotes.createdByAccountId, caller.userAccount.id), and(eq(salesQuotes.customerAccountId, caller.companyAccount.id), isNotNull(salesQuotes.sentAt))));
  } else {
    // A company's own quotes show to it only once sent, also in the hierarchy list.
    conditions.push(or(sql`${salesQuotes.customerAccountId} <> ${caller.companyAccount.id}`, isNotNull(salesQuotes.sentAt)));
  }
  if (filter.subtreePath) conditions.push(like(customers.path, `${escapeLike(filter.subtreePath)}%`));
  if (input.status) conditions.push(sql`${effectiveStatusSql} = ${input.status}`);
  if (input.text) {
    const text = `%${escapeLike(input.text)}%`;
    conditions.push(or(ilike(salesQuotes.name, text), ilike(customers.displayName, text)));
  }
  const where = and(...conditions);
  const direction = input.sortDirection === 'asc' ? asc : desc;
  const pageSize = input.limit ?? input.pageSize;
  const page = input.limit ? 0 : input.page;
  const [rows, [counted]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[input.sortBy]), direction(salesQuotes.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(salesQuotes)
      .innerJoin(customers, eq(customers.id, salesQuotes.customerAccountId))
      .where(where),
  ]);
  return { Quotes: (rows as SummaryRow[]).map(summaryOf), Total: Number(counted?.n ?? 0) };
}

/** A quote as GetQuote answers it: summary, terms, priced lines and what the caller may do. */
export async function quoteDetail(db: Queryable, caller: CallerSession, inHand: QuoteInHand): Promise<QuoteDetail> {
  const [row] = await joined(db).where(eq(salesQuotes.id, inHand.quote.id)).limit(1);
  const lines = await db
    .select({ line: salesQuoteLines, displayName: products.displayName })
    .from(salesQuoteLines)
    .innerJoin(products, eq(products.name, salesQuoteLines.productName))
    .where(eq(salesQuoteLines.quoteId, inHand.quote.id))
    .orderBy(asc(salesQuoteLines.position));
  // What each line still asks for: the required order fields the quote leaves empty (issue 30). Only
  // the fields' names and rules are read, which are the same in every language.
  const missing: string[][] = [];
  for (const { line } of lines) missing.push(missingOrderViewFields(await orderViewFieldsOf(db, line.productName, DEFAULT_LOCALE, caller), line.viewValues));
  const summary = summaryOf(row as SummaryRow);
  const status = effectiveStatus(row!.quote);
  // The customer sees its prices, not what they are over the reseller's cost (platform/sellerSide.ts).
  const sellerSide = inHand.side === 'seller' && sellsTo(caller, inHand.customer);
  return {
    ...summary,
    Status: status,
    Terms: row!.quote.terms,
    Reason: row!.quote.reason,
    SubTotal: row!.quote.subTotal,
    Discount: row!.quote.discount,
    Lines: lines.map(({ line, displayName }, index): QuoteLine => ({
      ProductName: line.productName,
      DisplayName: displayName,
      Quantity: line.quantity,
      Commitment: line.commitment as QuoteLine['Commitment'],
      BillingFrequency: line.billingFrequency as QuoteLine['BillingFrequency'],
      UnitPrice: line.unitPrice,
      ListValue: line.listValue,
      DiscountPercent: line.discountPercent,
      ...(sellerSide ? { MaxDiscountPercent: line.maxDiscountPercent } : {}),
      Value: line.value,
      PriceLines: (line.priceLines as OrderPriceLine[]).map((priceLine) => ({ ...priceLine, Rule: ruleSeenBy(priceLine.Rule, sellerSide) })),
      OrderId: line.orderId,
      ViewValues: line.viewValues,
      MissingFields: missing[index] ?? [],
    })),
    ...quotePermissions(caller, inHand.side, status),
  };
}
