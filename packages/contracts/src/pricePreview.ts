import { z } from 'zod';
import { decimalStringSchema, FEE_TYPES, getPriceableItemsRequestSchema, marketplaceIdSchema, priceExplanationSchema, pricingRuleIdRequestSchema, prioritizePricingRulesRequestSchema, savePricingRuleRequestSchema } from './pricing';

// The price-change preview (issue 13): before a rule change is saved, what it does — the items whose
// price changes, old and new price and margin, the customers affected, the monthly revenue and
// margin delta — and a preview id, so saving applies exactly what was shown. Also the manual prices
// and enabled services of the edit-prices grid (IMarketplaceService/UpdateServices) and its export.

export const previewIdSchema = z.string().trim().min(1).max(100);

/**
 * IPricingRuleService/PreviewPricingRule: exactly one change — `rule` (as SavePricingRule takes it:
 * a new rule, or a changed one with its PricingRuleId), `deletePricingRuleId` (a deletion) or
 * `pricingRuleIds` (a new order, as PrioritizePricingRules takes it).
 */
export const previewPricingRuleRequestSchema = z
  .object({
    marketplaceId: marketplaceIdSchema,
    rule: savePricingRuleRequestSchema.shape.rule.optional(),
    deletePricingRuleId: z.number().int().positive().optional(),
    pricingRuleIds: z.array(z.number().int().positive()).min(1).max(1000).optional(),
  })
  .strict();
export type PreviewPricingRuleRequest = z.input<typeof previewPricingRuleRequestSchema>;

/** SavePricingRule with the preview it applies (optional): 409 when prices moved since the preview. */
export const savePricingRuleWithPreviewRequestSchema = savePricingRuleRequestSchema.extend({ previewId: previewIdSchema.optional() }).strict();
export type SavePricingRuleWithPreviewRequest = z.input<typeof savePricingRuleWithPreviewRequestSchema>;
/** DeletePricingRule with the preview (deletePricingRuleId) it applies (optional), as SavePricingRule. */
export const deletePricingRuleWithPreviewRequestSchema = pricingRuleIdRequestSchema.extend({ previewId: previewIdSchema.optional() }).strict();
export type DeletePricingRuleWithPreviewRequest = z.input<typeof deletePricingRuleWithPreviewRequestSchema>;
/** PrioritizePricingRules with the preview (pricingRuleIds) it applies (optional), as SavePricingRule. */
export const prioritizePricingRulesWithPreviewRequestSchema = prioritizePricingRulesRequestSchema.extend({ previewId: previewIdSchema.optional() }).strict();
export type PrioritizePricingRulesWithPreviewRequest = z.input<typeof prioritizePricingRulesWithPreviewRequestSchema>;

export const priceChangeSchema = z.object({
  PriceableItemId: z.number().int(),
  ServiceName: z.string(),
  ServiceDisplayName: z.string(),
  ItemName: z.string(),
  FeeType: z.enum(FEE_TYPES),
  /** Null when the item has no price (then or now). */
  OldPrice: z.string().nullable(),
  NewPrice: z.string().nullable(),
  OldMargin: z.string().nullable(),
  NewMargin: z.string().nullable(),
  OldMarginPercent: z.string().nullable(),
  NewMarginPercent: z.string().nullable(),
  OldRule: priceExplanationSchema.nullable(),
  NewRule: priceExplanationSchema.nullable(),
  /** The new price lies below the purchase price (only a static rule or a manual price may do that). */
  IsBelowPurchase: z.boolean(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

export const affectedCustomerSchema = z.object({
  AccountId: z.number().int(),
  DisplayName: z.string(),
  AccountType: z.string(),
  /** Active recurring subscriptions of the customer (and below it) to services whose price changes. */
  Subscriptions: z.number().int(),
  /** Monthly revenue and margin change from those subscriptions, in the pricelist's currency. */
  MonthlyRevenueDelta: z.string(),
  MonthlyMarginDelta: z.string(),
});
export type AffectedCustomer = z.infer<typeof affectedCustomerSchema>;

/** The most price changes an answer lists; ChangedItemsCount tells how many there are. */
export const MAX_PREVIEW_ITEMS = 2000;

export const pricePreviewResponseSchema = z.object({
  PreviewId: z.string(),
  MarketplaceId: z.number().int(),
  Currency: z.string(),
  /** Items priced under the pricelist (now). */
  ItemsCount: z.number().int(),
  ChangedItemsCount: z.number().int(),
  /** The changed items, service and item name order, at most MAX_PREVIEW_ITEMS. */
  ChangedItems: z.array(priceChangeSchema),
  Customers: z.array(affectedCustomerSchema),
  MonthlyRevenueDelta: z.string(),
  MonthlyMarginDelta: z.string(),
  CreatedAt: z.string(),
});
export type PricePreview = z.infer<typeof pricePreviewResponseSchema>;

// ── The edit-prices grid: manual prices and enabled services (IMarketplaceService/UpdateServices) ──

export const updateServicesRequestSchema = z
  .object({
    marketplaceId: marketplaceIdSchema,
    /** Services of the pricelist to enable or disable for its customers. */
    marketplaceServiceList: z
      .array(z.object({ ServiceName: z.string().trim().min(1).max(200), IsEnabled: z.boolean() }).strict())
      .max(5000)
      .default([]),
    /** Manual prices: a decimal string (≥ 0, at most 6 decimals) sets one, null clears it (the rules price the item again). */
    updateCharges: z
      .array(z.object({ PriceableItemId: z.number().int().positive(), SalesPrice: decimalStringSchema.nullable() }).strict())
      .max(20000)
      .default([]),
  })
  .strict();
export type UpdateServicesRequest = z.input<typeof updateServicesRequestSchema>;
export const updateServicesResponseSchema = z.object({ UpdatedServices: z.number().int(), UpdatedCharges: z.number().int() });
export type UpdateServicesResponse = z.infer<typeof updateServicesResponseSchema>;

/** IMarketplaceService/ExportPriceableItems: the grid as GetPriceableItems filters and sorts it, every page, as an Excel workbook. */
export const exportPriceableItemsRequestSchema = getPriceableItemsRequestSchema.omit({ page: true, pageSize: true }).strict();
export type ExportPriceableItemsRequest = z.input<typeof exportPriceableItemsRequestSchema>;
