import { z } from 'zod';
import { ACCOUNT_STATES, ACCOUNT_TYPES, accountIdSchema, viewsSchema } from './accounts';
import { SUPPORTED_LOCALES, type Locale } from './locales';

// Metadata-driven account views (spec §3 "Account", "View layout"; accounts issue "Account view" and
// "Integration API"). View definitions, layouts and enum data are DATA in the database, so an owner
// adds a field or a layout without a release; these schemas describe that data and the operations.

export const FIELD_TYPES = ['string', 'int32', 'bool', 'decimal', 'datetime'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const REMOTE_CHECKS = ['VatNumber'] as const;

/** One field of a view (view_definitions.fields[]). */
export const fieldDefinitionSchema = z.object({
  Name: z.string(),
  Type: z.enum(FIELD_TYPES),
  Required: z.boolean(),
  MaxLength: z.number().int().nullable(),
  Pattern: z.string().optional(),
  Unique: z.boolean().optional(),
  RemoteCheck: z.enum(REMOTE_CHECKS).optional(),
  EnumName: z.string().optional(),
  MfaProtected: z.boolean().optional(),
  /** Never changed through UpdateAccount (ProductName). */
  ReadOnly: z.boolean().optional(),
  /** Set when the account is created, later only by its own operation (Username → ChangeUsername). */
  CreateOnly: z.boolean().optional(),
});
export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;

export const viewDefinitionSchema = z.object({ Name: z.string(), Fields: z.array(fieldDefinitionSchema) });
export type ViewDefinition = z.infer<typeof viewDefinitionSchema>;

/** A text per supported language; English is the fallback. */
export type LocalizedLabels = Partial<Record<Locale, string>> & { en: string };
const labelsSchema = z.object({ en: z.string() }).catchall(z.string());

/** Stored layout (view_layouts.pages): pages → containers → fields naming "<View>.<Field>". */
export const storedLayoutFieldSchema = z.object({ Field: z.string(), Labels: labelsSchema, DisplayTemplate: z.string().optional() });
export const storedContainerSchema = z.object({ Id: z.string(), Name: z.string(), Labels: labelsSchema, Fields: z.array(storedLayoutFieldSchema) });
export const storedPageSchema = z.object({ Id: z.string(), Name: z.string(), Labels: labelsSchema, Containers: z.array(storedContainerSchema) });
export type StoredLayoutField = z.infer<typeof storedLayoutFieldSchema>;
export type StoredContainer = z.infer<typeof storedContainerSchema>;
export type StoredPage = z.infer<typeof storedPageSchema>;

export const enumMemberSchema = z.object({ Value: z.string(), DisplayValue: z.string() });
export type EnumMember = z.infer<typeof enumMemberSchema>;

/** How the portal renders a field: a Combobox for enums, else by type. */
export const DISPLAY_TEMPLATES = ['Text', 'Number', 'Checkbox', 'Date', 'Combobox', 'Email'] as const;
export type DisplayTemplate = (typeof DISPLAY_TEMPLATES)[number];

export const layoutFieldSchema = z.object({
  Name: z.string(),
  View: z.string(),
  Value: z.unknown(),
  InitialValue: z.unknown(),
  DisplayValue: z.string(),
  DisplayTemplate: z.string(),
  EnumName: z.string().nullable(),
  EnumMembers: z.array(enumMemberSchema),
  EnumsLoaded: z.boolean(),
  Type: z.enum(FIELD_TYPES),
  Required: z.boolean(),
  MaxLength: z.number().int().nullable(),
  Pattern: z.string().nullable(),
  Unique: z.boolean(),
  RemoteCheck: z.string().nullable(),
  ReadOnly: z.boolean(),
  CreateOnly: z.boolean(),
  MfaProtected: z.boolean(),
});
export type LayoutField = z.infer<typeof layoutFieldSchema>;
export const layoutContainerSchema = z.object({ Id: z.string(), Name: z.string(), DisplayValue: z.string(), Fields: z.array(layoutFieldSchema) });
export type LayoutContainer = z.infer<typeof layoutContainerSchema>;
export const layoutPageSchema = z.object({ Id: z.string(), Name: z.string(), DisplayValue: z.string(), Containers: z.array(layoutContainerSchema) });
export type LayoutPage = z.infer<typeof layoutPageSchema>;

export const getViewLayoutRequestSchema = z
  .object({ type: z.enum(ACCOUNT_TYPES), view: z.string().min(1).max(100), productName: z.string().max(100).nullish() })
  .strict();
export const getViewLayoutResponseSchema = z.object({ Pages: z.array(layoutPageSchema) });
export type ViewLayout = z.infer<typeof getViewLayoutResponseSchema>;

export const getEnumDataRequestSchema = z.object({ enumName: z.string().min(1).max(100) }).strict();
export const getEnumDataResponseSchema = z.array(enumMemberSchema);

export const loadAccountByIdRequestSchema = z.object({ accountId: accountIdSchema }).strict();
export const hierarchyEntrySchema = z.object({ AccountId: z.number().int(), AccountType: z.enum(ACCOUNT_TYPES), DisplayName: z.string() });
export type HierarchyEntry = z.infer<typeof hierarchyEntrySchema>;
/** The public shape of the Integration API: exactly these fields. */
export const loadedAccountSchema = z.object({
  AccountId: z.number().int(),
  AccountType: z.enum(ACCOUNT_TYPES),
  DisplayName: z.string(),
  ParentAccountId: z.number().int().nullable(),
  AccountState: z.enum(ACCOUNT_STATES),
  ProductName: z.string().nullable(),
  Hierarchy: z.array(hierarchyEntrySchema),
  Views: viewsSchema,
});
export type LoadedAccount = z.infer<typeof loadedAccountSchema>;

const viewValuesInputSchema = z.record(z.string(), z.object({ Values: z.record(z.string(), z.unknown()) }).strict());
export const updateAccountRequestSchema = z.object({ accountId: accountIdSchema, viewValues: viewValuesInputSchema }).strict();
export const updateAccountResponseSchema = z.null();

export const validateUniqueFieldRequestSchema = z
  .object({ accountType: z.enum(ACCOUNT_TYPES), fieldName: z.string().min(1).max(100), value: z.string().max(1000), accountId: accountIdSchema.nullish() })
  .strict();
export const validateUniqueFieldResponseSchema = z.object({ IsUnique: z.boolean() });

export const validateRemoteFieldRequestSchema = z
  .object({ fieldName: z.string().min(1).max(100), value: z.string().max(1000), country: z.string().max(10).nullish() })
  .strict();
export const validateRemoteFieldResponseSchema = z.object({ IsValid: z.boolean(), Message: z.string() });

export const CREATABLE_ACCOUNT_TYPES = ['Reseller', 'Company', 'Department', 'User', 'Product'] as const;
export type CreatableAccountType = (typeof CREATABLE_ACCOUNT_TYPES)[number];

export const getDefaultAccountViewsForCreateRequestSchema = z
  .object({
    accountType: z.enum(CREATABLE_ACCOUNT_TYPES),
    parentAccountId: z.union([accountIdSchema, z.string().regex(/^\d+$/).transform(Number)]),
    productName: z.string().max(100).nullish(),
    secondaryParentId: z.number().int().nullish(),
  })
  .strict();
export const defaultViewSchema = z.object({
  Name: z.string(),
  FieldDefinition: z.array(z.object({ Name: z.string(), Type: z.enum(FIELD_TYPES) })),
  Values: z.record(z.string(), z.unknown()),
});
export type DefaultView = z.infer<typeof defaultViewSchema>;
export const getDefaultAccountViewsForCreateResponseSchema = z.array(defaultViewSchema);

export const createAccountRequestSchema = z.object({ account: z.object({ Views: viewValuesInputSchema }).strict() }).strict();
export const createAccountResponseSchema = z.object({ AccountId: z.number().int(), DisplayName: z.string() });
export type CreatedAccount = z.infer<typeof createAccountResponseSchema>;

/** The account types the create screens of the portal make (a Product comes from a service order). */
export const SCREEN_CREATED_ACCOUNT_TYPES = ['Reseller', 'Company', 'Department', 'User'] as const;
/**
 * GetDefaultParentForCreate (issue 10): where a new account of the type goes when nobody chose yet —
 * the nearest account at or above `nearAccountId` (where the user came from) that may hold it,
 * else the caller's own company, else the first such account in the caller's hierarchy; null when
 * none may.
 */
export const getDefaultParentForCreateRequestSchema = z
  .object({ accountType: z.enum(SCREEN_CREATED_ACCOUNT_TYPES), nearAccountId: accountIdSchema.nullish() })
  .strict();
export const getDefaultParentForCreateResponseSchema = z.object({ Parent: hierarchyEntrySchema.nullable() });
export type DefaultParentForCreate = z.infer<typeof getDefaultParentForCreateResponseSchema>;

/** The create-time view: what kind of account goes where (accounts issue "Integration API"). */
export const CREATE_VIEW = 'Account';
/** The views an account of a type holds; a Product account also holds `Product_<ProductName>`. */
export const productViewName = (productName: string) => `Product_${productName}`;
export const baseViewOf = (type: string) => (type === 'Product' ? 'Product' : type);

export const LAYOUT_LOCALES = SUPPORTED_LOCALES;
