import { ACCOUNT_TYPES, type AccountState, type AccountType } from '@cmp/contracts/accounts';
import { isAllowed, requirement, type CapabilityObjectType } from '@cmp/contracts/capabilities';
import {
  ACCOUNT_ICON_BY_TYPE,
  ACCOUNT_SEARCH_MIN_LENGTH,
  accountSearchRequestSchema,
  accountSearchResponseSchema,
  type AccountSearchResult,
} from '@cmp/contracts/search';
import type { Queryable } from '../platform/db/database';
import { callerScopePath } from '../platform/access';
import { defineOperation } from '../platform/operations';
import type { CallerSession } from '../platform/session';
import { accountSearchQuery, type AccountSearchRow, type SearchScope } from './accountSearchQuery';

/** The capability that lets a caller read (and so find) accounts of each type. */
const READ_CAPABILITY_BY_TYPE: Record<AccountType, CapabilityObjectType> = {
  Reseller: 'RESELLER_ACCOUNT',
  Company: 'COMPANY_ACCOUNT',
  Department: 'DEPARTMENT_ACCOUNT',
  User: 'USER_ACCOUNT',
  Product: 'PRODUCT_ACCOUNT',
  Vendor: 'VENDOR_ACCOUNT',
};

/**
 * Where the caller may find each account type: every signed-in user may search, but only among the
 * types they may read, each inside its hierarchy (the company's, or the reseller's when the read
 * capability carries HIERARCHY). A plain user with just USER_ACCOUNT Read finds users of their company.
 */
export async function searchScopes(db: Queryable, caller: CallerSession, includeDepartment: boolean): Promise<SearchScope[]> {
  const byPath = new Map<string, AccountType[]>();
  for (const type of ACCOUNT_TYPES) {
    if (type === 'Department' && !includeDepartment) continue;
    const read = requirement(READ_CAPABILITY_BY_TYPE[type], ['Read']);
    if (!isAllowed(caller.capabilities, read)) continue;
    const path = await callerScopePath(db, caller, read);
    byPath.set(path, [...(byPath.get(path) ?? []), type]);
  }
  return [...byPath].map(([path, types]) => ({ path, types }));
}

export const toSearchResult = (row: AccountSearchRow): AccountSearchResult => {
  const type = row.type as AccountType;
  const isProduct = type === 'Product';
  return {
    AccountId: row.id,
    AccountType: type,
    DisplayName: row.display_name,
    AccountState: row.state as AccountState,
    Icon: ACCOUNT_ICON_BY_TYPE[type],
    ProductName: isProduct ? row.product_name : null,
    ProductDisplayName: isProduct ? row.product_display_name : null,
  };
};

const search = defineOperation({
  service: 'IAccountService',
  operation: 'Search',
  readOnly: true,
  summary:
    "Global account search: accounts in the caller's hierarchy whose display name contains the text (or users whose username starts with it), " +
    'exact and prefix matches first, at most 50; terminated accounts included. Texts shorter than 3 characters after trimming answer an empty list.',
  request: accountSearchRequestSchema,
  response: accountSearchResponseSchema,
  async handler({ searchString, includeDepartment }, { db, caller }) {
    // spec §5: the text is trimmed and needs a minimum length before anything is searched.
    const text = searchString.trim();
    if ([...text].length < ACCOUNT_SEARCH_MIN_LENGTH) return [];
    const scopes = await searchScopes(db, caller, includeDepartment);
    if (scopes.length === 0) return [];
    const result = (await db.execute(accountSearchQuery(text, scopes))) as unknown as { rows: AccountSearchRow[] };
    return result.rows.map(toSearchResult);
  },
});

export const searchOperations = [search];
