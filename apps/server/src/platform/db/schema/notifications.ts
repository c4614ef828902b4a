import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

// Notification preferences per account.

/** Which e-mails an account receives (spec §5 "Notification preferences"). */
export const notificationPreferences = pgTable('notification_preferences', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
