import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, unitPrice } from './columns';
import { accounts } from './accounts';

// Billing (issue 15; docs/architecture.md "Billing"): what was sold is billed exactly once and to the cent. The
// monthly billing run turns each subscription's history into invoice lines; unique constraints make
// a second bill of the same thing impossible, whatever a retry, a second node or a killed run does.

/**
 * An invoice amount: exact decimal with room for every currency's minor unit (0 to 4 digits); the
 * API writes it with exactly the currency's digits.
 */
const amount = (name: string) => numeric(name, { precision: 18, scale: 4 });

/**
 * Every state of a subscription that bills differently — its quantity, status, price, terms — from
 * the moment it took effect. Written by a trigger on `subscriptions` (migration 0019), so no code
 * path that changes a subscription can forget it; the billing run reads the states of a month.
 */
export const subscriptionHistory = pgTable(
  'subscription_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionAccountId: integer('subscription_account_id')
      .notNull()
      .references(() => accounts.id),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
    quantity: integer('quantity').notNull(),
    status: text('status').notNull(),
    unitPrice: unitPrice('unit_price'),
    currency: text('currency'),
    billingFrequency: text('billing_frequency').notNull(),
    isPrepaid: boolean('is_prepaid').notNull(),
    commitment: text('commitment').notNull(),
    termStartDate: timestamp('term_start_date', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('subscription_history_subscription_idx').on(t.subscriptionAccountId, t.validFrom, t.id)],
);

/** A billing run: the cron's monthly one or an administrator's for one account or all. */
export const billingRuns = pgTable(
  'billing_runs',
  {
    id: serial('id').primaryKey(),
    /** The month billed, `YYYY-MM` (docs/architecture.md "Billing": intervals are calendar months in the payer's time zone). */
    intervalId: text('interval_id').notNull(),
    /** The account whose payers it bills (itself and below); null: every payer. */
    scopeAccountId: integer('scope_account_id').references(() => accounts.id),
    /**
     * 'Running', 'Interrupted' (its job died — a node killed — and it waits for the job sent again
     * to resume it: billingRecovery.ts), 'Completed' or 'Failed'.
     */
    status: text('status').notNull().default('Running'),
    startedByAccountId: integer('started_by_account_id').references(() => accounts.id),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    payersTotal: integer('payers_total').notNull().default(0),
    payersDone: integer('payers_done').notNull().default(0),
    invoicesCreated: integer('invoices_created').notNull().default(0),
    error: text('error'),
    /** Refreshed by the job working the run every few seconds: a Running run whose heartbeat stopped has lost its job (issue 30). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the run was found without its job; null while it runs (again) or once it ended. */
    interruptedAt: timestamp('interrupted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('billing_runs_status_check', sql`${t.status} in ('Running', 'Interrupted', 'Completed', 'Failed')`),
    index('billing_runs_started_idx').on(t.startedAt),
    // One run at a time per scope ("seller") and month (issue 30): enforced here, so racing RunBilling
    // calls cannot both pass a check; the whole-platform run (scope null) counts as scope 0.
    uniqueIndex('billing_runs_one_active_idx')
      .on(sql`coalesce(${t.scopeAccountId}, 0)`, t.intervalId)
      .where(sql`${t.status} in ('Running', 'Interrupted')`),
    // The sweeper's look for runs whose heartbeat stopped.
    index('billing_runs_active_heartbeat_idx').on(t.heartbeatAt).where(sql`${t.status} in ('Running', 'Interrupted')`),
  ],
);

/**
 * A payer's month that has been billed — with or without an invoice (nothing to bill leaves no
 * invoice but is done all the same), so a second run passes it by without computing anything.
 */
export const billedPayerIntervals = pgTable(
  'billed_payer_intervals',
  {
    payerAccountId: integer('payer_account_id')
      .notNull()
      .references(() => accounts.id),
    intervalId: text('interval_id').notNull(),
    billingRunId: integer('billing_run_id').references(() => billingRuns.id),
    billedAt: timestamp('billed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.payerAccountId, t.intervalId] })],
);

/** The last invoice number of a seller: numbers are sequential per seller without gaps (taken in the invoice's transaction). */
export const invoiceNumberCounters = pgTable('invoice_number_counters', {
  sellerAccountId: integer('seller_account_id')
    .primaryKey()
    .references(() => accounts.id),
  lastNumber: integer('last_number').notNull().default(0),
});

/** An invoice (or a credit note when its total is negative): final once written; corrections are credit notes. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** The seller's own sequence: 1, 2, 3 … (shown as INV-{seller}-{number}). */
    number: integer('number').notNull(),
    /** 'Invoice' or 'CreditNote'. */
    kind: text('kind').notNull(),
    sellerAccountId: integer('seller_account_id')
      .notNull()
      .references(() => accounts.id),
    payerAccountId: integer('payer_account_id')
      .notNull()
      .references(() => accounts.id),
    intervalId: text('interval_id').notNull(),
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    currency: text('currency').notNull(),
    subtotal: amount('subtotal').notNull(),
    taxRate: numeric('tax_rate', { precision: 6, scale: 4 }).notNull(),
    taxAmount: amount('tax_amount').notNull(),
    total: amount('total').notNull(),
    /** The buyer's VAT id and a cross-border EU sale: no VAT charged, the buyer accounts for it. */
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    /** The seller's and the buyer's names, countries and VAT ids as they were when it was issued. */
    sellerName: text('seller_name').notNull(),
    sellerCountry: text('seller_country'),
    sellerVatId: text('seller_vat_id'),
    /** Street, postal code and city, one per line. */
    sellerAddress: text('seller_address').notNull().default(''),
    buyerName: text('buyer_name').notNull(),
    buyerCountry: text('buyer_country'),
    buyerVatId: text('buyer_vat_id'),
    buyerAddress: text('buyer_address').notNull().default(''),
    billingRunId: integer('billing_run_id').references(() => billingRuns.id),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Exactly once (issue 15): one document per payer, seller, month and currency.
    uniqueIndex('invoices_payer_seller_interval_idx').on(t.payerAccountId, t.sellerAccountId, t.intervalId, t.currency),
    uniqueIndex('invoices_seller_number_idx').on(t.sellerAccountId, t.number),
    index('invoices_seller_interval_idx').on(t.sellerAccountId, t.intervalId),
    check('invoices_kind_check', sql`${t.kind} in ('Invoice', 'CreditNote')`),
  ],
);

export const INVOICE_LINE_REASONS = ['Recurring', 'Start', 'Termination', 'QuantityChange', 'PriceChange', 'Setup', 'CustomCharge'] as const;

/**
 * What the sellers further up the chain pay for a line (issue 15 "every level of the chain"): the
 * cost of the line's seller's own seller, then of that one's seller … up to the platform owner's
 * cost (the vendor's price), each per billing period and rounded once like the line. Computed with
 * the line, from the same states and prices, so the invoice a level above issues copies them to the
 * cent (upstreamBilling.ts).
 */
export interface UpstreamCost {
  unitPrice: string;
  amount: string;
}

/** One billed thing: its price, the rule that priced it, its purchase price and margin. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /**
     * The invoice's payer, kept on the line for its exactly-once key: a subscription's month is billed
     * once to each level of the chain (the company, its reseller, the platform owner).
     */
    payerAccountId: integer('payer_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The end customer the line is for (the payer itself, or a company below a reseller payer). */
    customerAccountId: integer('customer_account_id')
      .notNull()
      .references(() => accounts.id),
    subscriptionAccountId: integer('subscription_account_id').references(() => accounts.id),
    customChargeId: integer('custom_charge_id'),
    reason: text('reason').notNull(),
    /** The days billed, local dates `YYYY-MM-DD` (end exclusive). */
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    productName: text('product_name'),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: unitPrice('unit_price').notNull(),
    /** Rounded once, half-up, to the currency's minor unit (docs/architecture.md "Money"). */
    amount: amount('amount').notNull(),
    priceRule: text('price_rule'),
    purchaseUnitPrice: unitPrice('purchase_unit_price'),
    purchaseAmount: amount('purchase_amount'),
    margin: amount('margin'),
    /** The costs above the purchase price, nearest seller first; null when none is known. */
    upstreamCosts: jsonb('upstream_costs').$type<UpstreamCost[]>(),
  },
  (t) => [
    // Exactly once (issue 15), for every reason a subscription's line is billed, at every level of the chain.
    uniqueIndex('invoice_lines_subscription_period_reason_payer_idx')
      .on(t.subscriptionAccountId, t.periodStart, t.periodEnd, t.reason, t.payerAccountId)
      .where(sql`${t.subscriptionAccountId} is not null`),
    uniqueIndex('invoice_lines_custom_charge_idx').on(t.customChargeId).where(sql`${t.customChargeId} is not null`),
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    check('invoice_lines_reason_check', sql`${t.reason} in ('Recurring', 'Start', 'Termination', 'QuantityChange', 'PriceChange', 'Setup', 'CustomCharge')`),
  ],
);

