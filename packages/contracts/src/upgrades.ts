import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { BILLING_FREQUENCIES, COMMITMENTS, MAX_ORDER_QUANTITY, changeCreditCheckSchema, orderRequestSchema } from './orders';
import { SUBSCRIPTION_STATUSES, scheduledChangeSchema } from './subscriptions';

// Upgrading a subscription (issue 14 "Upgrade wizard"; spec §2 `/upgrade-subscription/{accountId}`,
// §4 "Upgrade", §7 upgrade (targetProductName, targetAccountId, viewValues, upgradeProcessId, subId)).
// Each service has upgrade paths to other services; the path is the upgrade process the wizard and
// the Upgrade call name (upgradeProcessId).
// - Full upgrade (every seat moves): the old subscription ends (terminated, a Terminate request to
//   the vendor) and a new one is made — or an existing subscription of the target service is
//   increased.
// - Partial upgrade (some seats move): the old one is decreased (a Modify request) and a new one is
//   made — or an existing target is increased ("modifies both").
// A new subscription made by an upgrade keeps the source's term, billing frequency and end date and
// takes the current price; an existing target keeps its own price; a subscription made by a partial
// upgrade inherits the source's cancellation window. A downgrade (a path of kind Downgrade) is never
// immediate: it is scheduled for the source's term end, where the renewal makes it.

export const UPGRADE_PATH_KINDS = ['Upgrade', 'Downgrade'] as const;
export type UpgradePathKind = (typeof UPGRADE_PATH_KINDS)[number];

export const UPGRADE_TYPES = ['Full', 'Partial'] as const;
export type UpgradeType = (typeof UPGRADE_TYPES)[number];

/** Applied: at once; Scheduled: at the source's term end (a downgrade). */
/** PendingApproval: an upgrade that takes the company over its credit limit waits in Request review. */
export const UPGRADE_OUTCOMES = ['Applied', 'Scheduled', 'PendingApproval'] as const;

export const getUpgradeOptionsRequestSchema = z.object({ accountId: accountIdSchema }).strict();

/** A subscription of the target service the upgrade may increase instead of making a new one. */
export const upgradeTargetSubscriptionSchema = z.object({
  AccountId: z.number().int(),
  AccountName: z.string(),
  Quantity: z.number().int(),
  Commitment: z.enum(COMMITMENTS),
  BillingFrequency: z.enum(BILLING_FREQUENCIES),
  /** The price it keeps: an existing target keeps its own price. */
  UnitPrice: z.string().nullable(),
  Currency: z.string().nullable(),
  MinimumContractEndDate: z.string().nullable(),
});
export type UpgradeTargetSubscription = z.infer<typeof upgradeTargetSubscriptionSchema>;

export const upgradeOptionSchema = z.object({
  /** The upgrade path: what the Upgrade call names as upgradeProcessId. */
  UpgradeProcessId: z.number().int(),
  Kind: z.enum(UPGRADE_PATH_KINDS),
  ProductName: z.string(),
  DisplayName: z.string(),
  Description: z.string(),
  VendorName: z.string(),
  /** The current price of one unit per service billing period for the source's term and billing frequency (null: not priced for the customer). */
  UnitPrice: z.string().nullable(),
  Currency: z.string().nullable(),
  PriceRule: z.string().nullable(),
  /** The target service offers the source's term (a new subscription keeps it); false: the option cannot make a new subscription. */
  IsTermOffered: z.boolean(),
  /** Active subscriptions of the target service under the same account as the source. */
  ExistingSubscriptions: z.array(upgradeTargetSubscriptionSchema),
});
export type UpgradeOption = z.infer<typeof upgradeOptionSchema>;

