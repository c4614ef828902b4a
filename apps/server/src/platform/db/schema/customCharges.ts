import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, createdAt, money } from './columns';
import { accounts } from './accounts';

// Custom charges (spec §3, §4 "Custom charge"): one-off amounts a reseller adds to a customer's next
// invoice. Pending billing until the monthly billing run bills them (a later issue), then Billed.

export const CUSTOM_CHARGE_STATUSES = ['PendingBilling', 'Billed'] as const;

export const customCharges = pgTable(
  'custom_charges',
  {
    id: serial('id').primaryKey(),
    /** The customer account billed (a company); its currency is the charge's. */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Positive or negative (spec §5), in the customer's currency at its minor unit. */
    price: money('price').notNull(),
    /** What the charge costs the seller; may be 0. */
    cost: money('cost').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: CUSTOM_CHARGE_STATUSES }).notNull().default('PendingBilling'),
    createdByAccountId: integer('created_by_account_id')
      .notNull()
      .references(() => accounts.id),
    /** UTC (spec §3 "date created (UTC)"). */
    createdAt: createdAt(),
    billedAt: timestamp('billed_at', { withTimezone: true, mode: 'date' }),
    /** The invoice that billed it (the billing issue). */
    invoiceId: integer('invoice_id'),
  },
  (t) => [index('custom_charges_account_idx').on(t.accountId, t.createdAt), check('custom_charges_status_check', sql`${t.status} in ('PendingBilling', 'Billed')`)],
);

/** A charge's attachment (doc, docx, xls, xlsx, pdf): stored in the database so every node serves it, under a generated name. */
export const customChargeAttachments = pgTable('custom_charge_attachments', {
  customChargeId: integer('custom_charge_id')
    .primaryKey()
    .references(() => customCharges.id, { onDelete: 'cascade' }),
  /** The name the user uploaded, shown and used (sanitised, spec §5) when downloading. */
  fileName: text('file_name').notNull(),
  /** Server-generated (DESIGN.md "Uploads"); the user's name never reaches a path. */
  storageName: text('storage_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  content: bytea('content').notNull(),
});
