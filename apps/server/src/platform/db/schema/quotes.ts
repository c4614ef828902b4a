import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, money, unitPrice } from './columns';
import { accounts } from './accounts';
import { products } from './catalog';
import { mailOutbox } from './identity';
import { orders } from './orders';

// Sales quotes (issue 17): a reseller's quote to a customer company and its lines. Expired is not
// stored: a Draft or Sent quote whose valid_until lies before today is Expired (quotes/quoteStatus.ts).

export const SALES_QUOTE_STATUSES = ['Draft', 'Sent', 'Accepted', 'Rejected'] as const;

export const salesQuotes = pgTable(
  'sales_quotes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    customerAccountId: integer('customer_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The reseller that sells to the customer (the nearest reseller above it). */
    sellerAccountId: integer('seller_account_id')
      .notNull()
      .references(() => accounts.id),
    createdByAccountId: integer('created_by_account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status', { enum: SALES_QUOTE_STATUSES }).notNull().default('Draft'),
    currency: text('currency').notNull(),
    /** Valid through this day (UTC). */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    terms: text('terms').notNull().default(''),
    subTotal: money('sub_total').notNull(),
    discount: money('discount').notNull(),
    total: money('total').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedByAccountId: integer('decided_by_account_id').references(() => accounts.id),
  },
  (t) => [
    index('sales_quotes_customer_idx').on(t.customerAccountId),
    index('sales_quotes_seller_idx').on(t.sellerAccountId),
    index('sales_quotes_creator_idx').on(t.createdByAccountId),
    check('sales_quotes_status_check', sql`${t.status} in ('Draft', 'Sent', 'Accepted', 'Rejected')`),
  ],
);

export const salesQuoteLines = pgTable(
  'sales_quote_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => salesQuotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productName: text('product_name')
      .notNull()
      .references(() => products.name),
    quantity: integer('quantity').notNull(),
    commitment: text('commitment').notNull(),
    billingFrequency: text('billing_frequency').notNull(),
    /** The recurring unit price of the customer's pricelist when quoted (before the discount). */
    unitPrice: unitPrice('unit_price'),
    /** Setup fee plus the first billing period, priced by the customer's pricelist. */
    listValue: money('list_value').notNull(),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    maxDiscountPercent: numeric('max_discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /** listValue less the discount: what the line's order bills. */
    value: money('value').notNull(),
    /** The priced lines (contracts OrderPriceLine) as the order overview shows them, before the discount. */
    priceLines: jsonb('price_lines').$type<unknown[]>().notNull().default([]),
    /**
     * The product's order fields as the reseller filled them (field name → value, stored form of
     * orders/orderViewValues.ts); required ones may be missing until the customer accepts (issue 30).
     */
    viewValues: jsonb('view_values').$type<Record<string, string | number | boolean>>().notNull().default({}),
    /** The order the line became when the quote was accepted. */
    orderId: integer('order_id').references(() => orders.id),
  },
  (t) => [uniqueIndex('sales_quote_lines_position_idx').on(t.quoteId, t.position), uniqueIndex('sales_quote_lines_order_idx').on(t.orderId)],
);

/** Files attached to an outbox mail (a sent quote's PDF); nodemailer sends them with the mail. */
export const mailOutboxAttachments = pgTable(
  'mail_outbox_attachments',
  {
    id: serial('id').primaryKey(),
    mailId: integer('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('mail_outbox_attachments_mail_idx').on(t.mailId)],
);
