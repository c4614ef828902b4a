import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { SORT_DIRECTIONS, pagingSchema } from './users';

// Pricing rules (issue 13, spec §3 "Pricing rule"): how a pricelist turns an item's purchase price
// or SRP into its sales price. Amounts travel as decimal strings, never as JSON numbers (DESIGN.md
// "Commerce": money is exact).

/**
 * - Static: a fixed sales price (the parameter);
 * - Srp: the vendor's suggested retail price;
 * - Markup: purchase × (1 + p %);
 * - GrossMargin: purchase / (1 − m %), m below 100;
 * - SrpDiscount: SRP × (1 − d %).
 */
export const PRICING_MODELS = ['Static', 'Srp', 'Markup', 'GrossMargin', 'SrpDiscount'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

/** What a rule applies to; the default rule applies to all services. */
export const PRICING_SCOPES = ['AllServices', 'Vendors', 'ServiceGroups', 'PriceableItems'] as const;
export type PricingScopeKind = (typeof PRICING_SCOPES)[number];

/** Fee types of a priceable item: usage prices keep six decimals, the others the currency's minor unit. */
export const FEE_TYPES = ['Setup', 'Recurring', 'Usage'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** A non-negative decimal with at most six decimals, as a string ("12.5", "0.0042"). */
export const decimalStringSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'expected a decimal number such as 12.50, with at most 6 decimals');

/** A percentage parameter: markup and discounts 0–1000 %, gross margin below 100 % (checked per model). */
export const percentStringSchema = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,4})?$/, 'expected a percentage such as 12.5, with at most 4 decimals');

/** The models whose parameter is a percentage; Static's parameter is a price, Srp has none. */
export const PERCENT_MODELS: readonly PricingModel[] = ['Markup', 'GrossMargin', 'SrpDiscount'];

/** Which rule priced an item, as the grid and the service page show it ("Markup 12 % — rule 'Microsoft partners'"). */
export const priceExplanationSchema = z.object({
  RuleId: z.number().int(),
  RuleName: z.string(),
  Model: z.enum(PRICING_MODELS),
  /** The percentage or the static price the rule applies; null for Srp. */
  Parameter: z.string().nullable(),
  IsDefaultRule: z.boolean(),
  /** A manual price typed into the edit-prices grid priced the item, before every rule (RuleId 0, Model Static). */
  IsManualPrice: z.boolean().optional(),
});
export type PriceExplanation = z.infer<typeof priceExplanationSchema>;

/** The highest percentage a markup may add; an SRP discount takes at most 100 %, a gross margin less than 100 %. */
export const MAX_MARKUP_PERCENT = 1000;

// ── Pricelists ("marketplaces" in the API: marketplaceId, marketplaceProperties, marketplacePriorityList) ──

export const marketplaceIdSchema = z.number().int().positive();
const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, 'expected an ISO 4217 currency code such as EUR');
const tagsSchema = z.array(z.string().trim().min(1).max(50)).max(20);

export const marketplaceSummarySchema = z.object({
  MarketplaceId: z.number().int(),
  OwnerAccountId: z.number().int(),
  Name: z.string(),
  /** 1 is the highest: of an owner's pricelists holding a customer, the highest applies. */
  Priority: z.number().int(),
  Currency: z.string(),
  Tags: z.array(z.string()),
  CustomersCount: z.number().int(),
  ServicesCount: z.number().int(),
});
export type MarketplaceSummary = z.infer<typeof marketplaceSummarySchema>;

/** The owner's pricelists; without ownerAccountId, those of the caller's own organisation. */
export const getMarketplacesRequestSchema = z.object({ ownerAccountId: accountIdSchema.optional() }).strict();
export const getMarketplacesResponseSchema = z.object({ Marketplaces: z.array(marketplaceSummarySchema) });

const marketplacePropertyFields = {
  Name: z.string().trim().min(1, 'is required').max(100),
  Currency: currencySchema,
  Tags: tagsSchema,
};
export const marketplacePropertiesSchema = z.object({ ...marketplacePropertyFields, Tags: tagsSchema.default([]) }).strict();
export const createMarketplaceRequestSchema = z.object({ ownerAccountId: accountIdSchema.optional(), marketplaceProperties: marketplacePropertiesSchema }).strict();
// What is left out stays as it is (no defaults here). (No comment inside the chain: the portal's
// build marks `z.` calls of the contracts pure and must see the `.` right after `z`.)
export const updateMarketplacePropertiesRequestSchema = z
  .object({ marketplaceId: marketplaceIdSchema, marketplaceProperties: z.object(marketplacePropertyFields).partial().strict() })
  .strict();
export const marketplaceIdRequestSchema = z.object({ marketplaceId: marketplaceIdSchema }).strict();
/** Every pricelist of one owner, highest priority first. */
export const prioritizeMarketplacesRequestSchema = z.object({ marketplacePriorityList: z.array(marketplaceIdSchema).min(1).max(500) }).strict();

export const marketplaceCustomerSchema = z.object({ AccountId: z.number().int(), DisplayName: z.string(), AccountType: z.string() });
export const marketplaceCustomersResponseSchema = z.object({ Customers: z.array(marketplaceCustomerSchema) });
export const setMarketplaceCustomersRequestSchema = z.object({ marketplaceId: marketplaceIdSchema, customerAccountIds: z.array(accountIdSchema).max(5000) }).strict();

// ── Priceable items with their prices (the edit-prices grid) ──

export const PRICE_PROBLEMS = ['no_rule', 'exchange_rate_missing', 'exchange_rate_outdated'] as const;
export type PriceProblem = (typeof PRICE_PROBLEMS)[number];

