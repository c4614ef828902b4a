import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { BILLING_FREQUENCIES, COMMITMENTS, MAX_ORDER_QUANTITY, orderPriceLineSchema, orderRequestSchema } from './orders';
import { SORT_DIRECTIONS, pagingSchema } from './users';

// Sales quotes (issue 17 "Sales quotes"; spec §2 Quotes group, §7 ISalesQuoteService): a reseller
// prepares a quote for a customer company — services of the customer's pricelist priced by the one
// price function, quantities, terms, a discount within the reseller's margin, currency and validity
// date — sends it (an e-mail with the quote as a PDF), and the customer accepts it in the portal:
// an accepted quote becomes orders through the ordering path (credit check included), or rejects it.

/** Stored statuses; Expired is what a Draft or Sent quote is once its validity date has passed. */
export const STORED_QUOTE_STATUSES = ['Draft', 'Sent', 'Accepted', 'Rejected'] as const;
export const QUOTE_STATUSES = [...STORED_QUOTE_STATUSES, 'Expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Only these may be deleted (issue 17): a Sent quote waits for the customer, an Accepted one made orders. */
export const DELETABLE_QUOTE_STATUSES: readonly QuoteStatus[] = ['Draft', 'Rejected', 'Expired'];

/** 'Mine': quotes the caller made or that are addressed to the caller's company; 'Customers': every quote of the caller's customers (Quotation Tool Read HIERARCHY). */
export const QUOTE_SCOPES = ['Mine', 'Customers'] as const;
export type QuoteScope = (typeof QUOTE_SCOPES)[number];

export const QUOTE_SORT_FIELDS = ['Name', 'Customer', 'Status', 'Total', 'ValidUntil', 'CreatedAt'] as const;
export type QuoteSortField = (typeof QUOTE_SORT_FIELDS)[number];

export const QUOTE_NAME_MAX_LENGTH = 100;
export const QUOTE_TERMS_MAX_LENGTH = 4000;
export const MAX_QUOTE_LINES = 50;
/** How long a quote is valid when no date is given. */
export const QUOTE_DEFAULT_VALIDITY_DAYS = 30;
/** GetQuotes' legacy `limit`: at most this many quotes in one answer. */
export const MAX_QUOTE_LIMIT = 200;

/** A calendar day, UTC: 2026-12-31. A quote is valid through that day. */
export const quoteDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date such as 2026-12-31')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'expected a date such as 2026-12-31');

/** A discount in percent of the line's value, 0 to 100 with at most 2 decimals. */
export const discountPercentSchema = z
  .string()
  .trim()
  .regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, 'expected a percentage such as 5 or 12.5');

export const quoteIdSchema = z.number().int().positive();

export const quoteInputSchema = z
  .object({
    /** Absent: a new quote. Present: a Draft quote to change. */
    QuoteId: quoteIdSchema.optional(),
    /** The customer company the quote is for. */
    AccountId: accountIdSchema,
    Name: z.string().trim().min(1, 'is required').max(QUOTE_NAME_MAX_LENGTH, 'is too long'),
    /** Absent: QUOTE_DEFAULT_VALIDITY_DAYS from today. */
    ValidUntil: quoteDateSchema.optional(),
    Terms: z.string().max(QUOTE_TERMS_MAX_LENGTH, 'is too long').optional(),
  })
  .strict();
export type QuoteInput = z.infer<typeof quoteInputSchema>;

export const quoteProductInputSchema = z
  .object({
    ProductName: z.string().trim().min(1).max(100),
    Quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY),
    Commitment: z.enum(COMMITMENTS),
    BillingFrequency: z.enum(BILLING_FREQUENCIES),
    DiscountPercent: discountPercentSchema.optional(),
    /**
     * The product's order fields as the reseller filled them (field name → value, as an order's
     * viewValues). Checked as an order's values except that required ones may be left for the
     * customer to fill when accepting (issue 30).
     */
    ViewValues: orderRequestSchema.shape.viewValues,
  })
  .strict();
export type QuoteProductInput = z.infer<typeof quoteProductInputSchema>;

export const saveQuoteRequestSchema = z
  .object({
    quote: quoteInputSchema,
    productList: z.array(quoteProductInputSchema).min(1).max(MAX_QUOTE_LINES),
    /** The currency of the customer's pricelist (the prices are quoted in it); absent: that currency. */
    currency: z.string().trim().regex(/^[A-Z]{3}$/, 'expected a currency code such as EUR').optional(),
  })
  .strict();
export type SaveQuoteRequest = z.infer<typeof saveQuoteRequestSchema>;

