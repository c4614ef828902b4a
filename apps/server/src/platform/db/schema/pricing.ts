import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, unitPrice } from './columns';
import { accounts } from './accounts';
import { products } from './catalog';

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