/**
 * What each end customer was billed per month, seller, vendor and currency: the revenue reports read
 * this instead of a million invoice lines (issue 15: p95 < 500 ms). Kept by statement triggers on
 * invoice_lines (migration 0024), so no writer can forget it; only lines billed to the end customer
 * count (payer = customer), as a sale billed again up the chain is the same sale.
 */
export const revenueSummary = pgTable(
  'revenue_summary',
  {
    intervalId: text('interval_id').notNull(),
    /** The invoice's first day (`YYYY-MM-DD`), what the reports' period parameter filters on. */
    periodStart: text('period_start').notNull(),
    currency: text('currency').notNull(),
    customerAccountId: integer('customer_account_id').notNull(),
    sellerAccountId: integer('seller_account_id').notNull(),
    /** The product's vendor; 0 for lines without one (custom charges: the seller's own). */
    vendorAccountId: integer('vendor_account_id').notNull(),
    revenue: amount('revenue').notNull(),
    cost: amount('cost').notNull(),
    margin: amount('margin').notNull(),
    lines: integer('lines').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.intervalId, t.currency, t.customerAccountId, t.sellerAccountId, t.vendorAccountId] }),
    index('revenue_summary_customer_idx').on(t.customerAccountId),
  ],
);

/**
 * An invoice generation task (IInvoiceBillingService/RequestInvoiceGeneration): a job draws the PDFs of
 * an account's invoices of a month into one ZIP, keeps it here and mails the requester a link.
 */
export const invoiceFileTasks = pgTable(
  'invoice_file_tasks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    intervalId: text('interval_id').notNull(),
    requestedByAccountId: integer('requested_by_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The requester's language: of the PDFs and the mail. */
    locale: text('locale').notNull(),
    /** 'Queued', 'Running', 'Completed' or 'Failed'. */
    status: text('status').notNull().default('Queued'),
    invoicesTotal: integer('invoices_total').notNull().default(0),
    invoicesDone: integer('invoices_done').notNull().default(0),
    fileName: text('file_name'),
    content: bytea('content'),
    /** The files are ready but the mail with the link could not be sent. */
    mailFailed: boolean('mail_failed').notNull().default(false),
    error: text('error'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('invoice_file_tasks_account_idx').on(t.accountId, t.requestedAt), check('invoice_file_tasks_status_check', sql`${t.status} in ('Queued', 'Running', 'Completed', 'Failed')`)],
);
