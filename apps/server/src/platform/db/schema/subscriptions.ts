import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts } from './accounts';

// Products and the commercial terms of Product accounts.

/**
 * What can be subscribed (a Product account is a subscription to one). The catalog issue grows
 * this into services with prices; accounts need the name, the vendor and where it may be ordered.
 */
export const products = pgTable('products', {
  name: text('name').primaryKey(),
  displayName: text('display_name').notNull(),
  vendorAccountId: integer('vendor_account_id').references(() => accounts.id),
  /** Account types a subscription of this product may sit under, e.g. ['Company'] or ['User']. */
  parentTypes: jsonb('parent_types').$type<string[]>().notNull().default(['Company']),
  isPrepaid: boolean('is_prepaid').notNull().default(false),
  commitment: text('commitment').notNull().default('1-month'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

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
});
