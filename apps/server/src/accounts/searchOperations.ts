import { ACCOUNT_CAPABILITY, ACCOUNT_TYPES, type AccountState, type AccountType } from '@cmp/contracts/accounts';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import {
  ACCOUNT_ICON_BY_TYPE,
  ACCOUNT_SEARCH_LIMIT,
  ACCOUNT_SEARCH_MIN_LENGTH,
  accountSearchRequestSchema,
  accountSearchResponseSchema,
  isPortalSearch,
  type AccountSearchResult,
  type IntegrationAccountSearchRequest,
} from '@cmp/contracts/search';
import type { Queryable } from '../platform/db/database';
import { callerScopePath } from '../platform/access';
import { defineOperation } from '../platform/operations';
import type { CallerSession } from '../platform/session';
import { requireAccountFor } from './accountAccess';
import { accountSearchContainsQuery, accountSearchPrefixQuery, integrationSearchQuery, searchableViewNames, type AccountSearchRow, type SearchScope } from './accountSearchQuery';

/**
 * Where the caller may find each account type: every signed-in user may search, but only among the
 * types they may read, each inside its hierarchy (the company's, or the reseller's when the read
 * capability carries HIERARCHY). A caller with just USER_ACCOUNT Read finds the users of their company;
 * a plain user, who reads only their own account (contracts `mayReadAccount`), finds only that one (issue 10).
 */
export async function searchScopes(db: Queryable, caller: CallerSession, includeDepartment: boolean): Promise<SearchScope[]> {
  const byPath = new Map<string, AccountType[]>();
  for (const type of ACCOUNT_TYPES) {
    if (type === 'Department' && !includeDepartment) continue;
    const read = requirement(ACCOUNT_CAPABILITY[type], ['Read']);
    if (!isAllowed(caller.capabilities, read)) continue;
    const path = await callerScopePath(db, caller, read);
    byPath.set(path, [...(byPath.get(path) ?? []), type]);
  }
  // A user has no accounts below, so the own account's path is a scope holding just that account.
  if (!isAllowed(caller.capabilities, requirement(ACCOUNT_CAPABILITY.User, ['Read']))) byPath.set(caller.userAccount.path, ['User']);
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
    // Issue 6 "for Product accounts ProductName and ProductDisplayName are strings".
    ProductName: isProduct ? (row.product_name ?? '') : null,
    ProductDisplayName: isProduct ? (row.product_display_name ?? row.product_name ?? '') : null,
  };
};

const search = defineOperation({
  service: 'IAccountService',
  operation: 'Search',
  readOnly: true,
  summary:
    "Two forms, both only within the caller's hierarchy. Portal form {searchString, includeDepartment}: accounts whose display name contains the text " +
    '(or users whose username starts with it), exact and prefix matches first, at most 50, terminated accounts included; texts shorter than 3 characters ' +
    'after trimming answer an empty list. Integration form {parentAccountId, accountType, displayName: {Value}, searchField?: {Name, Value}}: accounts of ' +
    'that type below parentAccountId whose name contains displayName.Value (case-insensitive) and, with searchField, holding exactly that value under ' +
    'that field name in one of their views; by name, at most 500. A parentAccountId outside the hierarchy or missing answers 403.',
  request: accountSearchRequestSchema,
  response: accountSearchResponseSchema,
  async handler(input, { db, caller }) {
    if (!isPortalSearch(input)) return integrationSearch(db, caller, input);
    // spec §5: the text is trimmed and needs a minimum length before anything is searched.
    const text = input.searchString.trim();
    if ([...text].length < ACCOUNT_SEARCH_MIN_LENGTH) return [];
    const scopes = await searchScopes(db, caller, input.includeDepartment);
    if (scopes.length === 0) return [];
    // Exact and prefix matches first; names containing the text fill up what is left.
    const rows = ((await db.execute(accountSearchPrefixQuery(text, scopes))) as unknown as { rows: AccountSearchRow[] }).rows;
    if (rows.length < ACCOUNT_SEARCH_LIMIT) {
      const contains = accountSearchContainsQuery(text, scopes, rows.map((row) => row.id), ACCOUNT_SEARCH_LIMIT - rows.length);
      rows.push(...((await db.execute(contains)) as unknown as { rows: AccountSearchRow[] }).rows);
    }
    return rows.map(toSearchResult);
  },
});

async function integrationSearch(db: Queryable, caller: CallerSession, input: IntegrationAccountSearchRequest): Promise<AccountSearchResult[]> {
  const parent = await requireAccountFor(db, caller, input.parentAccountId, 'Read');
  const scopes = (await searchScopes(db, caller, true))
    .map((scope) => ({ ...scope, types: scope.types.filter((type) => type === input.accountType) }))
    .filter((scope) => scope.types.length > 0);
  if (scopes.length === 0) return [];
  const viewNames = input.searchField ? await searchableViewNames(db) : [];
  const query = integrationSearchQuery(parent.path, input.accountType, input.displayName.Value.trim(), input.searchField, scopes, viewNames);
  const result = (await db.execute(query)) as unknown as { rows: AccountSearchRow[] };
  return result.rows.map(toSearchResult);
}

export const searchOperations = [search];
