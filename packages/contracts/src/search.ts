import { z } from 'zod';
import { ACCOUNT_STATES, ACCOUNT_TYPES, accountIdSchema, type AccountType } from './accounts';
import { ACCOUNT_SEARCH_MAX_LENGTH } from './searchRules';

export { ACCOUNT_SEARCH_LIMIT, ACCOUNT_SEARCH_MAX_LENGTH, ACCOUNT_SEARCH_MIN_LENGTH } from './searchRules';

/**
 * The portal's global search (spec §7 "search (searchString, includeDepartment)"). Strict, so that
 * the integration form of the same operation (`{parentAccountId, accountType, displayName: {Value},
 * searchField: {Name, Value}}`, DESIGN.md "The API") can join it in a union that tells the forms
 * apart by their fields.
 */
export const portalAccountSearchRequestSchema = z
  .object({
    searchString: z.string().max(ACCOUNT_SEARCH_MAX_LENGTH),
    includeDepartment: z.boolean().default(false),
  })
  .strict();
export type PortalAccountSearchRequest = z.input<typeof portalAccountSearchRequestSchema>;

/** The most matches one integration search answers, ordered by display name. */
export const INTEGRATION_SEARCH_LIMIT = 500;

/**
 * The integration form of partners' scripts (issue 6 "Integration API", a public contract):
 * accounts of one type below parentAccountId whose display name contains displayName.Value (case
 * insensitive; empty matches every name) and, when searchField is given, that have a view value
 * named searchField.Name equal to searchField.Value in any of their views.
 */
export const integrationAccountSearchRequestSchema = z
  .object({
    parentAccountId: accountIdSchema,
    accountType: z.enum(ACCOUNT_TYPES),
    displayName: z.object({ Value: z.string().max(ACCOUNT_SEARCH_MAX_LENGTH) }).strict(),
    searchField: z
      .object({
        Name: z.string().min(1).max(100),
        Value: z.union([z.string().max(1000), z.number(), z.boolean()]),
      })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();
export type IntegrationAccountSearchRequest = z.input<typeof integrationAccountSearchRequestSchema>;

const isPortalForm = (body: unknown) => typeof body === 'object' && body !== null && 'searchString' in body;

/**
 * `IAccountService/Search`: either form. A body with `searchString` is the portal's; any other is
 * judged as the integration form, and a refusal names the fields of the form the caller meant.
 */
export const accountSearchRequestSchema = z.union([portalAccountSearchRequestSchema, integrationAccountSearchRequestSchema], {
  error: (issue) => {
    if (issue.code !== 'invalid_union' || !('errors' in issue)) return undefined;
    const meant = (issue.errors as { path: PropertyKey[]; message: string }[][])[isPortalForm(issue.input) ? 0 : 1] ?? [];
    return meant.map((inner) => (inner.path.length ? `${inner.path.map(String).join('.')}: ${inner.message}` : inner.message)).join('; ');
  },
});
export type AccountSearchRequest = z.output<typeof accountSearchRequestSchema>;
export const isPortalSearch = (request: AccountSearchRequest): request is z.output<typeof portalAccountSearchRequestSchema> => 'searchString' in request;

/** A stable icon key per account type; the portal maps it to an mdi icon. */
export const ACCOUNT_ICONS = ['reseller', 'company', 'department', 'user', 'product', 'vendor'] as const;
export type AccountIcon = (typeof ACCOUNT_ICONS)[number];
export const ACCOUNT_ICON_BY_TYPE: Record<AccountType, AccountIcon> = {
  Reseller: 'reseller',
  Company: 'company',
  Department: 'department',
  User: 'user',
  Product: 'product',
  Vendor: 'vendor',
};

/** spec §3 "Account search result: AccountId, DisplayName, AccountType, AccountState, Icon". */
export const accountSearchResultSchema = z.object({
  AccountId: z.number().int(),
  AccountType: z.enum(ACCOUNT_TYPES),
  DisplayName: z.string(),
  AccountState: z.enum(ACCOUNT_STATES),
  Icon: z.enum(ACCOUNT_ICONS),
  /** Only Product accounts (subscriptions) carry these; null for every other type. */
  ProductName: z.string().nullable(),
  ProductDisplayName: z.string().nullable(),
});
export type AccountSearchResult = z.infer<typeof accountSearchResultSchema>;

export const accountSearchResponseSchema = z.array(accountSearchResultSchema);