export const quoteIdRequestSchema = z.object({ quoteId: quoteIdSchema }).strict();

/** The customer's values for one quote line's missing order fields (line: the 0-based position in Lines). */
export const acceptQuoteLineSchema = z
  .object({
    line: z.number().int().min(0).max(MAX_QUOTE_LINES - 1),
    viewValues: orderRequestSchema.shape.viewValues.unwrap(),
  })
  .strict();

/**
 * AcceptQuote: `{ quoteId }` as before, and optionally the values of order fields the quote left
 * open, per line. They go under the quote's own values (the reseller's values win), and the
 * whole is checked as an order's values are — required fields included (issue 30).
 */
export const acceptQuoteRequestSchema = z
  .object({
    quoteId: quoteIdSchema,
    lines: z.array(acceptQuoteLineSchema).max(MAX_QUOTE_LINES).optional(),
  })
  .strict();
export type AcceptQuoteRequest = z.infer<typeof acceptQuoteRequestSchema>;
export const rejectQuoteRequestSchema = z.object({ quoteId: quoteIdSchema, reason: z.string().trim().max(500).optional() }).strict();
export const deleteQuotesRequestSchema = z.object({ quoteIds: z.array(quoteIdSchema).min(1).max(100) }).strict();

export const getQuotesRequestSchema = z
  .object({
    scope: z.enum(QUOTE_SCOPES).default('Mine'),
    /** Legacy form: at most this many quotes (the first page). */
    limit: z.number().int().min(1).max(MAX_QUOTE_LIMIT).optional(),
    status: z.enum(QUOTE_STATUSES).optional(),
    text: z.string().trim().max(100).optional(),
    /** Only the quotes of this customer (or below it). */
    accountId: accountIdSchema.optional(),
    sortBy: z.enum(QUOTE_SORT_FIELDS).default('CreatedAt'),
    sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
    ...pagingSchema,
  })
  .strict();
export type GetQuotesRequest = z.input<typeof getQuotesRequestSchema>;

export const quoteSummarySchema = z.object({
  QuoteId: z.number().int(),
  Name: z.string(),
  CustomerAccountId: z.number().int(),
  CustomerName: z.string(),
  SellerAccountId: z.number().int(),
  SellerName: z.string(),
  CreatedByAccountId: z.number().int(),
  CreatedByName: z.string(),
  Status: z.enum(QUOTE_STATUSES),
  Currency: z.string(),
  /** The quote's value after discounts: setup fees plus the first billing period of every line. */
  Total: z.string(),
  ValidUntil: z.string(),
  CreatedAt: z.string(),
  SentAt: z.string().nullable(),
  DecidedAt: z.string().nullable(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteLineSchema = z.object({
  ProductName: z.string(),
  DisplayName: z.string(),
  Quantity: z.number().int(),
  Commitment: z.enum(COMMITMENTS),
  BillingFrequency: z.enum(BILLING_FREQUENCIES),
  /** The recurring price per unit from the customer's pricelist (before the discount); null for a service without one. */
  UnitPrice: z.string().nullable(),
  /** The line priced by the customer's pricelist: setup fee plus the first billing period, before the discount. */
  ListValue: z.string(),
  DiscountPercent: z.string(),
  /**
   * The largest discount the reseller's margin allows on this line (0 when the purchase price is
   * unknown). It gives the margin away, so only the seller's side gets it (issue 30).
   */
  MaxDiscountPercent: z.string().optional(),
  /** ListValue less the discount: what the order of this line will bill. */
  Value: z.string(),
  PriceLines: z.array(orderPriceLineSchema),
  /** The order this line became once the quote was accepted. */
  OrderId: z.number().int().nullable(),
  /** The product's order fields as quoted (field name → value); empty for a product without fields. */
  ViewValues: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** The names of the product's required order fields the quote leaves empty: what accepting asks the customer for. */
  MissingFields: z.array(z.string()),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteDetailSchema = quoteSummarySchema.extend({
  Terms: z.string(),
  Reason: z.string(),
  SubTotal: z.string(),
  Discount: z.string(),
  Lines: z.array(quoteLineSchema),
  /** What the caller may do with it now. */
  CanEdit: z.boolean(),
  CanSend: z.boolean(),
  CanDecide: z.boolean(),
  CanDelete: z.boolean(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

export const getQuotesResponseSchema = z.object({ Quotes: z.array(quoteSummarySchema), Total: z.number().int() });
export const quoteResponseSchema = z.object({ Quote: quoteDetailSchema });
export const deleteQuotesResponseSchema = z.object({ DeletedQuoteIds: z.array(z.number().int()) });
