import { jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Metadata-driven account screens: views, layouts, enumerations.

/**
 * The fields of one view (spec §3 "Views holding Values by view name"): data, not code, so an owner
 * can add fields without a release. `fields` is a list of field definitions (name, type, rules).
 */
export const viewDefinitions = pgTable('view_definitions', {
  name: text('name').primaryKey(),
  fields: jsonb('fields').$type<Record<string, unknown>[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Pages → Containers → Fields per account type, view and (for Product accounts) product (spec §3 "View layout"). */
export const viewLayouts = pgTable(
  'view_layouts',
  {
    id: serial('id').primaryKey(),
    accountType: text('account_type').notNull(),
    view: text('view').notNull(),
    productName: text('product_name').notNull().default(''),
    pages: jsonb('pages').$type<Record<string, unknown>[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('view_layouts_key_idx').on(t.accountType, t.view, t.productName)],
);

/** Members of the enumerations fields offer in a Combobox (countries, currencies …). */
export const enumData = pgTable('enum_data', {
  name: text('name').primaryKey(),
  members: jsonb('members').$type<Record<string, unknown>[]>().notNull().default([]),
});
