import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, unitPrice } from './columns';
import { accounts } from './accounts';
import { priceableItems, products } from './catalog';

// Pricelists and pricing rules (issue 13). A pricelist ("marketplace" in the API) belongs to an
// owner — the platform owner or a reseller — and applies to the customers assigned to it; its rules
// turn purchase prices and SRPs into sales prices (apps/server/src/pricing/priceByRules.ts).

export const pricelists = pgTable(
  'pricelists',
  {
    id: serial('id').primaryKey(),
    ownerAccountId: integer('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** 1 is the highest: of an owner's pricelists that hold a customer, the highest applies. */
    priority: integer('priority').notNull(),
    currency: text('currency').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pricelists_owner_name_uq').on(t.ownerAccountId, sql`lower(${t.name})`), index('pricelists_owner_priority_idx').on(t.ownerAccountId, t.priority)],
);

/** The customers (companies or sub-resellers) a pricelist applies to. */
export const pricelistCustomers = pgTable(
  'pricelist_customers',
  {
    pricelistId: integer('pricelist_id')
      .notNull()
      .references(() => pricelists.id, { onDelete: 'cascade' }),
    customerAccountId: integer('customer_account_id')
      .notNull()
      .references(() => accounts.id),
  },
  (t) => [primaryKey({ columns: [t.pricelistId, t.customerAccountId] }), index('pricelist_customers_customer_idx').on(t.customerAccountId)],
);

/** The services a pricelist offers (spec §2 /add-to-pricelist). */
export const pricelistServices = pgTable(
  'pricelist_services',
  {
    pricelistId: integer('pricelist_id')
      .notNull()
      .references(() => pricelists.id, { onDelete: 'cascade' }),
    productName: text('product_name')
      .notNull()
      .references(() => products.name),
    isEnabled: boolean('is_enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.pricelistId, t.productName] }), index('pricelist_services_product_idx').on(t.productName)],
);

/**
 * A pricing rule (spec §3, §7): the model and its parameter, applied within its scope. Every
 * pricelist has exactly one default rule (SRP, lowest priority, neither moved nor deleted).
 */
export const pricingRules = pgTable(
  'pricing_rules',
  {
    id: serial('id').primaryKey(),
    pricelistId: integer('pricelist_id')
      .notNull()
      .references(() => pricelists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1 is the highest; the default rule comes last whatever its number. */
    priority: integer('priority').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** contracts PRICING_MODELS. */
    model: text('model').notNull(),
    /** The percentage, or the static price; null for SRP. */
    parameter: unitPrice('parameter'),
    /** contracts PRICING_SCOPES, with the ids of the vendors, service groups or priceable items. */
    scopeKind: text('scope_kind').notNull().default('AllServices'),
    scopeIds: jsonb('scope_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('pricing_rules_pricelist_idx').on(t.pricelistId, t.priority),
    uniqueIndex('pricing_rules_one_default_uq').on(t.pricelistId).where(sql`${t.isDefault}`),
    check('pricing_rules_model_check', sql`${t.model} in ('Static', 'Srp', 'Markup', 'GrossMargin', 'SrpDiscount')`),
    check('pricing_rules_scope_check', sql`${t.scopeKind} in ('AllServices', 'Vendors', 'ServiceGroups', 'PriceableItems')`),
    check('pricing_rules_parameter_check', sql`(${t.model} = 'Srp') = (${t.parameter} is null) and coalesce(${t.parameter}, 0) >= 0`),
    check('pricing_rules_margin_check', sql`${t.model} <> 'GrossMargin' or ${t.parameter} < 100`),
    check('pricing_rules_default_check', sql`not ${t.isDefault} or (${t.model} = 'Srp' and ${t.scopeKind} = 'AllServices')`),
  ],
);

/** Exchange rates with the moment they were taken: a price needing one older than the configured age says "Exchange rate not up to date." */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    baseCurrency: text('base_currency').notNull(),
    quoteCurrency: text('quote_currency').notNull(),
    /** How many units of the quote currency one unit of the base currency buys. */
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    asOf: timestamp('as_of', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('exchange_rates_pair_as_of_uq').on(t.baseCurrency, t.quoteCurrency, t.asOf), check('exchange_rates_rate_check', sql`${t.rate} > 0`)],
);

/**
 * A price typed into the edit-prices grid for one item of one pricelist: it prices the item before
 * every rule, and the explanation says so (a "manual price"). Static, so it may lie below purchase.
 */
export const pricelistItemPrices = pgTable(
  'pricelist_item_prices',
  {
    pricelistId: integer('pricelist_id')
      .notNull()
      .references(() => pricelists.id, { onDelete: 'cascade' }),
    priceableItemId: integer('priceable_item_id')
      .notNull()
      .references(() => priceableItems.id),
    salesPrice: unitPrice('sales_price').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pricelistId, t.priceableItemId] }), check('pricelist_item_prices_price_check', sql`${t.salesPrice} >= 0`)],
);

/**
 * What a customer reseller pays for an item, pushed down by its parent's propagation: the parent
 * pricelist's sales price becomes the purchase price the child pricelist's rules start from.
 */
export const pricelistItemCosts = pgTable(
  'pricelist_item_costs',
  {
    pricelistId: integer('pricelist_id')
      .notNull()
      .references(() => pricelists.id, { onDelete: 'cascade' }),
    priceableItemId: integer('priceable_item_id')
      .notNull()
      .references(() => priceableItems.id),
    /** In the child pricelist's currency. */
    purchasePrice: unitPrice('purchase_price').notNull(),
    sourcePricelistId: integer('source_pricelist_id')
      .notNull()
      .references(() => pricelists.id, { onDelete: 'cascade' }),
    propagatedAt: timestamp('propagated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pricelistId, t.priceableItemId] }), index('pricelist_item_costs_source_idx').on(t.sourcePricelistId)],
);

/**
 * A propagation filter of a pricelist (spec §3 Pricelist, §5): which vendors (included or excluded)
 * and tags (included or excluded) are pushed down. Only one filter may have an empty vendor selection.
 */
export const propagationFilters = pgTable(
  'propagation_filters',
  {
    id: serial('id').primaryKey(),
    pricelistId: integer('pricelist_id')
      .notNull()
      .references(() => pricelists.id, { onDelete: 'cascade' }),
    /** 'Include' or 'Exclude'. */
    vendorFilterType: text('vendor_filter_type').notNull().default('Include'),
    vendorAccountIds: jsonb('vendor_account_ids').$type<number[]>().notNull().default([]),
    /** 'Include' or 'Exclude'. */
    tagFilterType: text('tag_filter_type').notNull().default('Include'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('propagation_filters_pricelist_idx').on(t.pricelistId),
    check('propagation_filters_vendor_type_check', sql`${t.vendorFilterType} in ('Include', 'Exclude')`),
    check('propagation_filters_tag_type_check', sql`${t.tagFilterType} in ('Include', 'Exclude')`),
  ],
);

/**
 * A previewed price change (a rule change or a propagation): what was shown, so that saving applies
 * exactly that, and a fingerprint of the prices it started from, to tell when they moved meanwhile.
 */
export const pricePreviews = pgTable(
  'price_previews',
  {
    id: text('id').primaryKey(),
    pricelistId: integer('pricelist_id')
      .notNull()
      .references(() => pricelists.id, { onDelete: 'cascade' }),
    /** 'PricingRule' or 'Propagation'. */
    kind: text('kind').notNull(),
    /** The change previewed (the rule to save, the propagation's filters). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    createdByAccountId: integer('created_by_account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('price_previews_pricelist_idx').on(t.pricelistId), check('price_previews_kind_check', sql`${t.kind} in ('PricingRule', 'Propagation')`)],
);

/** A propagation run (a pg-boss job): its progress, shown in the portal while it works. */
export const propagationRuns = pgTable(
  'propagation_runs',
  {
    id: serial('id').primaryKey(),
    pricelistId: integer('pricelist_id')
      .notNull()
      .references(() => pricelists.id, { onDelete: 'cascade' }),
    previewId: text('preview_id').references(() => pricePreviews.id),
    /** 'Pending', 'Running', 'Completed' or 'Failed'. */
    status: text('status').notNull().default('Pending'),
    totalItems: integer('total_items').notNull().default(0),
    doneItems: integer('done_items').notNull().default(0),
    changedItems: integer('changed_items').notNull().default(0),
    error: text('error'),
    startedByAccountId: integer('started_by_account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('propagation_runs_pricelist_idx').on(t.pricelistId, t.createdAt),
    check('propagation_runs_status_check', sql`${t.status} in ('Pending', 'Running', 'Completed', 'Failed')`),
  ],
);
