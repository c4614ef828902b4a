import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts } from './accounts';

// The portal shell: support details, terms, page views.

/** Support contact details a reseller (or the owner) publishes; accounts below inherit the nearest. */
export const supportDetails = pgTable('support_details', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Terms and conditions and the privacy policy of an owner, shown to the users below it. */
export const terms = pgTable(
  'terms',
  {
    id: serial('id').primaryKey(),
    ownerAccountId: integer('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    termsText: text('terms_text').notNull(),
    pathToTermsPdf: text('path_to_terms_pdf'),
    isPrivacyPolicy: boolean('is_privacy_policy').notNull().default(false),
    productName: text('product_name'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('terms_owner_idx').on(t.ownerAccountId)],
);

export const termAcceptances = pgTable(
  'term_acceptances',
  {
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id),
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => accounts.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.termId, t.userAccountId] })],
);

/** Page views the portal reports (spec §9 analytics), kept by the server instead of a third party. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userAccountId: integer('user_account_id'),
    path: text('path').notNull(),
    instanceId: text('instance_id'),
    event: text('event').notNull().default('page_view'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('page_views_occurred_idx').on(t.occurredAt)],
);
