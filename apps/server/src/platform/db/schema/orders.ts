import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, createdAt, money } from './columns';
import { accounts } from './accounts';
import { products } from './catalog';

// Credit-check orders.

export const ORDER_APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected', 'Cancelled'] as const;
/** A new subscription, or a change of an existing one that the credit check held (issue 30 item 2). */
export const ORDER_KINDS = ['New', 'QuantityIncrease', 'Upgrade', 'Renewal'] as const;

/**
 * A credit-check order (spec §3 "Order", §4 "Order approval"): an order above the customer's credit
 * waits as Pending until an Account Manager approves or rejects it, or it is cancelled.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The customer company; who may see the order follows from its place in the hierarchy. */
    companyAccountId: integer('company_account_id')
      .notNull()
      .references(() => accounts.id),
    /** Where the new subscription is to sit: the company, one of its departments or users. */
    parentAccountId: integer('parent_account_id')
      .notNull()
      .references(() => accounts.id),
    payerAccountId: integer('payer_account_id')
      .notNull()
      .references(() => accounts.id),
    sellerAccountId: integer('seller_account_id')
      .notNull()
      .references(() => accounts.id),
    productName: text('product_name')
      .notNull()
      .references(() => products.name),
    quantity: integer('quantity').notNull().default(1),
    currency: text('currency').notNull(),
    orderValue: money('order_value').notNull(),
    creditLimit: money('credit_limit'),
    projectedInvoice: money('projected_invoice'),
    approvalStatus: text('approval_status', { enum: ORDER_APPROVAL_STATUSES }).notNull().default('Pending'),
    /** Why the credit check held the order, or why it was rejected or cancelled. */
    reason: text('reason').notNull().default(''),
    createdByAccountId: integer('created_by_account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
    decidedByAccountId: integer('decided_by_account_id').references(() => accounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    // Issue 14: what was ordered and how it was priced (the price shown is the price billed).
    /** The Product account (subscription) the order made; null for the demo's hand-made orders. */
    subscriptionAccountId: integer('subscription_account_id').references(() => accounts.id),
    /** '1-month', 'annual', '3-year' or 'other'. */
    commitment: text('commitment').notNull().default('1-month'),
    /** 'Monthly', 'Annual' or 'Triennial' (allowed per commitment: orders/orderTerms.ts). */
    billingFrequency: text('billing_frequency').notNull().default('Monthly'),
    isPrepaid: boolean('is_prepaid').notNull().default(false),
    /** The priced lines as shown in the overview: item, fee type, unit price, amount, rule (contracts OrderPriceLine). */
    priceLines: jsonb('price_lines').$type<unknown[]>().notNull().default([]),
    setupFee: money('setup_fee'),
    /** The company's open balance when the credit check ran. */
    openBalance: money('open_balance'),
    /** The exchange rates the open balance was converted with ({From, To, Rate, AsOf}; issue 30 item 5). */
    creditCheckRates: jsonb('credit_check_rates').$type<unknown[]>().notNull().default([]),
    /** True when the projected invoice exceeded the credit limit, so the order waited for approval. */
    creditCheck: boolean('credit_check').notNull().default(false),
    /** The product's view fields as entered (metadata-driven, like account views). */
    viewValues: jsonb('view_values').$type<Record<string, unknown>>().notNull().default({}),
    /** 'New': the order makes its subscription; otherwise a change of subscriptionAccountId's subscription, made when approved. */
    kind: text('kind', { enum: ORDER_KINDS }).notNull().default('New'),
    /** A change request's change as asked, made again when approved: { quantity, previousQuantity } or the upgrade's request. */
    change: jsonb('change').$type<Record<string, unknown>>(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_company_status_idx').on(t.companyAccountId, t.approvalStatus),
    index('orders_creator_idx').on(t.createdByAccountId),
    // A subscription's change request waiting for approval is looked up before each change of it.
    index('orders_subscription_idx').on(t.subscriptionAccountId),
    check('orders_approval_status_check', sql`${t.approvalStatus} in ('Pending', 'Approved', 'Rejected', 'Cancelled')`),
    check('orders_quantity_check', sql`${t.quantity} > 0`),
    check('orders_kind_check', sql`${t.kind} in ('New', 'QuantityIncrease', 'Upgrade', 'Renewal')`),
  ],
);

/** A company's credit limit, set by its reseller (issue 14 "Credit check"); no row: no limit. */
export const companyCreditLimits = pgTable('company_credit_limits', {
  companyAccountId: integer('company_account_id')
    .primaryKey()
    .references(() => accounts.id),
  creditLimit: money('credit_limit').notNull(),
  currency: text('currency').notNull(),
  updatedByAccountId: integer('updated_by_account_id').references(() => accounts.id),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A file attached to an order (spec §5: doc, docx, xls, xlsx, pdf; size limit; safe names). */
export const orderAttachments = pgTable(
  'order_attachments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdByAccountId: integer('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [index('order_attachments_order_idx').on(t.orderId)],
);
