import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

// The custom landing page (issue 17; spec §2 #/DashboardManager/Start): per owner and account type,
// the dashboard tiles its users see, in order. No row: the owner above decides, else the default.

export const landingPageLayouts = pgTable(
  'landing_page_layouts',
  {
    ownerAccountId: integer('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The type of the account holding the users the layout is for (Reseller, Company, Department, Vendor). */
    accountType: text('account_type').notNull(),
    /** The visible tile ids in order (contracts LANDING_PAGE_TILES). */
    tiles: jsonb('tiles').$type<string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedByAccountId: integer('updated_by_account_id').references(() => accounts.id),
  },
  (t) => [primaryKey({ columns: [t.ownerAccountId, t.accountType] })],
);
