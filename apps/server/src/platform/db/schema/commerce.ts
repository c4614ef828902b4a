import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts } from './accounts';

// Commerce plumbing every money-moving domain shares (DESIGN.md "Commerce").

/**
 * An Idempotency-Key a caller sent with a money-moving operation, stored per tenant (the caller's
 * company or reseller) with a hash of the request: the same key and body answer the stored
 * response, another body 422, a request still running 409 (platform/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantAccountId: integer('tenant_account_id')
      .notNull()
      .references(() => accounts.id),
    /** `IService/Operation`: one key may be reused across operations without clashing. */
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** 'Running' while the first request works, 'Done' with its answer stored. */
    status: text('status').notNull().default('Running'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantAccountId, t.operation, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_status_check', sql`${t.status} in ('Running', 'Done')`),
  ],
);

/**
 * Events leaving the system (DP_UpdateComplete, order approved, invoice ready …), written in the same
 * transaction as the change that caused them; the real-time channel and jobs read and mark them.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event: text('event').notNull(),
    /** The account whose hierarchy may see the event (the pricelist owner for DP_UpdateComplete). */
    accountId: integer('account_id').references(() => accounts.id),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The users a business event is shown to (issue 16), chosen by the screens' visibility rules when it happened; null: not a per-user event. */
    recipientUserIds: integer('recipient_user_ids').array(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('outbox_events_undelivered_idx').on(t.id).where(sql`${t.deliveredAt} is null`),
    // A signing-in socket replays its user's recent events (realtime/businessEvents.ts).
    index('outbox_events_recipients_idx').using('gin', t.recipientUserIds),
  ],
);
