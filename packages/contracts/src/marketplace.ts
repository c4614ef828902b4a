import { z } from 'zod';

/** spec §3 "Service search request … page size 100"; spec §9 "first 3 shown" in the global search. */
export const SERVICE_SEARCH_PAGE_SIZE = 100;
export const GLOBAL_SEARCH_SERVICES_SHOWN = 3;
/** ShowNewOnly: services added within this many days. */
export const NEW_SERVICE_DAYS = 30;

/**
 * spec §3 "Service search request: DisplayName, OwnerAccountIds, ServiceCategories, ServiceTags,
 * ShowNewOnly, Source {Type: Root}; sort {Key: Ranking, Value: ASC}"; §7 "sends page size 100,
 * filter and sort".
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
    sort: z
      .object({ Key: z.enum(['Ranking', 'DisplayName']), Value: z.enum(['ASC', 'DESC']) })
      .strict()
      .default({ Key: 'Ranking', Value: 'ASC' }),
    pageSize: z.number().int().min(1).max(SERVICE_SEARCH_PAGE_SIZE).default(SERVICE_SEARCH_PAGE_SIZE),
    page: z.number().int().min(0).default(0),
  })
  .strict();
export type ServiceSearchRequest = z.input<typeof serviceSearchRequestSchema>;

/** spec §3 "Service search result: Id, DisplayName, Icon. The response holds a Services list." */
export const serviceSearchResultSchema = z.object({ Id: z.string(), DisplayName: z.string(), Icon: z.string() });
export type ServiceSearchResult = z.infer<typeof serviceSearchResultSchema>;
export const serviceSearchResponseSchema = z.object({ Services: z.array(serviceSearchResultSchema), Total: z.number().int() });
export type ServiceSearchResponse = z.infer<typeof serviceSearchResponseSchema>;

/**
 * spec §5: a service icon path is "32 lowercase alphanumeric characters, a slash, 23 alphanumeric
 * characters, a dot and a 3 to 4 letter extension"; anything else shows a blank placeholder.
 */
export const SERVICE_ICON_PATH = /^[a-z0-9]{32}\/[A-Za-z0-9]{23}\.[A-Za-z]{3,4}$/;
export const isValidServiceIconPath = (path: string | null | undefined) => Boolean(path && SERVICE_ICON_PATH.test(path));

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
  Problem: z.enum(['no_rule', 'exchange_rate_missing', 'exchange_rate_outdated', 'no_pricelist']).nullable(),
  /** Only for a pricelist the caller manages: the rule that priced the item ("Markup 12 % — rule …"). */
  RuleName: z.string().nullable(),
});

export const getServiceResponseSchema = z.object({
  Id: z.string(),
  DisplayName: z.string(),
  Description: z.string(),
  Category: z.string().nullable(),
  Tags: z.array(z.string()),
  VendorAccountId: z.number().int().nullable(),
  VendorName: z.string(),
  BillingRule: z.enum(['PerUnit', 'Flat']),
  BillingPeriod: z.enum(['Monthly', 'Annual']),
  CommitmentTerms: z.array(z.string()),
  Icon: z.string(),
  TermsOfService: z.string().nullable(),
  MarketplaceId: z.number().int().nullable(),
  Currency: z.string().nullable(),
  Items: z.array(servicePriceSchema),
});
export type ServiceInfo = z.infer<typeof getServiceResponseSchema>;
