import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

// Reports (issue 15 "Reports"): who ran which report when — the frequent reports of `/reports` are
// the ones a user ran most.

export const reportRuns = pgTable(
  'report_runs',
  {
    id: serial('id').primaryKey(),
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => accounts.id),
    reportName: text('report_name').notNull(),
    /** The parameters it ran with (the form's last values are offered again). */
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull().default({}),
    ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('report_runs_user_report_idx').on(t.userAccountId, t.reportName)],
);
