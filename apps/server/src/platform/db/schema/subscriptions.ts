import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
});
