import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { FEE_TYPES, marketplaceIdSchema } from './pricing';
import { pagingSchema } from './users';

// The services a pricelist offers (/add-to-pricelist) and propagation (issue 13, spec §2 /propagation,
// §3 Pricelist, §5 pricelist filters): a reseller pushes its pricelist's sales prices down to the
// pricelists of its customer resellers, where they become the purchase prices (costs) those
// pricelists' rules start from. Amounts travel as decimal strings.

// ── The services of a pricelist ──

const serviceNameSchema = z.string().trim().min(1).max(100);

/** Offered: the services on the pricelist; Available: active catalog services not on it yet (what /add-to-pricelist offers). */
export const MARKETPLACE_SERVICE_SCOPES = ['Offered', 'Available'] as const;
export type MarketplaceServiceScope = (typeof MARKETPLACE_SERVICE_SCOPES)[number];

export const getMarketplaceServicesRequestSchema = z
  .object({
    marketplaceId: marketplaceIdSchema,
    filter: z
      .object({
        Scope: z.enum(MARKETPLACE_SERVICE_SCOPES).default('Offered'),
        /** Part of the service's name or display name, case-insensitive. */
        Text: z.string().trim().max(100).optional(),
        VendorAccountIds: z.array(accountIdSchema).max(100).optional(),
        Category: z.string().trim().max(100).optional(),
      })
      .strict()
      .default({ Scope: 'Offered' }),
    ...pagingSchema,
  })
  .strict();
export type GetMarketplaceServicesRequest = z.input<typeof getMarketplaceServicesRequestSchema>;

export const marketplaceServiceSchema = z.object({
  ServiceName: z.string(),
  DisplayName: z.string(),
  VendorAccountId: z.number().int().nullable(),
  VendorName: z.string(),
  Category: z.string().nullable(),
  Tags: z.array(z.string()),
  /** On the pricelist: whether it is enabled there; a service not on it yet: false. */
  IsOffered: z.boolean(),
  IsEnabled: z.boolean(),
  ItemCount: z.number().int(),
});
export type MarketplaceService = z.infer<typeof marketplaceServiceSchema>;

export const getMarketplaceServicesResponseSchema = z.object({
  Services: z.array(marketplaceServiceSchema),
  Total: z.number().int(),
  /** The vendors and categories of the scope (before the vendor and category filters), for the filter lists. */
  Vendors: z.array(z.object({ AccountId: z.number().int(), Name: z.string() })),
  Categories: z.array(z.string()),
});
export type GetMarketplaceServicesResponse = z.infer<typeof getMarketplaceServicesResponseSchema>;

export const addServicesToMarketplaceRequestSchema = z
  .object({ marketplaceId: marketplaceIdSchema, serviceNames: z.array(serviceNameSchema).min(1).max(1000) })
  .strict();
/** The services newly added (those already on the pricelist are left as they are: adding is idempotent). */
export const addServicesToMarketplaceResponseSchema = z.object({ AddedServiceNames: z.array(z.string()), ServicesCount: z.number().int() });

export const removeServiceFromMarketplaceRequestSchema = z.object({ marketplaceId: marketplaceIdSchema, serviceName: serviceNameSchema }).strict();
export const removeServiceFromMarketplaceResponseSchema = z.object({ ServicesCount: z.number().int() });

// ── Propagation filters (spec §5: only one filter may have an empty vendor selection; conflicting filters are deleted on save after confirmation) ──

