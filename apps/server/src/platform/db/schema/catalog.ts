import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, unitPrice } from './columns';
import { accounts } from './accounts';

// The catalog (issue 13): services a vendor offers, their priceable items, and the service groups
// resellers use as a scope of pricing rules. A Product account is a subscription to a service.

/**
 * A service of the catalog (spec §3 "Service"), keyed by its product name, which Product accounts,
 * orders and provisioning requests name. `displayName` is the default (English) name; other
 * languages are in `displayNames`.
 */
export const products = pgTable(
  'products',
  {
    name: text('name').primaryKey(),
    displayName: text('display_name').notNull(),
    vendorAccountId: integer('vendor_account_id').references(() => accounts.id),
    /** Account types a subscription of this product may sit under, e.g. ['Company'] or ['User']. */
    parentTypes: jsonb('parent_types').$type<string[]>().notNull().default(['Company']),
    isPrepaid: boolean('is_prepaid').notNull().default(false),
    commitment: text('commitment').notNull().default('1-month'),
    isActive: boolean('is_active').notNull().default(true),
    vendorSku: text('vendor_sku'),
    productNumber: text('product_number'),
    /** Names and descriptions by language code; the service page falls back to English, then to `displayName`. */
    displayNames: jsonb('display_names').$type<Record<string, string>>().notNull().default({}),
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull().default({}),
    category: text('category'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** 'PerUnit' (quantity × price) or 'Flat'. */
    billingRule: text('billing_rule').notNull().default('PerUnit'),
    /** 'Monthly' or 'Annual'. */
    billingPeriod: text('billing_period').notNull().default('Monthly'),
    /** The currency the vendor prices the service in. */
    currency: text('currency').notNull().default('EUR'),
    /** Commitment terms offered: '1-month', 'annual', '3-year', 'other'. */
    commitmentTerms: jsonb('commitment_terms').$type<string[]>().notNull().default(['1-month']),
    /** The spec §5 icon path; anything else shows the blank placeholder. */
    iconPath: text('icon_path'),
    termsOfService: text('terms_of_service'),
    /** Explore's default order, highest first (spec §3 sort key Ranking). */
    ranking: integer('ranking').notNull().default(0),
    /** Raised by every change of the service, so an Excel import made from an older export is refused (spec §7 revisionId). */
    revision: integer('revision').notNull().default(1),
    /** Hours after a purchase, renewal or seat addition in which seats may be given back (issue 14). */
    cancellationWindowHours: integer('cancellation_window_hours').notNull().default(168),
    createdAt: createdAt(),
  },
  (t) => [
    index('products_vendor_idx').on(t.vendorAccountId),
    check('products_billing_rule_check', sql`${t.billingRule} in ('PerUnit', 'Flat')`),
    check('products_billing_period_check', sql`${t.billingPeriod} in ('Monthly', 'Annual')`),
  ],
);

/**
 * A price-bearing part of a service (spec §3 "Priceable item"): a setup fee, a recurring fee, a
 * usage fee — one service can carry several. Purchase price and SRP are the vendor's, in the
 * service's currency; the sales price is never stored here, a pricelist's rules compute it.
 */
export const priceableItems = pgTable(
  'priceable_items',
  {
    id: serial('id').primaryKey(),
    productName: text('product_name')
      .notNull()
      .references(() => products.name),
    name: text('name').notNull(),
    /** 'Setup', 'Recurring' or 'Usage' (contracts FEE_TYPES). */
    feeType: text('fee_type').notNull(),
    /** What one unit is, for usage and per-unit fees ("user", "GB"). */
    unit: text('unit'),
    purchasePrice: unitPrice('purchase_price'),
    srp: unitPrice('srp'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('priceable_items_product_idx').on(t.productName),
    uniqueIndex('priceable_items_product_name_uq').on(t.productName, t.name),
    check('priceable_items_fee_type_check', sql`${t.feeType} in ('Setup', 'Recurring', 'Usage')`),
    check('priceable_items_prices_check', sql`coalesce(${t.purchasePrice}, 0) >= 0 and coalesce(${t.srp}, 0) >= 0`),
  ],
);

/** A reseller's group of services, a scope of its pricing rules (spec §2 service tool). */
export const serviceGroups = pgTable(
  'service_groups',
  {
    id: serial('id').primaryKey(),
    ownerAccountId: integer('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('service_groups_owner_name_uq').on(t.ownerAccountId, sql`lower(${t.name})`)],
);

export const serviceGroupServices = pgTable(
  'service_group_services',
  {
    serviceGroupId: integer('service_group_id')
      .notNull()
      .references(() => serviceGroups.id, { onDelete: 'cascade' }),
    productName: text('product_name')
      .notNull()
      .references(() => products.name),
  },
  (t) => [primaryKey({ columns: [t.serviceGroupId, t.productName] }), index('service_group_services_product_idx').on(t.productName)],
);

/** A vendor's public profile (spec §2 My vendor profile): text per language, logo, support contact. */
export const vendorProfiles = pgTable('vendor_profiles', {
  vendorAccountId: integer('vendor_account_id')
    .primaryKey()
    .references(() => accounts.id),
  /** Profile text by language code. */
  descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull().default({}),
  /** A branding-style image path served by /keeper/get, or null for the placeholder. */
  logoPath: text('logo_path'),
  supportEmail: text('support_email'),
  supportPhone: text('support_phone'),
  supportUrl: text('support_url'),
  websiteUrl: text('website_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A reseller's (or the platform owner's) own settings of a service for its customers (spec §2 My
 * services): enabled or not, and texts that replace the vendor's in its customers' portal.
 */
export const ownerServiceSettings = pgTable(
  'owner_service_settings',
  {
    ownerAccountId: integer('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    productName: text('product_name')
      .notNull()
      .references(() => products.name),
    isEnabled: boolean('is_enabled').notNull().default(true),
    displayNames: jsonb('display_names').$type<Record<string, string>>().notNull().default({}),
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerAccountId, t.productName] }), index('owner_service_settings_product_idx').on(t.productName)],
);

/** The services a subscription of a service may be upgraded to (issue 14 "an upgrade path per service"). */
export const productUpgradePaths = pgTable(
  'product_upgrade_paths',
  {
    fromProductName: text('from_product_name')
      .notNull()
      .references(() => products.name),
    toProductName: text('to_product_name')
      .notNull()
      .references(() => products.name),
    /** The upgrade process id of the wizard and the Upgrade call (upgradeProcessId). */
    id: serial('id').notNull().unique(),
    /** 'Upgrade' (at once) or 'Downgrade' (scheduled for the term end, issue 14). */
    kind: text('kind').notNull().default('Upgrade'),
  },
  (t) => [primaryKey({ columns: [t.fromProductName, t.toProductName] })],
);
