import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, unitPrice } from './columns';
import { accounts } from './accounts';
import { products } from './catalog';

// The commercial terms of Product accounts (subscriptions to a service of the catalog).

/** The commercial terms of a Product account (spec §3 "Subscription"). */
export const subscriptions = pgTable('subscriptions', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  productName: text('product_name')
    .notNull()
    .references(() => products.name),
  quantity: integer('quantity').notNull().default(1),
  isPrepaid: boolean('is_prepaid').notNull().default(false),
  /** 'Renew' or 'Terminate' at the end of the commitment. */
  autoRenew: text('auto_renew').notNull().default('Renew'),
  /** '1-month', 'annual', '3-year' or 'other'. */
  commitment: text('commitment').notNull().default('1-month'),
  minimumContractEndDate: timestamp('minimum_contract_end_date', { withTimezone: true, mode: 'date' }),
  lockPeriodEndDate: timestamp('lock_period_end_date', { withTimezone: true, mode: 'date' }),
  hasPriceProtection: boolean('has_price_protection').notNull().default(false),
  createdAt: createdAt(),
  // Issue 14: the subscription's life and the price it was sold at (kept for the term).
  /** 'Provisioning' (ordered, not yet delivered), 'Active', 'Failed', 'Cancelled', 'Suspended' or 'Terminated' (subscriptions/subscriptionStatus.ts). */
  status: text('status').notNull().default('Active'),
  /** 'Monthly', 'Annual' or 'Triennial'. */
  billingFrequency: text('billing_frequency').notNull().default('Monthly'),
  currency: text('currency'),
  /** The recurring price of one unit per billing period of the service, locked for the term. */
  unitPrice: unitPrice('unit_price'),
  /** The rule that priced it, as the overview explained it. */
  priceRule: text('price_rule'),
  termStartDate: timestamp('term_start_date', { withTimezone: true, mode: 'date' }),
  /** The order that made it (null for the demo's hand-made subscriptions). */
  orderId: integer('order_id'),
  priceLines: jsonb('price_lines').$type<unknown[]>().notNull().default([]),
  /** The subscription an upgrade made this one from (issue 14 "Upgrade"). */
  upgradedFromAccountId: integer('upgraded_from_account_id').references(() => accounts.id),
});

/**
 * Seats bought together (issue 14 "cancellation window"): each purchase, renewal or seat addition
 * opens a window (168 hours by default, products.cancellation_window_hours) in which those seats
 * may be given back with a prorated refund. `refundableQuantity` falls as seats are given back.
 */
export const subscriptionSeatBatches = pgTable(
  'subscription_seat_batches',
  {
    id: serial('id').primaryKey(),
    subscriptionAccountId: integer('subscription_account_id')
      .notNull()
      .references(() => accounts.id),
    /** 'Purchase', 'Renewal' or 'Addition'. */
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    refundableQuantity: integer('refundable_quantity').notNull(),
    refundableUntil: timestamp('refundable_until', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_seat_batches_subscription_idx').on(t.subscriptionAccountId)],
);

/**
 * A change that waits for the subscription's renewal (issue 14): outside a cancellation window a
 * quantity decrease, a term or billing-frequency change is scheduled; an immediate mid-term change
 * drops the scheduled ones.
 */
export const subscriptionScheduledChanges = pgTable(
  'subscription_scheduled_changes',
  {
    id: serial('id').primaryKey(),
    subscriptionAccountId: integer('subscription_account_id')
      .notNull()
      .references(() => accounts.id),
    /** 'Quantity', 'Commitment', 'BillingFrequency' or 'Product' (a downgrade at term end). */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    createdByAccountId: integer('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_scheduled_changes_subscription_idx').on(t.subscriptionAccountId)],
);
