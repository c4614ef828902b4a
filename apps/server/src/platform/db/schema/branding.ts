import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { accounts } from './accounts';

// Branding, instance settings and stored files.

/** Branding per owner account; the platform owner's row is what /branding/latest serves. */
export const branding = pgTable('branding', {
  ownerAccountId: integer('owner_account_id')
    .primaryKey()
    .references(() => accounts.id),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Stored files (logos, favicons, service icons) served by /branding/latest and /keeper. */
export const storedFiles = pgTable('stored_files', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});
