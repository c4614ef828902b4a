import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// The account hierarchy (DESIGN.md "Account hierarchy").

/**
 * Every node of the hierarchy (DESIGN.md "Account hierarchy"): Reseller, Company, Department, User,
 * Product and Vendor. `path` is the materialised path of ids, `/1/57/1203/`, so "lies in the
 * caller's hierarchy" is a prefix test served by the text_pattern_ops index.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    parentId: integer('parent_id'),
    path: text('path').notNull().default(''),
    state: text('state').notNull().default('Active'),
    displayName: text('display_name').notNull(),
    productName: text('product_name'),
    views: jsonb('views').$type<Record<string, { Values: Record<string, unknown> }>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    terminatedAt: timestamp('terminated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('accounts_parent_idx').on(t.parentId),
    index('accounts_path_idx').using('btree', sql`${t.path} text_pattern_ops`),
    index('accounts_type_idx').on(t.type),
    // Global search: "name contains" served by a trigram index (pg_trgm), not a scan.
    index('accounts_display_name_trgm_idx').using('gin', sql`${t.displayName} gin_trgm_ops`),
    // Global search, prefixes in name order: a C-collated index serves LIKE 'text%' in any database
    // locale and hands the rows over already sorted (accountSearchPrefixQuery).
    index('accounts_display_name_lower_c_idx').on(sql`(lower(${t.displayName}) collate "C")`, t.id),
    // Integration search by a field's value: containment (views @> {View: {Values: {Field: value}}})
    // through this index instead of reading every account's views (integrationSearchQuery).
    index('accounts_views_path_ops_idx').using('gin', sql`${t.views} jsonb_path_ops`),
    // The unique view fields (viewSeed.ts), checked on every create and every imported row
    // (isValueTaken): an index lookup each, not a read of every account (issue 17 imports speed).
    index('accounts_identificator_lower_idx').on(sql`lower(${t.views} -> 'Company' -> 'Values' ->> 'AccountIdentificator')`),
    index('accounts_username_view_lower_idx').on(sql`lower(${t.views} -> 'User' -> 'Values' ->> 'Username')`),
  ],
);
