import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts } from './accounts';

// Account lifecycle: scheduled and done terminations.

/** Terminations asked for (spec §4 "Termination"): immediate ones are Done at once, scheduled ones wait for their job. */
export const accountTerminations = pgTable(
  'account_terminations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** 'Scheduled', 'Done' or 'Cancelled'. */
    status: text('status').notNull(),
    terminateAt: timestamp('terminate_at', { withTimezone: true, mode: 'date' }).notNull(),
    reason: text('reason').notNull().default(''),
    sendToSdp: boolean('send_to_sdp').notNull().default(false),
    requestedByAccountId: integer('requested_by_account_id'),
    requestedAt: createdAt(),
    cancelledByAccountId: integer('cancelled_by_account_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    executedAt: timestamp('executed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('account_terminations_account_idx').on(t.accountId),
    // At most one open (scheduled) termination per account.
    uniqueIndex('account_terminations_scheduled_idx').on(t.accountId).where(sql`${t.status} = 'Scheduled'`),
  ],
);
