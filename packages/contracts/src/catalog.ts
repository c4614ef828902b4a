import { z } from 'zod';
import { SUPPORTED_LOCALES } from './locales';
import { SERVICE_ICON_PATH } from './marketplace';
import { FEE_TYPES, decimalStringSchema } from './pricing';
import { SORT_DIRECTIONS } from './users';

// IServiceManagementService (issue 13): a vendor's profile and services (My vendor profile), a
// reseller's settings of the catalog's services (My services), its service groups (the service
// tool) and the Excel export/import of the service list. Amounts travel as decimal strings.

export const BILLING_RULES = ['PerUnit', 'Flat'] as const;
export type BillingRule = (typeof BILLING_RULES)[number];
export const BILLING_PERIODS = ['Monthly', 'Annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
/** spec §3 "commitment (1-month, annual, 3-year, other)". */
export const COMMITMENT_TERMS = ['1-month', 'annual', '3-year', 'other'] as const;
export type CommitmentTerm = (typeof COMMITMENT_TERMS)[number];

const idSchema = z.number().int().positive();
/** The product name that keys a service: capitals, digits and underscores ("SKYLINE_MAIL"). */
export const SERVICE_NAME_PATTERN = /^[A-Z][A-Z0-9_]{1,49}$/;
export const serviceNameSchema = z.string().trim().min(1).max(100);
const localeSchema = z.enum(SUPPORTED_LOCALES);
/** Texts per language; an empty text means "none in that language". */
const textsSchema = (max: number) => z.partialRecord(localeSchema, z.string().trim().max(max));
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'expected a web address such as https://example.com');

// ── My vendor profile ──

/** The vendor whose profile or services are meant; without it, the caller's own vendor. */
const vendorRequest = { vendorAccountId: idSchema.optional() };

/** A logo path as the keeper serves images (`/keeper/get/{path}`): folders and a file name with an image extension, nothing climbing out. */
export const LOGO_PATH_PATTERN = /^(?!.*\.\.)[A-Za-z0-9_\-/]{1,200}\.(png|jpg|jpeg|gif|svg|webp)$/;

export const vendorProfileSchema = z.object({
  VendorAccountId: z.number().int(),
  VendorName: z.string(),
  /** Profile text by language code. */
  Descriptions: z.record(z.string(), z.string()),
  LogoPath: z.string().nullable(),
  SupportEmail: z.string().nullable(),
  SupportPhone: z.string().nullable(),
  SupportUrl: z.string().nullable(),
  WebsiteUrl: z.string().nullable(),
  /** Null while the vendor has never saved its profile. */
  UpdatedAt: z.string().nullable(),
  /** Whether the caller may change it (Product Owner Profile Create and Execute). */
  CanEdit: z.boolean(),
});
export type VendorProfile = z.infer<typeof vendorProfileSchema>;

export const getVendorProfileRequestSchema = z.object(vendorRequest).strict();

export const vendorProfileInputSchema = z
  .object({
    Descriptions: textsSchema(4000).default({}),
    LogoPath: z.string().trim().regex(LOGO_PATH_PATTERN, 'expected an image path such as vendors/skyline/logo.png').nullable().optional(),
    SupportEmail: z.email().max(200).nullable().optional(),
    SupportPhone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()\-/]{4,30}$/, 'expected a phone number such as +46 8 123 456')
      .nullable()
      .optional(),
    SupportUrl: httpsUrl.nullable().optional(),
    WebsiteUrl: httpsUrl.nullable().optional(),
  })
  .strict();
export type VendorProfileInput = z.input<typeof vendorProfileInputSchema>;
export const saveVendorProfileRequestSchema = z.object({ ...vendorRequest, profile: vendorProfileInputSchema }).strict();

// ── A vendor's services ──

export const priceableItemSchema = z.object({
  PriceableItemId: z.number().int(),
  Name: z.string(),
  FeeType: z.enum(FEE_TYPES),
  Unit: z.string().nullable(),
  PurchasePrice: z.string().nullable(),
  Srp: z.string().nullable(),
  IsActive: z.boolean(),
});
export type VendorPriceableItem = z.infer<typeof priceableItemSchema>;

