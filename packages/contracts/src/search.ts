import { z } from 'zod';
import { ACCOUNT_STATES, ACCOUNT_TYPES, type AccountType } from './accounts';

// spec §5 "Search needs a minimum number of characters before results show"; the server answers
// an empty list below it, so portal and integrations see the same rule.
export const ACCOUNT_SEARCH_MIN_LENGTH = 3;
/** The most matches one search answers; the portal pages through them ("Load more results"). */
export const ACCOUNT_SEARCH_LIMIT = 50;
/** Longer texts are refused (400): no display name is that long, and the pattern stays cheap. */
export const ACCOUNT_SEARCH_MAX_LENGTH = 200;

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

/** `IAccountService/Search`: today the portal form only; becomes `z.union([portal, integration])`. */
export const accountSearchRequestSchema = portalAccountSearchRequestSchema;

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