export const FILTER_TYPES = ['Include', 'Exclude'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

const tagSchema = z.string().trim().min(1).max(50);

export const propagationFilterInputSchema = z
  .object({
    /** Left out for a new filter. */
    PropagationFilterId: z.number().int().positive().optional(),
    VendorFilterType: z.enum(FILTER_TYPES),
    /** Empty: every vendor (only one filter of a pricelist may leave it empty). */
    VendorAccountIds: z.array(accountIdSchema).max(100).default([]),
    TagFilterType: z.enum(FILTER_TYPES),
    /** Empty: any tags. */
    Tags: z.array(tagSchema).max(50).default([]),
  })
  .strict();
export type PropagationFilterInput = z.input<typeof propagationFilterInputSchema>;

export const propagationFilterSchema = z.object({
  PropagationFilterId: z.number().int(),
  VendorFilterType: z.enum(FILTER_TYPES),
  VendorAccountIds: z.array(z.number().int()),
  TagFilterType: z.enum(FILTER_TYPES),
  Tags: z.array(z.string()),
});
export type PropagationFilter = z.infer<typeof propagationFilterSchema>;

export const getPropagationFiltersResponseSchema = z.object({
  Filters: z.array(propagationFilterSchema),
  /** The vendors of the services the pricelist offers, for the filter editor. */
  Vendors: z.array(z.object({ AccountId: z.number().int(), Name: z.string() })),
  /** The tags of the services the pricelist offers. */
  Tags: z.array(z.string()),
});
export type GetPropagationFiltersResponse = z.infer<typeof getPropagationFiltersResponseSchema>;

export const savePropagationFiltersRequestSchema = z
  .object({
    marketplaceId: marketplaceIdSchema,
    /** The pricelist's whole filter list: filters left out are deleted, a filter without an id is new. */
    filters: z.array(propagationFilterInputSchema).max(100),
    /** Confirms deleting the saved filters the changed ones conflict with (otherwise 409 naming them). */
    deleteConflicting: z.boolean().default(false),
  })
  .strict();
export type SavePropagationFiltersRequest = z.input<typeof savePropagationFiltersRequestSchema>;

interface FilterShape {
  PropagationFilterId?: number | undefined;
  VendorFilterType: FilterType;
  VendorAccountIds: readonly number[];
  TagFilterType: FilterType;
  Tags: readonly string[];
}

const sameFilter = (a: FilterShape, b: FilterShape) =>
  a.VendorFilterType === b.VendorFilterType &&
  a.TagFilterType === b.TagFilterType &&
  [...a.VendorAccountIds].sort().join(',') === [...b.VendorAccountIds].sort().join(',') &&
  [...a.Tags].map((tag) => tag.toLowerCase()).sort().join('\n') === [...b.Tags].map((tag) => tag.toLowerCase()).sort().join('\n');

/** Two filters conflict when both leave the vendor selection empty or both name a vendor. */
export function filtersConflict(a: FilterShape, b: FilterShape): boolean {
  if (a.VendorAccountIds.length === 0 || b.VendorAccountIds.length === 0) return a.VendorAccountIds.length === 0 && b.VendorAccountIds.length === 0;
  return a.VendorAccountIds.some((id) => b.VendorAccountIds.includes(id));
}

/**
 * The rule of spec §5, shared by the server and the portal: filters new or changed in `wanted`
 * (compared with `saved`) win; the unchanged saved filters they conflict with are the conflicting
 * ones, deleted on save after confirmation. Two new or changed filters conflicting with each other
 * cannot both be kept: `clash` names the index of the second.
 */
export function propagationFilterConflicts(saved: readonly FilterShape[], wanted: readonly FilterShape[]): { conflictingIds: number[]; clash: number | null } {
  const savedById = new Map(saved.map((filter) => [filter.PropagationFilterId, filter]));
  const isChanged = (filter: FilterShape) => {
    const before = filter.PropagationFilterId === undefined ? undefined : savedById.get(filter.PropagationFilterId);
    return !before || !sameFilter(before, filter);
  };
  const changed = wanted.filter(isChanged);
  const kept = wanted.filter((filter) => !isChanged(filter));
  let clash: number | null = null;
  changed.forEach((filter, index) => {
    if (clash === null && changed.slice(0, index).some((earlier) => filtersConflict(earlier, filter))) clash = wanted.indexOf(filter);
  });
  const conflictingIds = kept.filter((filter) => changed.some((each) => filtersConflict(each, filter))).map((filter) => filter.PropagationFilterId!);
  return { conflictingIds, clash };
}

/** Whether a service passes a pricelist's filters: no filter passes everything, otherwise any one filter must pass it. */
export function passesPropagationFilters(filters: readonly FilterShape[], service: { vendorAccountId: number | null; tags: readonly string[] }): boolean {
  if (filters.length === 0) return true;
  const tags = service.tags.map((tag) => tag.toLowerCase());
  return filters.some((filter) => {
    const vendorNamed = service.vendorAccountId !== null && filter.VendorAccountIds.includes(service.vendorAccountId);
    const vendorPasses = filter.VendorAccountIds.length === 0 || (filter.VendorFilterType === 'Include' ? vendorNamed : !vendorNamed);
    const tagNamed = filter.Tags.some((tag) => tags.includes(tag.toLowerCase()));
    const tagPasses = filter.Tags.length === 0 || (filter.TagFilterType === 'Include' ? tagNamed : !tagNamed);
    return vendorPasses && tagPasses;
  });
}

// ── Preview, propagate, status ──

export const previewPropagationRequestSchema = z
  .object({
    marketplaceId: marketplaceIdSchema,
    /** Only the pricelists of these customer resellers (all of the pricelist's customer resellers by default). */
    customerAccountIds: z.array(accountIdSchema).max(5000).optional(),
  })
  .strict();

export const propagationItemChangeSchema = z.object({
  PriceableItemId: z.number().int(),
  ServiceName: z.string(),
  ServiceDisplayName: z.string(),
  ItemName: z.string(),
  FeeType: z.enum(FEE_TYPES),
  /** The target's purchase price before (null: it had none from a propagation yet) and after, in the target's currency. */
  OldCost: z.string().nullable(),
  NewCost: z.string(),
  /** The target's sales price for its customers under its own rules, now and with the new cost (null: not priced). */
  OldPrice: z.string().nullable(),
  NewPrice: z.string().nullable(),
});
export type PropagationItemChange = z.infer<typeof propagationItemChangeSchema>;

export const propagationTargetSchema = z.object({
  MarketplaceId: z.number().int(),
  Name: z.string(),
  OwnerAccountId: z.number().int(),
  OwnerName: z.string(),
  Currency: z.string(),
  /** The target's customers: the ones its price changes reach. */
  CustomersCount: z.number().int(),
  ItemsCount: z.number().int(),
  ChangedItemsCount: z.number().int(),
  ServicesAdded: z.number().int(),
  /** The first changes (at most PREVIEW_ITEMS_PER_TARGET), for the first PREVIEW_DETAILED_TARGETS target pricelists; the counts and deltas are always complete. */
  Changes: z.array(propagationItemChangeSchema),
  /** Monthly recurring revenue and margin change of the target's owner over its customers' subscriptions. */
  RevenueDelta: z.string(),
  MarginDelta: z.string(),
});
export type PropagationTarget = z.infer<typeof propagationTargetSchema>;

export const PREVIEW_ITEMS_PER_TARGET = 200;
/** Target pricelists whose changes are listed item by item (a reseller with a thousand customer resellers gets counts for the rest). */
export const PREVIEW_DETAILED_TARGETS = 50;

export const propagationPreviewSchema = z.object({
  PreviewId: z.string(),
  MarketplaceId: z.number().int(),
  Currency: z.string(),
  /** Items of the source pricelist that pass the filters and have a price. */
  SourceItemsCount: z.number().int(),
  /** Items passing the filters that have no price in the source pricelist (not propagated). */
  UnpricedItemsCount: z.number().int(),
  Targets: z.array(propagationTargetSchema),
  Totals: z.object({
    TargetPricelists: z.number().int(),
    ChangedItems: z.number().int(),
    ServicesAdded: z.number().int(),
    CustomersAffected: z.number().int(),
    /** Per currency: targets may price in different currencies. */
    RevenueDelta: z.array(z.object({ Currency: z.string(), Amount: z.string() })),
    MarginDelta: z.array(z.object({ Currency: z.string(), Amount: z.string() })),
  }),
  CreatedAt: z.string(),
});
export type PropagationPreview = z.infer<typeof propagationPreviewSchema>;

export const propagateRequestSchema = z.object({ marketplaceId: marketplaceIdSchema, previewId: z.string().trim().min(1).max(100) }).strict();

export const PROPAGATION_STATUSES = ['Pending', 'Running', 'Completed', 'Failed'] as const;
export type PropagationStatus = (typeof PROPAGATION_STATUSES)[number];

export const propagationRunSchema = z.object({
  RunId: z.number().int(),
  MarketplaceId: z.number().int(),
  PreviewId: z.string().nullable(),
  Status: z.enum(PROPAGATION_STATUSES),
  /** 0–100, whole. */
  Percentage: z.number().int(),
  TotalItems: z.number().int(),
  DoneItems: z.number().int(),
  ChangedItems: z.number().int(),
  Error: z.string().nullable(),
  CreatedAt: z.string(),
  FinishedAt: z.string().nullable(),
});
export type PropagationRun = z.infer<typeof propagationRunSchema>;

export const getPropagationStatusRequestSchema = z
  .object({ marketplaceId: marketplaceIdSchema.optional(), runId: z.number().int().positive().optional() })
  .strict()
  .refine((body) => body.marketplaceId !== undefined || body.runId !== undefined, { message: 'names a marketplaceId or a runId', path: ['marketplaceId'] });

/** The run asked for, or the pricelist's latest (null: none yet). */
export const getPropagationStatusResponseSchema = z.object({ Run: propagationRunSchema.nullable() });
