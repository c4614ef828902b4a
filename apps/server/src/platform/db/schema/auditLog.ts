import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The append-only audit log.

/** Append-only (a trigger refuses UPDATE and DELETE, see the migration). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorAccountId: integer('actor_account_id'),
    impersonatorAccountId: integer('impersonator_account_id'),
    accountId: integer('account_id'),
    accountPath: text('account_path'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_account_idx').on(t.accountId, t.occurredAt),
    index('audit_log_path_idx').using('btree', sql`${t.accountPath} text_pattern_ops`),
    index('audit_log_occurred_idx').on(t.occurredAt),
  ],
);
