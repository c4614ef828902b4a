import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { SERVICE_PRICE_PROBLEMS, servicePriceRuleSchema } from './marketplace';
import { SORT_DIRECTIONS, pagingSchema } from './users';

// Ordering (issue 14; spec §3 "Order", §4 "Order approval", §7 credit-check orders): a customer
// orders a service for an account of its company; the order is priced by the one price function
// (the overview's price is the price billed), makes a Product account (the subscription) and, when
// its projected invoice stays within the company's credit limit, goes straight to provisioning.
// Above the limit it waits as Pending until an Account Manager approves or declines it, or the
// orderer cancels it.

/** Commitment terms (spec §3 "Subscription"). */
export const COMMITMENTS = ['1-month', 'annual', '3-year', 'other'] as const;
export type Commitment = (typeof COMMITMENTS)[number];

export const BILLING_FREQUENCIES = ['Monthly', 'Annual', 'Triennial'] as const;
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];

/**
 * The billing frequencies each term allows (issue 14, after Microsoft's new commerce rules): a
 * 1-month term bills monthly; an annual term monthly or annually; a 3-year term monthly, annually or
 * triennially. "other" terms bill monthly.
 */
export const BILLING_FREQUENCIES_BY_COMMITMENT: Record<Commitment, readonly BillingFrequency[]> = {
  '1-month': ['Monthly'],
  annual: ['Monthly', 'Annual'],
  '3-year': ['Monthly', 'Annual', 'Triennial'],
  other: ['Monthly'],
};

/** Months of a term and of a billing period. */
export const COMMITMENT_MONTHS: Record<Commitment, number> = { '1-month': 1, annual: 12, '3-year': 36, other: 1 };
export const BILLING_FREQUENCY_MONTHS: Record<BillingFrequency, number> = { Monthly: 1, Annual: 12, Triennial: 36 };

export const ORDER_APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected', 'Cancelled'] as const;
export type OrderApprovalStatus = (typeof ORDER_APPROVAL_STATUSES)[number];

/**
 * What an order is (issue 30 item 2): 'New' makes a subscription; a change that raises what a company
 * is billed beyond its credit limit — a quantity increase, an upgrade, a renewal at a higher charge —
 * waits as an order of its kind and is made when approved.
 */
export const ORDER_KINDS = ['New', 'QuantityIncrease', 'Upgrade', 'Renewal'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * The credit check of a change of a subscription that raises what its company is billed (a quantity
 * increase, an upgrade): the same check as an order's, with the change's value. Null when the company
 * has no credit limit or the change adds nothing.
 */
export const changeCreditCheckSchema = z.object({
  /** What the change adds to the company's charges per billing period. */
  ChangeValue: z.string(),
  Currency: z.string(),
  OpenBalance: z.string(),
  CreditLimit: z.string(),
  ProjectedInvoice: z.string(),
  NeedsApproval: z.boolean(),
  /** The change request waiting for approval in Request review (null in a preview or when not needed). */
  OrderId: z.number().int().nullable(),
});
export type ChangeCreditCheck = z.infer<typeof changeCreditCheckSchema>;

export const MAX_ORDER_QUANTITY = 100_000;
export const ORDER_REASON_MAX_LENGTH = 500;

/** A credit limit: a non-negative amount with at most 12 digits before the point and 2 after. */
export const creditAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'expected an amount such as 5000 or 5000.00');

// ── What an account may order ──

export const getAvailableServicesRequestSchema = z
  .object({
    /** The account the subscription is to sit under: a company, department or user. */
    accountId: accountIdSchema,
    text: z.string().trim().max(100).optional(),
    ...pagingSchema,
  })
  .strict();

export const availableServiceSchema = z.object({
  ProductName: z.string(),
  DisplayName: z.string(),
  Description: z.string(),
  VendorName: z.string(),
  Category: z.string().nullable(),
  Commitments: z.array(z.enum(COMMITMENTS)),
  IsPrepaid: z.boolean(),
  /** The headline (recurring) price per unit and billing period of the service, in Currency. */
  Price: z.string().nullable(),
  PriceUnit: z.string().nullable(),
  BillingPeriod: z.enum(['Monthly', 'Annual']),
  Problem: z.enum(SERVICE_PRICE_PROBLEMS).nullable(),
});
export type AvailableService = z.infer<typeof availableServiceSchema>;

