import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { BILLING_FREQUENCIES, COMMITMENTS, MAX_ORDER_QUANTITY, changeCreditCheckSchema } from './orders';
import { PROVISIONING_ORDER_STATUSES } from './provisioning';

// Subscriptions (issue 14 "Subscriptions"; spec §2 `/account/{id}/service-info`, §3 "Subscription"):
// the commercial terms of a Product account, its seat batches with their cancellation windows,
// quantity changes (an increase at once, prorated by day; a decrease at once only inside open
// windows and only by the seats still refundable there, otherwise scheduled for the renewal) and
// the auto-renew switch. A renewal job starts a new term at term end at the then-current price.

export const AUTO_RENEW_OPTIONS = ['Renew', 'Terminate'] as const;
export type AutoRenew = (typeof AUTO_RENEW_OPTIONS)[number];

/** Pending: its order waits for approval (orders/orderStateMachine.ts). */
export const SUBSCRIPTION_STATUSES = ['Pending', 'Provisioning', 'Active', 'Failed', 'Cancelled', 'Suspended', 'Terminated'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SEAT_BATCH_KINDS = ['Purchase', 'Renewal', 'Addition'] as const;
export const SCHEDULED_CHANGE_KINDS = ['Quantity', 'Commitment', 'BillingFrequency', 'Product'] as const;

export const getSubscriptionRequestSchema = z.object({ accountId: accountIdSchema }).strict();

export const seatBatchSchema = z.object({
  Id: z.number().int(),
  Kind: z.enum(SEAT_BATCH_KINDS),
  Quantity: z.number().int(),
  /** Seats of the batch that may still be given back with a refund while the window is open. */
  RefundableQuantity: z.number().int(),
  /** ISO 8601, UTC: when the batch's cancellation window closes. */
  RefundableUntil: z.string(),
  IsOpen: z.boolean(),
  CreatedAt: z.string(),
});
export type SeatBatch = z.infer<typeof seatBatchSchema>;

export const scheduledChangeSchema = z.object({
  Id: z.number().int(),
  Kind: z.enum(SCHEDULED_CHANGE_KINDS),
  /** The value the subscription takes at the renewal (a quantity, a term, a billing frequency, a service). */
  Value: z.string(),
  CreatedAt: z.string(),
  CreatedByName: z.string().nullable(),
});
export type ScheduledChange = z.infer<typeof scheduledChangeSchema>;

export const subscriptionProvisioningEntrySchema = z.object({
  RequestId: z.number().int(),
  /** Create, Modify, Suspend, Resume or Terminate. */
  Action: z.string(),
  Quantity: z.number().int().nullable(),
  OrderStatus: z.enum(PROVISIONING_ORDER_STATUSES),
  ProductStatus: z.string(),
  IsFinalStatus: z.boolean(),
  ErrorMessage: z.string().nullable(),
  SendDate: z.string().nullable(),
  CreatedAt: z.string(),
});
export type SubscriptionProvisioningEntry = z.infer<typeof subscriptionProvisioningEntrySchema>;

export const subscriptionSchema = z.object({
  AccountId: z.number().int(),
  AccountName: z.string(),
  ProductName: z.string(),
  ServiceDisplayName: z.string(),
  Status: z.enum(SUBSCRIPTION_STATUSES),
  Quantity: z.number().int(),
  /** The quantity a quantity change still being provisioned asks for (null: none under way). */
  PendingQuantity: z.number().int().nullable(),
  Commitment: z.enum(COMMITMENTS),
  BillingFrequency: z.enum(BILLING_FREQUENCIES),
  IsPrepaid: z.boolean(),
  AutoRenew: z.enum(AUTO_RENEW_OPTIONS),
  /** ISO 8601, UTC (null for the demo's hand-made subscriptions). */
  TermStartDate: z.string().nullable(),
  /** The end of the current term: the renewal (or the end, with auto-renew Terminate) happens then. */
  MinimumContractEndDate: z.string().nullable(),
  LockPeriodEndDate: z.string().nullable(),
  /** The price is fixed for the term and changes only at renewal. */
  HasPriceProtection: z.boolean(),
  Currency: z.string().nullable(),
  /** The recurring price of one unit per billing period of the service (BillingPeriod), locked for the term. */
  UnitPrice: z.string().nullable(),
  PriceRule: z.string().nullable(),
  BillingPeriod: z.enum(['Monthly', 'Annual']),
  CancellationWindowHours: z.number().int(),
  /** Seats that may be given back at once with a refund (the sum over open windows). */
  RefundableQuantity: z.number().int(),
  SeatBatches: z.array(seatBatchSchema),
  ScheduledChanges: z.array(scheduledChangeSchema),
  ProvisioningHistory: z.array(subscriptionProvisioningEntrySchema),
  /** A change of it over the company's credit limit waiting in Request review (issue 30 item 2); null: none. */
  ChangeAwaitingApproval: z
    .object({ OrderId: z.number().int(), Kind: z.enum(['QuantityIncrease', 'Upgrade', 'Renewal']), Quantity: z.number().int(), PreviousQuantity: z.number().int().nullable(), ProductName: z.string() })
    .nullable(),
  /** SUBSCRIPTION Execute and an Active subscription without a change under way or waiting for approval. */
  CanChangeQuantity: z.boolean(),
  CanSetAutoRenew: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const getSubscriptionResponseSchema = z.object({ Subscription: subscriptionSchema });

export const changeSubscriptionQuantityRequestSchema = z
  .object({
    accountId: accountIdSchema,
    quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY),
    /** Schedule the change for the renewal even when it could apply now. */
    schedule: z.boolean().optional(),
    /** Answer what the change would do, writing nothing (the dialog's explanation). */
    preview: z.boolean().optional(),
  })
  .strict();
export type ChangeSubscriptionQuantityRequest = z.input<typeof changeSubscriptionQuantityRequestSchema>;

/** PendingApproval: an increase over the company's credit limit waits in Request review (CreditCheck.OrderId). */
export const QUANTITY_CHANGE_OUTCOMES = ['Applied', 'Scheduled', 'PendingApproval'] as const;

export const changeSubscriptionQuantityResponseSchema = z.object({
  AccountId: z.number().int(),
  /** Applied: at once (sent to the vendor); Scheduled: at the renewal. */
  Outcome: z.enum(QUANTITY_CHANGE_OUTCOMES),
  Direction: z.enum(['Increase', 'Decrease']),
  PreviousQuantity: z.number().int(),
  Quantity: z.number().int(),
  /** The prorated charge (an increase) or refund (a decrease inside the windows), by day to the term end; null when scheduled or unpriced. */
  ProratedAmount: z.string().nullable(),
  AmountKind: z.enum(['Charge', 'Refund']).nullable(),
  Currency: z.string().nullable(),
  /** Days from the change to the term end, of TermDays. */
  RemainingDays: z.number().int(),
  TermDays: z.number().int(),
  /** Why a decrease is scheduled: the seats still refundable in open windows. */
  RefundableQuantity: z.number().int(),
  /** The scheduled changes the change drops (an immediate change drops all; a scheduled one replaces an earlier scheduled quantity). */
  DroppedScheduledChanges: z.array(scheduledChangeSchema),
  ScheduledChange: scheduledChangeSchema.nullable(),
  ProvisioningRequestId: z.number().int().nullable(),
  /** An increase's credit check (null: no limit, or nothing added). */
  CreditCheck: changeCreditCheckSchema.nullable(),
  IsPreview: z.boolean(),
});
export type ChangeSubscriptionQuantityResponse = z.infer<typeof changeSubscriptionQuantityResponseSchema>;

export const setAutoRenewRequestSchema = z.object({ accountId: accountIdSchema, autoRenew: z.enum(AUTO_RENEW_OPTIONS) }).strict();
export const setAutoRenewResponseSchema = z.object({ AccountId: z.number().int(), AutoRenew: z.enum(AUTO_RENEW_OPTIONS) });
