import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts } from './accounts';
import { orders } from './orders';
import { products } from './catalog';

// Provisioning requests.

export const PROVISIONING_ORDER_STATUSES = ['Submitted', 'InProgress', 'Completed', 'Failed', 'Cancelled'] as const;

/**
 * What was sent to a vendor to create, change or end a subscription (spec §3 "Provisioning request").
 * `orderStatus` is ours, `productStatus` the vendor's; a Failed request that is not final waits for
 * someone to retry, resubmit, escalate, complete or cancel it (spec §4 "Provisioning actions").
 */
export const provisioningRequests = pgTable(
  'provisioning_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    companyAccountId: integer('company_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The Product account (subscription) concerned; empty while a new one is not yet created. */
    subscriptionAccountId: integer('subscription_account_id').references(() => accounts.id),
    productName: text('product_name')
      .notNull()
      .references(() => products.name),
    /** 'Create', 'Modify' or 'Terminate'. */
    action: text('action').notNull().default('Create'),
    orderStatus: text('order_status', { enum: PROVISIONING_ORDER_STATUSES }).notNull().default('Submitted'),
    productStatus: text('product_status').notNull().default('Pending'),
    isFinalStatus: boolean('is_final_status').notNull().default(false),
    rollbackCompleted: boolean('rollback_completed').notNull().default(false),
    errorMessage: text('error_message'),
    /** The vendor's id of the customer (its tenant). */
    customerId: text('customer_id'),
    sendDate: timestamp('send_date', { withTimezone: true, mode: 'date' }),
    createdByAccountId: integer('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('provisioning_requests_company_status_idx').on(t.companyAccountId, t.orderStatus),
    index('provisioning_requests_creator_idx').on(t.createdByAccountId),
    check('provisioning_requests_order_status_check', sql`${t.orderStatus} in ('Submitted', 'InProgress', 'Completed', 'Failed', 'Cancelled')`),
  ],
);
