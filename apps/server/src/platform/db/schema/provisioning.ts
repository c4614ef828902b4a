import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** 'Create', 'Modify' (the quantity), 'Suspend', 'Resume' or 'Terminate'. */
    action: text('action').notNull().default('Create'),
    /** The quantity to provision (Create) or change to (Modify); issue 14. */
    quantity: integer('quantity'),
    orderStatus: text('order_status', { enum: PROVISIONING_ORDER_STATUSES }).notNull().default('Submitted'),
    productStatus: text('product_status').notNull().default('Pending'),
    isFinalStatus: boolean('is_final_status').notNull().default(false),
    rollbackCompleted: boolean('rollback_completed').notNull().default(false),
    errorMessage: text('error_message'),
    /** The vendor's id of the customer (its tenant). */
    customerId: text('customer_id'),
    sendDate: timestamp('send_date', { withTimezone: true, mode: 'date' }),
    createdByAccountId: integer('created_by_account_id').references(() => accounts.id),
    // The vendor side (issue 14, provisioning/provisioningJob.ts). The key goes with every call of
    // this submission, so a retry never acts twice; a resubmit starts a new submission with a new key.
    vendorIdempotencyKey: text('vendor_idempotency_key'),
    /** The vendor's reference of the accepted request, polled until it ends. */
    vendorRequestId: text('vendor_request_id'),
    /** The vendor's id of the subscription (answered for Create; needed by every later action). */
    vendorSubscriptionId: text('vendor_subscription_id'),
    /** Calls that failed transiently in this submission; retried with backoff up to a limit. */
    attempts: integer('attempts').notNull().default(0),
    /** When the job next looks at the request (a retry after backoff, or the next poll); a sweeper catches up overdue ones. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    // Issue 14 provisioning actions (provisioning/provisioningActions.ts): who last acted on the request by hand.
    escalatedAt: timestamp('escalated_at', { withTimezone: true, mode: 'date' }),
    escalatedByAccountId: integer('escalated_by_account_id').references(() => accounts.id),
    /** 'cancel', 'complete', 'escalate', 'resubmit' or 'retry'. */
    lastAction: text('last_action'),
    lastActionByAccountId: integer('last_action_by_account_id').references(() => accounts.id),
    lastActionAt: timestamp('last_action_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('provisioning_requests_company_status_idx').on(t.companyAccountId, t.orderStatus),
    index('provisioning_requests_creator_idx').on(t.createdByAccountId),
    uniqueIndex('provisioning_requests_vendor_key_idx').on(t.vendorIdempotencyKey),
    index('provisioning_requests_due_idx').on(t.orderStatus, t.nextAttemptAt),
    // An order's requests (sent after it is placed or approved) and a subscription's (its page, its open change).
    index('provisioning_requests_order_idx').on(t.orderId),
    index('provisioning_requests_subscription_idx').on(t.subscriptionAccountId),
    check('provisioning_requests_order_status_check', sql`${t.orderStatus} in ('Submitted', 'InProgress', 'Completed', 'Failed', 'Cancelled')`),
    // Issue 30: seats delivered at the vendor always belong to a subscription in the portal — a request
    // cannot end Completed without its Product account (an approval that would leave it so is refused).
    check('provisioning_requests_completed_subscription_check', sql`${t.subscriptionAccountId} is not null or ${t.orderStatus} <> 'Completed'`),
  ],
);
