import { z } from 'zod';
import { SERVICE_SEARCH_PAGE_SIZE } from './searchRules';

export { GLOBAL_SEARCH_SERVICES_SHOWN, SERVICE_ICON_PATH, SERVICE_SEARCH_PAGE_SIZE, isValidServiceIconPath } from './searchRules';

/** ShowNewOnly: services added within this many days. */
export const NEW_SERVICE_DAYS = 30;

/** Sort keys: Ranking (the spec's default), Name, Price (the caller's price); DisplayName is the older name of Name. */
export const SERVICE_SORT_KEYS = ['Ranking', 'Name', 'Price', 'DisplayName'] as const;
export type ServiceSortKey = (typeof SERVICE_SORT_KEYS)[number];
/** spec §9 "Explore link: page 1, 20 per page". */
export const EXPLORE_PAGE_SIZE = 20;

/**
 * spec §3 "Service search request: DisplayName, OwnerAccountIds, ServiceCategories, ServiceTags,
 * ShowNewOnly, Source {Type: Root}; sort {Key: Ranking, Value: ASC}"; §7 "sends page size 100,
 * filter and sort". `page` counts from 0; `includeFacets` adds the counts Explore's filters show.
 */
export const serviceSearchRequestSchema = z
  .object({
    filter: z
      .object({
        DisplayName: z.string().trim().max(200).default(''),
        OwnerAccountIds: z.array(z.number().int().positive()).max(100).default([]),
        ServiceCategories: z.array(z.string().max(100)).max(50).default([]),
        ServiceTags: z.array(z.string().max(100)).max(50).default([]),
        ShowNewOnly: z.boolean().default(false),
        Source: z.object({ Type: z.enum(['Root']) }).strict().default({ Type: 'Root' }),
      })
      .strict(),
    sort: z.object({ Key: z.enum(SERVICE_SORT_KEYS), Value: z.enum(['ASC', 'DESC']) }).strict().default({ Key: 'Ranking', Value: 'ASC' }),
    pageSize: z.number().int().min(1).max(SERVICE_SEARCH_PAGE_SIZE).default(SERVICE_SEARCH_PAGE_SIZE),
    page: z.number().int().min(0).max(100_000).default(0),
    includeFacets: z.boolean().default(false),
  })
  .strict();
export type ServiceSearchRequest = z.input<typeof serviceSearchRequestSchema>;

/** Why an item has no price: no rule of the pricelist prices it, a needed exchange rate is missing or old, or the caller has no pricelist. */
export const SERVICE_PRICE_PROBLEMS = ['no_rule', 'exchange_rate_missing', 'exchange_rate_outdated', 'no_pricelist'] as const;

/** Which rule priced an item ("Markup 12 % — rule 'Microsoft partners'"), as pricing's PriceExplanation. */
export const servicePriceRuleSchema = z.object({
  RuleId: z.number().int(),
  RuleName: z.string(),
  Model: z.enum(['Static', 'Srp', 'Markup', 'GrossMargin', 'SrpDiscount']),
  Parameter: z.string().nullable(),
  IsDefaultRule: z.boolean(),
});

/**
 * A service's headline price for the caller (issue 13 Explore): its first recurring item (else usage,
 * else setup) priced by the pricelist that applies to the caller's company — Basis "Pricelist" — or,
 * for a caller no pricelist applies to (the platform owner), the vendor's SRP — Basis "Srp".
 */
export const serviceHeadlinePriceSchema = z.object({
  PriceableItemId: z.number().int(),
  ItemName: z.string(),
  FeeType: z.enum(['Setup', 'Recurring', 'Usage']),
  Unit: z.string().nullable(),
  /** Decimal string; null when the item has no price (then Problem says why). */
  Amount: z.string().nullable(),
  Currency: z.string(),
  Basis: z.enum(['Pricelist', 'Srp']),
  Rule: servicePriceRuleSchema.nullable(),
  Problem: z.enum(SERVICE_PRICE_PROBLEMS).nullable(),
});
export type ServiceHeadlinePrice = z.infer<typeof serviceHeadlinePriceSchema>;

/**
 * spec §3 "Service search result: Id, DisplayName, Icon. The response holds a Services list." —
 * and for Explore (issue 13) the vendor, the short text in the caller's language, category, tags,
 * whether it is new and its price for the caller.
 */
export const serviceSearchResultSchema = z.object({
  Id: z.string(),
  DisplayName: z.string(),
  Icon: z.string(),
  VendorAccountId: z.number().int().nullable().optional(),
  VendorName: z.string().optional(),
  ShortDescription: z.string().optional(),
  Category: z.string().nullable().optional(),
  Tags: z.array(z.string()).optional(),
  IsNew: z.boolean().optional(),
  BillingPeriod: z.enum(['Monthly', 'Annual']).optional(),
  Price: serviceHeadlinePriceSchema.nullable().optional(),
});
export type ServiceSearchResult = z.infer<typeof serviceSearchResultSchema>;

