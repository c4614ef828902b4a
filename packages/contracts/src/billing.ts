import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { SORT_DIRECTIONS, fileDownloadSchema, pagingSchema } from './users';

// Billing (issue 15; spec §2 /account/{id}/billing, §7 online bills, intervals, invoice billing):
// the monthly billing run, invoices and credit notes, and the online bill of an interval. Amounts
// are decimal strings with exactly the currency's minor-unit digits; dates of days billed are
// local dates (`YYYY-MM-DD`) in the payer's time zone, the end exclusive.

export const INVOICE_KINDS = ['Invoice', 'CreditNote'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Why a line is billed (docs/architecture.md "Billing"): each reason bills a subscription's days at most once. */
export const INVOICE_LINE_REASONS = ['Recurring', 'Start', 'Termination', 'QuantityChange', 'PriceChange', 'Setup', 'CustomCharge'] as const;
export type InvoiceLineReason = (typeof INVOICE_LINE_REASONS)[number];

/** Interrupted: the run's job died (a node killed); it is sent again and resumes (issue 30). */
export const BILLING_RUN_STATUSES = ['Running', 'Interrupted', 'Completed', 'Failed'] as const;
export type BillingRunStatus = (typeof BILLING_RUN_STATUSES)[number];

/** A billing interval: a calendar month, `YYYY-MM`. */
export const intervalIdSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected a month such as 2026-10');

// ---- IAccountService/GetIntervals

export const getIntervalsRequestSchema = z.object({ accountId: accountIdSchema }).strict();

export const billingIntervalSchema = z.object({
  IntervalId: z.string(),
  /** First day, `YYYY-MM-DD`. */
  StartDate: z.string(),
  /** Last day, `YYYY-MM-DD` (inclusive, as people read a period). */
  EndDate: z.string(),
  /** The month is over in the payer's time zone: it can be billed. */
  IsClosed: z.boolean(),
  /** Some invoice of the account (bought or sold) belongs to it. */
  HasInvoices: z.boolean(),
});
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

export const getIntervalsResponseSchema = z.object({
  /** Newest first: the current month, then back to the account's first subscription (at most 36). */
  Intervals: z.array(billingIntervalSchema),
  Currency: z.string(),
  TimeZone: z.string(),
});
export type BillingIntervals = z.infer<typeof getIntervalsResponseSchema>;

// ---- IAccountService/GetOnlineBill, ExportOnlineBill

export const ONLINE_BILL_SORT_FIELDS = ['Customer', 'Service', 'PeriodStart', 'Amount'] as const;

/** spec §7: billingInterval, hideIndirectPayments, groupByCustomers. */
export const getOnlineBillRequestSchema = z
  .object({
    accountId: accountIdSchema,
    billingInterval: intervalIdSchema,
    /** A reseller's bill without its sub-resellers' sales to their own customers. */
    hideIndirectPayments: z.boolean().default(false),
    /** Totals per customer beside the lines. */
    groupByCustomers: z.boolean().default(false),
    sortBy: z.enum(ONLINE_BILL_SORT_FIELDS).default('Customer'),
    sortDirection: z.enum(SORT_DIRECTIONS).default('asc'),
    ...pagingSchema,
  })
  .strict();
export type GetOnlineBillRequest = z.input<typeof getOnlineBillRequestSchema>;

export const exportOnlineBillRequestSchema = z
  .object({
    accountId: accountIdSchema,
    billingInterval: intervalIdSchema,
    hideIndirectPayments: z.boolean().default(false),
    groupByCustomers: z.boolean().default(false),
  })
  .strict();

/** Whose line it is from the account's side: its sale, its purchase, or a sale further down (indirect). */
export const ONLINE_BILL_DIRECTIONS = ['Sale', 'Purchase', 'Indirect'] as const;

export const onlineBillLineSchema = z.object({
  InvoiceId: z.number().int(),
  InvoiceNumber: z.string(),
  Direction: z.enum(ONLINE_BILL_DIRECTIONS),
  SellerAccountId: z.number().int(),
  SellerName: z.string(),
  CustomerAccountId: z.number().int(),
  CustomerName: z.string(),
  SubscriptionAccountId: z.number().int().nullable(),
  ProductName: z.string().nullable(),
  Description: z.string(),
  Reason: z.enum(INVOICE_LINE_REASONS),
  PeriodStart: z.string(),
  PeriodEnd: z.string(),
  Quantity: z.number().int(),
  UnitPrice: z.string(),
  Amount: z.string(),
  Currency: z.string(),
  PriceRule: z.string().nullable(),
  /**
   * Only for the seller's eyes (its sales and what lies below them), null when unknown; absent for
   * the line's buyer, which never learns its seller's cost (issue 30).
   */
  PurchaseAmount: z.string().nullable().optional(),
  Margin: z.string().nullable().optional(),
});
export type OnlineBillLine = z.infer<typeof onlineBillLineSchema>;

export const onlineBillCustomerSchema = z.object({
  CustomerAccountId: z.number().int(),
  CustomerName: z.string(),
  Currency: z.string(),
  Lines: z.number().int(),
  Amount: z.string(),
  /** The margin on this customer's lines; absent for a caller that sells nothing (issue 30). */
  Margin: z.string().nullable().optional(),
});

export const getOnlineBillResponseSchema = z.object({
  IntervalId: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  /** The account's billing currency. */
  Currency: z.string(),
  Lines: z.array(onlineBillLineSchema),
  Total: z.number().int(),
  /**
   * One set of totals per currency the month's invoices are in — the account's own first (an account
   * may buy in its pricelist's currency and be charged in its own); just the account's, at zero, for
   * an empty month.
   */
  Totals: z.array(
    z.object({
      Currency: z.string(),
      /** What the account sold (its own sales). */
      Sales: z.string(),
      /** What the account bought. */
      Purchases: z.string(),
      /** Its sales' margin; null when it sold nothing; absent for a caller that sells nothing (issue 30). */
      Margin: z.string().nullable().optional(),
    }),
  ),
  /** With groupByCustomers: one row per customer and currency, largest amount first; otherwise empty. */
  Customers: z.array(onlineBillCustomerSchema),
});
export type OnlineBill = z.infer<typeof getOnlineBillResponseSchema>;

// ---- IInvoiceBillingService

export const runBillingRequestSchema = z
  .object({
    /** Bill this account's payers (itself and below); omitted: every payer in the caller's hierarchy. */
    accountId: accountIdSchema.optional(),
    /** The month to bill; omitted: the last closed month. */
    intervalId: intervalIdSchema.optional(),
  })
  .strict();
export type RunBillingRequest = z.input<typeof runBillingRequestSchema>;

export const billingRunSchema = z.object({
  BillingRunId: z.number().int(),
  IntervalId: z.string(),
  ScopeAccountId: z.number().int().nullable(),
  ScopeName: z.string().nullable(),
  Status: z.enum(BILLING_RUN_STATUSES),
  StartedByName: z.string().nullable(),
  StartedAt: z.string(),
  FinishedAt: z.string().nullable(),
  /** When the run was found without its job (Status Interrupted); null otherwise. */
  InterruptedAt: z.string().nullable(),
  PayersTotal: z.number().int(),
  PayersDone: z.number().int(),
  InvoicesCreated: z.number().int(),
  Error: z.string().nullable(),
});
export type BillingRun = z.infer<typeof billingRunSchema>;

export const getBillingRunsRequestSchema = z.object({ accountId: accountIdSchema.optional(), ...pagingSchema }).strict();
export const getBillingRunsResponseSchema = z.object({ BillingRuns: z.array(billingRunSchema), Total: z.number().int() });

export const INVOICE_SORT_FIELDS = ['Number', 'IssuedAt', 'Buyer', 'Seller', 'Total'] as const;

export const getInvoicesRequestSchema = z
  .object({
    accountId: accountIdSchema,
    intervalId: intervalIdSchema.optional(),
    /** The account's sales, its purchases, or both (omitted). */
    side: z.enum(['Sales', 'Purchases']).optional(),
    sortBy: z.enum(INVOICE_SORT_FIELDS).default('IssuedAt'),
    sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
    ...pagingSchema,
  })
  .strict();
export type GetInvoicesRequest = z.input<typeof getInvoicesRequestSchema>;

export const invoiceSummarySchema = z.object({
  InvoiceId: z.number().int(),
  /** `INV-{seller id}-{number}`; credit notes `CN-…`. */
  InvoiceNumber: z.string(),
  Kind: z.enum(INVOICE_KINDS),
  IntervalId: z.string(),
  SellerAccountId: z.number().int(),
  SellerName: z.string(),
  BuyerAccountId: z.number().int(),
  BuyerName: z.string(),
  Currency: z.string(),
  Subtotal: z.string(),
  TaxAmount: z.string(),
  Total: z.string(),
  IssuedAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const getInvoicesResponseSchema = z.object({ Invoices: z.array(invoiceSummarySchema), Total: z.number().int() });

export const getInvoiceRequestSchema = z.object({ invoiceId: z.number().int().positive() }).strict();

export const invoiceLineSchema = z.object({
  CustomerAccountId: z.number().int(),
  CustomerName: z.string(),
  SubscriptionAccountId: z.number().int().nullable(),
  ProductName: z.string().nullable(),
  Description: z.string(),
  Reason: z.enum(INVOICE_LINE_REASONS),
  PeriodStart: z.string(),
  PeriodEnd: z.string(),
  Quantity: z.number().int(),
  UnitPrice: z.string(),
  Amount: z.string(),
  PriceRule: z.string().nullable(),
  /** The seller's purchase price and margin: for the seller (and above), null when unknown; absent for the buyer (issue 30). */
  PurchaseAmount: z.string().nullable().optional(),
  Margin: z.string().nullable().optional(),
});

export const invoiceSchema = invoiceSummarySchema.extend({
  PeriodStart: z.string(),
  PeriodEnd: z.string(),
  /** e.g. "0.1900". */
  TaxRate: z.string(),
  ReverseCharge: z.boolean(),
  SellerCountry: z.string().nullable(),
  SellerVatId: z.string().nullable(),
  /** Street, postal code and city, one per line ('' when unknown). */
  SellerAddress: z.string(),
  BuyerCountry: z.string().nullable(),
  BuyerVatId: z.string().nullable(),
  BuyerAddress: z.string(),
  Lines: z.array(invoiceLineSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

// ---- Downloads: DESIGN.md's download shape {FileName, ContentType, ContentBase64}

/** IInvoiceBillingService/DownloadInvoice: the invoice as a PDF. */
export const downloadInvoiceRequestSchema = getInvoiceRequestSchema;
export const invoiceDownloadSchema = fileDownloadSchema;

// ---- Invoice generation (IInvoiceBillingService/RequestInvoiceGeneration; spec §7 "invoice billing
// task": the result is e-mailed, ETA at most 30 minutes)

/** spec §9: the portal promises the files within this many minutes. */
export const INVOICE_GENERATION_ETA_MINUTES = 30;

export const INVOICE_FILE_TASK_STATUSES = ['Queued', 'Running', 'Completed', 'Failed'] as const;

export const requestInvoiceGenerationRequestSchema = z.object({ accountId: accountIdSchema, intervalId: intervalIdSchema }).strict();
export type RequestInvoiceGenerationRequest = z.input<typeof requestInvoiceGenerationRequestSchema>;

export const invoiceFileTaskSchema = z.object({
  TaskId: z.number().int(),
  AccountId: z.number().int(),
  IntervalId: z.string(),
  Status: z.enum(INVOICE_FILE_TASK_STATUSES),
  InvoicesTotal: z.number().int(),
  InvoicesDone: z.number().int(),
  /** Minutes the portal tells the user to expect at most (INVOICE_GENERATION_ETA_MINUTES). */
  EtaMinutes: z.number().int(),
  /** The files are ready, but the e-mail with the link could not be sent: "Sorry, we are unable to send email right now. Please try again later." */
  MailFailed: z.boolean(),
  /** GET it with the session cookie (the requester only) once Completed: a ZIP of the invoices' PDFs. */
  DownloadUrl: z.string().nullable(),
  RequestedAt: z.string(),
  FinishedAt: z.string().nullable(),
});
export type InvoiceFileTask = z.infer<typeof invoiceFileTaskSchema>;

/** The caller's recent invoice generation tasks for an account, newest first. */
export const getInvoiceGenerationTasksRequestSchema = z.object({ accountId: accountIdSchema }).strict();
export const getInvoiceGenerationTasksResponseSchema = z.object({ Tasks: z.array(invoiceFileTaskSchema) });

/** Where a finished task's ZIP is downloaded (GET, session cookie). */
export const invoiceFilesPath = (taskId: number) => `/billing/invoice-files/${taskId}`;