export const upgradeSourceSchema = z.object({
  AccountId: z.number().int(),
  AccountName: z.string(),
  ParentAccountId: z.number().int(),
  ProductName: z.string(),
  ServiceDisplayName: z.string(),
  Status: z.enum(SUBSCRIPTION_STATUSES),
  Quantity: z.number().int(),
  Commitment: z.enum(COMMITMENTS),
  BillingFrequency: z.enum(BILLING_FREQUENCIES),
  IsPrepaid: z.boolean(),
  UnitPrice: z.string().nullable(),
  Currency: z.string().nullable(),
  MinimumContractEndDate: z.string().nullable(),
  /** The latest open cancellation window of the source (inherited by a subscription a partial upgrade makes); null: none open. */
  RefundableUntil: z.string().nullable(),
});

export const getUpgradeOptionsResponseSchema = z.object({
  Source: upgradeSourceSchema,
  Options: z.array(upgradeOptionSchema),
  /** SUBSCRIPTION Execute and PRODUCT_ACCOUNT Create, and an Active subscription without a change under way. */
  CanUpgrade: z.boolean(),
  /** Why it cannot be upgraded now (an error key of the API's messages), null when it can. */
  Blocker: z.string().nullable(),
});
export type UpgradeOptions = z.infer<typeof getUpgradeOptionsResponseSchema>;

/** upgrade (spec §7): the names are the contract. */
export const upgradeRequestSchema = z
  .object({
    /** The subscription (Product account) to upgrade. */
    subId: accountIdSchema,
    /** The upgrade path (GetUpgradeOptions' UpgradeProcessId); its target must be targetProductName. */
    upgradeProcessId: z.number().int().positive(),
    targetProductName: z.string().trim().min(1).max(100),
    /** An existing subscription of the target service to increase; null or absent: make a new one. */
    targetAccountId: accountIdSchema.nullable().optional(),
    /** Seats that move to the target; absent or all of them: a full upgrade, fewer: a partial one. */
    quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY).optional(),
    /** The target service's view fields for a new subscription (as an order's). */
    viewValues: orderRequestSchema.shape.viewValues,
  })
  .strict();
export type UpgradeRequest = z.input<typeof upgradeRequestSchema>;

export const upgradeSideSchema = z.object({
  /** null in a preview of a new subscription: it does not exist yet. */
  AccountId: z.number().int().nullable(),
  ProductName: z.string(),
  DisplayName: z.string(),
  IsNew: z.boolean(),
  /** The source ends (a full upgrade, or the term end for a downgrade). */
  Ends: z.boolean(),
  QuantityBefore: z.number().int(),
  QuantityAfter: z.number().int(),
  Commitment: z.enum(COMMITMENTS),
  BillingFrequency: z.enum(BILLING_FREQUENCIES),
  UnitPrice: z.string().nullable(),
  Currency: z.string().nullable(),
  PriceRule: z.string().nullable(),
  MinimumContractEndDate: z.string().nullable(),
  /** When the seats' cancellation window closes (the new subscription's batch); null: none open. */
  RefundableUntil: z.string().nullable(),
});
export type UpgradeSide = z.infer<typeof upgradeSideSchema>;

export const upgradeResultSchema = z.object({
  UpgradeProcessId: z.number().int(),
  Kind: z.enum(UPGRADE_PATH_KINDS),
  UpgradeType: z.enum(UPGRADE_TYPES),
  Outcome: z.enum(UPGRADE_OUTCOMES),
  /** When it takes effect: now, or the source's term end for a downgrade. */
  EffectiveDate: z.string(),
  Source: upgradeSideSchema,
  Target: upgradeSideSchema,
  /** The source's changes scheduled for the renewal that an upgrade applied at once drops (a downgrade replaces an earlier scheduled one). */
  DroppedScheduledChanges: z.array(scheduledChangeSchema),
  /** The requests sent to the vendor (empty in a preview and for a scheduled downgrade). */
  ProvisioningRequestIds: z.array(z.number().int()),
  /** The credit check of an upgrade that raises the charges (null: no limit, or nothing added). */
  CreditCheck: changeCreditCheckSchema.nullable(),
  IsPreview: z.boolean(),
});
export type UpgradeResult = z.infer<typeof upgradeResultSchema>;