export const serviceFacetSchema = z.object({ Key: z.string(), Label: z.string(), Count: z.number().int() });
export type ServiceFacet = z.infer<typeof serviceFacetSchema>;
/** Explore's filters: the values of the visible services, each counted under the other filters. Vendors' keys are account ids. */
export const serviceFacetsSchema = z.object({ Vendors: z.array(serviceFacetSchema), Categories: z.array(serviceFacetSchema), Tags: z.array(serviceFacetSchema) });
export type ServiceFacets = z.infer<typeof serviceFacetsSchema>;

export const serviceSearchResponseSchema = z.object({
  Services: z.array(serviceSearchResultSchema),
  Total: z.number().int(),
  TotalCount: z.number().int().optional(),
  /** The pricelist that priced the services; null when prices are the vendors' SRPs. */
  MarketplaceId: z.number().int().nullable().optional(),
  Facets: serviceFacetsSchema.nullable().optional(),
});
export type ServiceSearchResponse = z.infer<typeof serviceSearchResponseSchema>;


// ── The service info page (spec §2 /service/{serviceId}/{pricelistId?}; issue 13) ──

export const getServiceRequestSchema = z
  .object({
    /** The service's product name (the Id of a search result). */
    serviceId: z.string().trim().min(1).max(100),
    /** A pricelist the caller manages; without it, the caller's own company's pricelist prices the items. */
    pricelistId: z.number().int().positive().optional(),
  })
  .strict();

export const servicePriceSchema = z.object({
  PriceableItemId: z.number().int(),
  Name: z.string(),
  FeeType: z.enum(['Setup', 'Recurring', 'Usage']),
  Unit: z.string().nullable(),
  /** Decimal string in Currency; null when the item has no price (then Problem says why). */
  SalesPrice: z.string().nullable(),
  Problem: z.enum(SERVICE_PRICE_PROBLEMS).nullable(),
  /** The name of the rule that priced the item (also in Rule). */
  RuleName: z.string().nullable(),
  /** Issue 13 "every price explains itself": the rule that priced the item ("Markup 12 % — rule …"). */
  Rule: servicePriceRuleSchema.nullable(),
  Basis: z.enum(['Pricelist', 'Srp']),
});
export type ServiceItemPrice = z.infer<typeof servicePriceSchema>;

/** What the service page shows of the vendor (its profile, when it has one). */
export const serviceVendorSchema = z.object({
  AccountId: z.number().int().nullable(),
  Name: z.string(),
  Description: z.string(),
  WebsiteUrl: z.string().nullable(),
  SupportEmail: z.string().nullable(),
  SupportPhone: z.string().nullable(),
  SupportUrl: z.string().nullable(),
});

export const getServiceResponseSchema = z.object({
  Id: z.string(),
  DisplayName: z.string(),
  Description: z.string(),
  Category: z.string().nullable(),
  Tags: z.array(z.string()),
  VendorAccountId: z.number().int().nullable(),
  VendorName: z.string(),
  Vendor: serviceVendorSchema,
  VendorSku: z.string().nullable(),
  ProductNumber: z.string().nullable(),
  BillingRule: z.enum(['PerUnit', 'Flat']),
  BillingPeriod: z.enum(['Monthly', 'Annual']),
  CommitmentTerms: z.array(z.string()),
  IsNew: z.boolean(),
  Icon: z.string(),
  TermsOfService: z.string().nullable(),
  MarketplaceId: z.number().int().nullable(),
  Currency: z.string().nullable(),
  Items: z.array(servicePriceSchema),
});
export type ServiceInfo = z.infer<typeof getServiceResponseSchema>;

// ── Terms of a service and the caller's currencies (spec §7 Marketplace "terms, currencies") ──

export const getMarketplaceTermsRequestSchema = z.object({ serviceName: z.string().trim().min(1).max(100) }).strict();
export const getMarketplaceTermsResponseSchema = z.object({ ServiceName: z.string(), DisplayName: z.string(), TermsText: z.string() });
export type MarketplaceTerms = z.infer<typeof getMarketplaceTermsResponseSchema>;

export const getCurrenciesRequestSchema = z.object({}).strict();
/** A currency with the digits of its minor unit (ISO 4217: EUR 2, JPY 0, BHD 3). */
export const currencySchema = z.object({ Code: z.string(), MinorUnits: z.number().int() });
export const getCurrenciesResponseSchema = z.object({ Currencies: z.array(currencySchema) });
export type CurrencyInfo = z.infer<typeof currencySchema>;
