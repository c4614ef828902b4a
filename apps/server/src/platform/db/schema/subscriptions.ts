import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
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
});