export const vendorServiceSchema = z.object({
  ServiceName: z.string(),
  DisplayName: z.string(),
  DisplayNames: z.record(z.string(), z.string()),
  Descriptions: z.record(z.string(), z.string()),
  VendorAccountId: z.number().int(),
  VendorSku: z.string().nullable(),
  ProductNumber: z.string().nullable(),
  Category: z.string().nullable(),
  Tags: z.array(z.string()),
  BillingRule: z.enum(BILLING_RULES),
  BillingPeriod: z.enum(BILLING_PERIODS),
  Currency: z.string(),
  CommitmentTerms: z.array(z.string()),
  IconPath: z.string().nullable(),
  TermsOfService: z.string().nullable(),
  IsActive: z.boolean(),
  Revision: z.number().int(),
  Items: z.array(priceableItemSchema),
});
export type VendorService = z.infer<typeof vendorServiceSchema>;

export const getVendorServicesRequestSchema = z.object(vendorRequest).strict();
export const getVendorServicesResponseSchema = z.object({ VendorAccountId: z.number().int(), VendorName: z.string(), Services: z.array(vendorServiceSchema) });

export const priceableItemInputSchema = z
  .object({
    /** An item of this service to change; without it a new item. */
    PriceableItemId: idSchema.optional(),
    Name: z.string().trim().min(1).max(100),
    FeeType: z.enum(FEE_TYPES),
    Unit: optionalText(50),
    PurchasePrice: decimalStringSchema,
    Srp: decimalStringSchema,
  })
  .strict();
export type PriceableItemInput = z.input<typeof priceableItemInputSchema>;

export const vendorServiceInputSchema = z
  .object({
    /** Names by language; English is required (the default name). */
    DisplayNames: textsSchema(200).refine((names) => Boolean(names.en?.trim()), { message: 'an English name is required', path: ['en'] }),
    Descriptions: textsSchema(4000).default({}),
    VendorSku: optionalText(100),
    ProductNumber: optionalText(100),
    Category: z.string().trim().min(1).max(100),
    Tags: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
    BillingRule: z.enum(BILLING_RULES),
    BillingPeriod: z.enum(BILLING_PERIODS),
    Currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'expected an ISO 4217 currency code such as EUR'),
    CommitmentTerms: z.array(z.enum(COMMITMENT_TERMS)).min(1).max(4),
    /** spec §5 icon path, or nothing (the blank placeholder). */
    IconPath: z.string().trim().regex(SERVICE_ICON_PATH, 'expected 32 lowercase letters or digits, a slash, 23 letters or digits and an extension').nullable().optional(),
    TermsOfService: optionalText(20000),
    IsActive: z.boolean().default(true),
    /** Every item the service keeps; an item left out is withdrawn (kept for the history, no longer sold). */
    Items: z.array(priceableItemInputSchema).min(1).max(50),
  })
  .strict();
export type VendorServiceInput = z.input<typeof vendorServiceInputSchema>;

export const saveVendorServiceRequestSchema = z
  .object({
    ...vendorRequest,
    /** The service's product name: a new one creates the service, an existing one of the vendor changes it. */
    serviceName: z.string().trim().regex(SERVICE_NAME_PATTERN, 'expected capitals, digits and underscores such as SKYLINE_MAIL'),
    /** The revision the change was made on; required to change a service (an older one is refused), left out to create one. */
    revisionId: z.number().int().positive().optional(),
    service: vendorServiceInputSchema,
  })
  .strict();

// ── My services (a reseller's settings of the catalog's services) ──

/** The organisation whose services are meant; without it, the caller's own. */
const ownerRequest = { ownerAccountId: idSchema.optional() };

export const MY_SERVICES_SORT_KEYS = ['DisplayName', 'VendorName', 'Category', 'IsEnabled'] as const;
export type MyServicesSortKey = (typeof MY_SERVICES_SORT_KEYS)[number];

export const myServiceSchema = z.object({
  ServiceName: z.string(),
  /** The vendor's name for the service (in the caller's language where the vendor has one). */
  DisplayName: z.string(),
  VendorAccountId: z.number().int().nullable(),
  VendorName: z.string().nullable(),
  Category: z.string().nullable(),
  IsEnabled: z.boolean(),
  /** The owner's names and descriptions shown to its customers instead of the vendor's, by language. */
  DisplayNames: z.record(z.string(), z.string()),
  Descriptions: z.record(z.string(), z.string()),
  Revision: z.number().int(),
});
export type MyService = z.infer<typeof myServiceSchema>;