export const getAvailableServicesResponseSchema = z.object({
  AccountId: z.number().int(),
  AccountName: z.string(),
  Currency: z.string().nullable(),
  Services: z.array(availableServiceSchema),
  Total: z.number().int(),
  /** Whether the caller may order for this account (PRODUCT_ACCOUNT Create). */
  CanOrder: z.boolean(),
});

// ── Preview and place ──

export const orderRequestSchema = z
  .object({
    /** The account the subscription is to sit under (spec §3 Order "parent account"). */
    parentAccountId: accountIdSchema,
    productName: z.string().trim().min(1).max(100),
    quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY),
    commitment: z.enum(COMMITMENTS),
    billingFrequency: z.enum(BILLING_FREQUENCIES),
    isPrepaid: z.boolean().optional(),
    /** The product's view fields as entered (metadata-driven, like account views). */
    viewValues: z.record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()])).optional(),
    /**
     * PlaceOrder only: the OrderValue the overview showed. When the price moved since, the order is
     * refused with 409 (preview again), so a customer is never billed a price it was not shown.
     */
    expectedOrderValue: z.string().trim().max(20).optional(),
  })
  .strict();
export type OrderRequest = z.infer<typeof orderRequestSchema>;

/** One priced line of an order's overview: the price explains itself (issue 13 "every price explains itself"). */
export const orderPriceLineSchema = z.object({
  PriceableItemId: z.number().int(),
  Name: z.string(),
  FeeType: z.enum(['Setup', 'Recurring', 'Usage']),
  Unit: z.string().nullable(),
  /** Price of one unit (per billing period of the service for recurring fees), decimal string. */
  UnitPrice: z.string(),
  Quantity: z.number().int(),
  /** What the first invoice bills for this line (setup once, recurring for the first billing period; usage: "0" — billed by use). */
  Amount: z.string(),
  Rule: servicePriceRuleSchema.nullable(),
  Basis: z.enum(['Pricelist', 'Srp']),
});
export type OrderPriceLine = z.infer<typeof orderPriceLineSchema>;

