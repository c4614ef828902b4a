import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { accounts } from './accounts';
import { products } from './catalog';

// Credit-check orders.

export const ORDER_APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected', 'Cancelled'] as const;

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
  },
  (t) => [
    index('orders_company_status_idx').on(t.companyAccountId, t.approvalStatus),
    index('orders_creator_idx').on(t.createdByAccountId),
    check('orders_approval_status_check', sql`${t.approvalStatus} in ('Pending', 'Approved', 'Rejected', 'Cancelled')`),
    check('orders_quantity_check', sql`${t.quantity} > 0`),
  ],
);