export const myServicesFilterSchema = z
  .object({
    Text: z.string().trim().max(200).default(''),
    VendorAccountId: idSchema.optional(),
    Category: z.string().trim().max(100).optional(),
    IsEnabled: z.boolean().optional(),
  })
  .strict();

export const getMyServicesRequestSchema = z
  .object({
    ...ownerRequest,
    filter: myServicesFilterSchema.default({ Text: '' }),
    sortBy: z.enum(MY_SERVICES_SORT_KEYS).default('DisplayName'),
    sortDirection: z.enum(SORT_DIRECTIONS).default('asc'),
    page: z.number().int().min(0).default(0),
    pageSize: z.number().int().min(1).max(200).default(25),
  })
  .strict();
export type GetMyServicesRequest = z.input<typeof getMyServicesRequestSchema>;
export const getMyServicesResponseSchema = z.object({
  /** A reseller's list (settings per service) or a vendor's (its own services, read-only here). */
  OwnerType: z.enum(['Reseller', 'Vendor']),
  Services: z.array(myServiceSchema),
  Total: z.number().int(),
  /** Vendors and categories of the whole list, for the filters. */
  Vendors: z.array(z.object({ VendorAccountId: z.number().int(), VendorName: z.string() })),
  Categories: z.array(z.string()),
});

export const saveMyServiceRequestSchema = z
  .object({
    ...ownerRequest,
    serviceName: serviceNameSchema,
    /** The revision the caller saw; an older one than the service's is refused (409). */
    revisionId: z.number().int().positive().optional(),
    settings: z
      .object({
        IsEnabled: z.boolean().optional(),
        DisplayNames: textsSchema(200).optional(),
        Descriptions: textsSchema(4000).optional(),
      })
      .strict(),
  })
  .strict();

// ── Service groups (the service tool) ──

export const serviceGroupSchema = z.object({
  ServiceGroupId: z.number().int(),
  Name: z.string(),
  Services: z.array(z.object({ ServiceName: z.string(), DisplayName: z.string(), VendorName: z.string().nullable() })),
  /** Pricing rules whose scope names the group (it cannot be deleted while one does). */
  UsedByRules: z.array(z.object({ PricingRuleId: z.number().int(), RuleName: z.string(), MarketplaceId: z.number().int(), MarketplaceName: z.string() })),
});
export type ServiceGroup = z.infer<typeof serviceGroupSchema>;

export const getServiceGroupsRequestSchema = z.object(ownerRequest).strict();
export const getServiceGroupsResponseSchema = z.object({ OwnerAccountId: z.number().int(), ServiceGroups: z.array(serviceGroupSchema) });

export const saveServiceGroupRequestSchema = z
  .object({
    ...ownerRequest,
    /** The group to rename or change; without it a new group. */
    serviceGroupId: idSchema.optional(),
    serviceGroup: z
      .object({
        Name: z.string().trim().min(1).max(100),
        ServiceNames: z.array(serviceNameSchema).max(1000).default([]),
      })
      .strict(),
  })
  .strict();
export const deleteServiceGroupRequestSchema = z.object({ serviceGroupId: idSchema }).strict();

// ── Excel export and import of the service list ──

/** ownerAccountId: a reseller (its My services list) or a vendor (its services); without it, the caller's own organisation. */
export const exportServicesRequestSchema = z.object(ownerRequest).strict();
/** Base64 of an .xlsx workbook, as ExportServices answered it (at most ~700 kB of file). */
export const importServicesRequestSchema = z
  .object({
    ...ownerRequest,
    fileName: z.string().trim().min(1).max(255),
    fileBase64: z.string().min(1).max(1_000_000),
  })
  .strict();

export const importRowErrorSchema = z.object({ Row: z.number().int(), Column: z.string(), Message: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
export const importServicesResponseSchema = z.object({
  /** True when every row was valid and the changes were written; false writes nothing. */
  Imported: z.boolean(),
  RowsRead: z.number().int(),
  RowsChanged: z.number().int(),
  Errors: z.array(importRowErrorSchema),
});
export type ImportServicesResult = z.infer<typeof importServicesResponseSchema>;