export const orderPreviewSchema = z.object({
  ProductName: z.string(),
  DisplayName: z.string(),
  ParentAccountId: z.number().int(),
  ParentAccountName: z.string(),
  CompanyAccountId: z.number().int(),
  CompanyName: z.string(),
  Quantity: z.number().int(),
  Commitment: z.enum(COMMITMENTS),
  BillingFrequency: z.enum(BILLING_FREQUENCIES),
  IsPrepaid: z.boolean(),
  Currency: z.string(),
  Lines: z.array(orderPriceLineSchema),
  SetupFee: z.string(),
  /** The recurring charge per billing period (BillingFrequency). */
  RecurringCharge: z.string(),
  /** Setup fee plus the first billing period: what the order adds to the next invoice. */
  OrderValue: z.string(),
  OpenBalance: z.string(),
  /** Null: the company has no credit limit. */
  CreditLimit: z.string().nullable(),
  ProjectedInvoice: z.string(),
  /** The projected invoice exceeds the credit limit: the order waits for an Account Manager. */
  NeedsApproval: z.boolean(),
  TermEndDate: z.string(),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

// ── Orders ──

export const orderSchema = z.object({
  Id: z.number().int(),
  ApprovalStatus: z.enum(ORDER_APPROVAL_STATUSES),
  /** A new subscription, or a change of SubscriptionAccountId's subscription held by the credit check. */
  Kind: z.enum(ORDER_KINDS),
  /** A quantity increase's quantity before the change (Quantity is the quantity asked); null otherwise. */
  PreviousQuantity: z.number().int().nullable(),
  ProductName: z.string(),
  ProductDisplayName: z.string(),
  Quantity: z.number().int(),
  Commitment: z.string(),
  BillingFrequency: z.string(),
  IsPrepaid: z.boolean(),
  CompanyAccountId: z.number().int(),
  CompanyName: z.string(),
  ParentAccountId: z.number().int(),
  ParentAccountName: z.string(),
  PayerAccountId: z.number().int(),
  PayerName: z.string(),
  SellerAccountId: z.number().int(),
  SellerName: z.string(),
  CreatedByAccountId: z.number().int(),
  CreatedByName: z.string(),
  Currency: z.string(),
  OrderValue: z.string(),
  CreditLimit: z.string().nullable(),
  ProjectedInvoice: z.string().nullable(),
  CreditCheck: z.boolean(),
  Reason: z.string(),
  SubscriptionAccountId: z.number().int().nullable(),
  /** The subscription's status (Provisioning, Active, Failed, Cancelled …), when the order made one. */
  SubscriptionStatus: z.string().nullable(),
  CreatedAt: z.string(),
  DecidedAt: z.string().nullable(),
  DecidedByName: z.string().nullable(),
  /** What the caller may do with it now. */
  CanCancel: z.boolean(),
  CanDecide: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderDetailSchema = orderSchema.extend({ Lines: z.array(orderPriceLineSchema) });

export const placeOrderResponseSchema = z.object({ Order: orderDetailSchema });

export const ORDER_SORT_FIELDS = ['CreatedAt', 'OrderValue', 'Company', 'Service', 'Status'] as const;

export const getOrdersRequestSchema = z
  .object({
    /**
     * 'Company' (spec §2 /orders/my-orders): the orders of the caller's hierarchy it may see;
     * 'Review' (/orders/request-review): the orders waiting for approval that the caller may decide.
     */
    scope: z.enum(['Company', 'Review']).default('Company'),
    /** Only the orders of this account's subtree (hierarchy-checked). */
    accountId: accountIdSchema.optional(),
    status: z.enum(ORDER_APPROVAL_STATUSES).optional(),
    text: z.string().trim().max(100).optional(),
    from: z.string().date().optional(),
    to: z.string().date().optional(),
    sortBy: z.enum(ORDER_SORT_FIELDS).default('CreatedAt'),
    sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
    ...pagingSchema,
  })
  .strict();

export const getOrdersResponseSchema = z.object({ Orders: z.array(orderSchema), Total: z.number().int() });

export const orderIdRequestSchema = z.object({ orderId: z.number().int().positive() }).strict();
export const getOrderResponseSchema = z.object({ Order: orderDetailSchema });

export const cancelOrderRequestSchema = z
  .object({ orderId: z.number().int().positive(), reason: z.string().trim().max(ORDER_REASON_MAX_LENGTH).optional() })
  .strict();
export const approveOrderRequestSchema = cancelOrderRequestSchema;
export const declineOrderRequestSchema = z
  .object({ orderId: z.number().int().positive(), reason: z.string().trim().min(1, 'is required').max(ORDER_REASON_MAX_LENGTH) })
  .strict();
export const orderDecisionResponseSchema = z.object({ Order: orderSchema });

// ── Credit limits ──

export const setCreditLimitRequestSchema = z
  .object({
    companyAccountId: accountIdSchema,
    /** Null removes the limit (no credit check). */
    creditLimit: creditAmountSchema.nullable(),
    /** Why the limit was set (the partner API's comment), kept in the audit entry. */
    comment: z.string().trim().max(500).optional(),
  })
  .strict();
export const creditStatusSchema = z.object({
  CompanyAccountId: z.number().int(),
  CreditLimit: z.string().nullable(),
  Currency: z.string().nullable(),
  OpenBalance: z.string(),
});
export const setCreditLimitResponseSchema = creditStatusSchema;
export const getCreditLimitRequestSchema = z.object({ companyAccountId: accountIdSchema }).strict();
/** GetCreditLimit also says whether the caller may change it (the company's seller with Credit Check Order Management Execute). */
export const getCreditLimitResponseSchema = creditStatusSchema.extend({ CanEdit: z.boolean() });