export const pricedItemSchema = z.object({
  PriceableItemId: z.number().int(),
  ServiceName: z.string(),
  ServiceDisplayName: z.string(),
  ItemName: z.string(),
  FeeType: z.enum(FEE_TYPES),
  Unit: z.string().nullable(),
  VendorAccountId: z.number().int().nullable(),
  VendorName: z.string(),
  /** The pricelist's currency; purchase price and SRP are converted into it. */
  Currency: z.string(),
  PurchasePrice: z.string().nullable(),
  Srp: z.string().nullable(),
  SalesPrice: z.string().nullable(),
  Margin: z.string().nullable(),
  MarginPercent: z.string().nullable(),
  IsBelowPurchase: z.boolean(),
  Rule: priceExplanationSchema.nullable(),
  /** Why the item has no price (then SalesPrice and Rule are null). */
  Problem: z.enum(PRICE_PROBLEMS).nullable(),
});
export type PricedItem = z.infer<typeof pricedItemSchema>;

export const PRICED_ITEM_SORT_FIELDS = ['Service', 'Vendor', 'PurchasePrice', 'Srp', 'SalesPrice', 'Margin', 'MarginPercent'] as const;
export const getPriceableItemsRequestSchema = z
  .object({
    marketplaceId: marketplaceIdSchema,
    filter: z
      .object({
        /** Part of the service's or the item's name, case-insensitive. */
        Text: z.string().trim().max(100).optional(),
        VendorAccountIds: z.array(accountIdSchema).max(100).optional(),
        /** Only items priced below their purchase price (flagged in the grid). */
        BelowPurchaseOnly: z.boolean().optional(),
      })
      .strict()
      .default({}),
    sortBy: z.enum(PRICED_ITEM_SORT_FIELDS).default('Service'),
    sortDirection: z.enum(SORT_DIRECTIONS).default('asc'),
    ...pagingSchema,
  })
  .strict();
export type GetPriceableItemsRequest = z.input<typeof getPriceableItemsRequestSchema>;
export const getPriceableItemsResponseSchema = z.object({ Items: z.array(pricedItemSchema), Total: z.number().int() });

// ── Pricing rules ──

export const pricingRuleScopeSchema = z
  .object({ Kind: z.enum(PRICING_SCOPES), Ids: z.array(z.number().int().positive()).max(1000).default([]) })
  .strict()
  .refine((scope) => scope.Kind === 'AllServices' || scope.Ids.length > 0, { message: 'names at least one vendor, service group or item', path: ['Ids'] });

export const pricingRuleSchema = z.object({
  PricingRuleId: z.number().int(),
  MarketplaceId: z.number().int(),
  Name: z.string(),
  Priority: z.number().int(),
  IsDefault: z.boolean(),
  Model: z.enum(PRICING_MODELS),
  Parameter: z.string().nullable(),
  Scope: z.object({ Kind: z.enum(PRICING_SCOPES), Ids: z.array(z.number().int()) }),
});
export type PricingRule = z.infer<typeof pricingRuleSchema>;
export const pricingRulesResponseSchema = z.object({ Rules: z.array(pricingRuleSchema) });

/** Why a parameter does not suit its model, or undefined when it does. */
export function pricingParameterProblem(model: PricingModel, parameter: string | null | undefined): string | undefined {
  if (model === 'Srp') return parameter == null ? undefined : 'an SRP rule takes no parameter';
  if (parameter == null) return model === 'Static' ? 'a static rule needs the sales price' : 'needs a percentage';
  if (model === 'Static') return decimalStringSchema.safeParse(parameter).success ? undefined : 'expected a price such as 12.50, with at most 6 decimals';
  if (!percentStringSchema.safeParse(parameter).success) return 'expected a percentage such as 12.5, with at most 4 decimals';
  const value = Number(parameter);
  if (model === 'GrossMargin' && value >= 100) return 'a gross margin must be below 100 %';
  if (model === 'SrpDiscount' && value > 100) return 'an SRP discount is at most 100 %';
  if (value > MAX_MARKUP_PERCENT) return `at most ${MAX_MARKUP_PERCENT} %`;
  return undefined;
}

export const savePricingRuleRequestSchema = z
  .object({
    marketplaceId: marketplaceIdSchema,
    rule: z
      .object({
        /** Absent for a new rule, which comes last before the default rule. */
        PricingRuleId: z.number().int().positive().optional(),
        Name: z.string().trim().min(1, 'is required').max(100),
        Model: z.enum(PRICING_MODELS),
        Parameter: z.string().trim().nullable().optional(),
        Scope: pricingRuleScopeSchema,
      })
      .strict()
      .superRefine((rule, ctx) => {
        const problem = pricingParameterProblem(rule.Model, rule.Parameter);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['Parameter'] });
      }),
  })
  .strict();
export type SavePricingRuleRequest = z.input<typeof savePricingRuleRequestSchema>;
export const pricingRuleIdRequestSchema = z.object({ pricingRuleId: z.number().int().positive() }).strict();
/** The pricelist's rules other than the default, highest priority first. */
export const prioritizePricingRulesRequestSchema = z.object({ marketplaceId: marketplaceIdSchema, pricingRuleIds: z.array(z.number().int().positive()).min(1).max(1000) }).strict();

export const explainPriceRequestSchema = z.object({ marketplaceId: marketplaceIdSchema, priceableItemId: z.number().int().positive() }).strict();
export const explainPriceResponseSchema = pricedItemSchema.extend({
  /** Rules whose scope held the item but that could not price it, in the order they were tried. */
  Skipped: z.array(z.object({ RuleId: z.number().int(), RuleName: z.string(), Reason: z.enum(['no_purchase_price', 'no_srp']) })),
});
