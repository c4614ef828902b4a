import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AccountType } from '@cmp/contracts/accounts';
import { accessDenied } from '../../platform/errors';
import type { Queryable } from '../../platform/db/database';
import { accounts } from '../../platform/db/schema';
import { loadAccount, memoized, pathIds, type AccountRow, type CallerSession } from '../../platform/session';
import { escapeLike } from '../../platform/db/likePattern';
import type { SearchScope } from '../accountSearchQuery';
import { searchScopes } from '../searchOperations';

/**
 * What the caller may see of the hierarchy, the same rule as the global search (DESIGN.md
 * "Access control"): accounts of the types the caller may read, each inside its scope (the company,
 * or the reseller for a HIERARCHY capability), plus the caller's own account, which every user reads.
 */
export interface Visibility {
  scopes: SearchScope[];
  callerAccountId: number;
  /** The caller's top visible account: the root of the tree when no targetRoot is named. */
  topPath: string;
}

export async function callerVisibility(db: Queryable, caller: CallerSession): Promise<Visibility> {
  const scopes = await memoized(caller, 'accountTree:scopes', () => searchScopes(db, caller, true));
  const topPath = [caller.companyAccount.path, ...scopes.map((scope) => scope.path)].reduce((top, path) => (path.length < top.length ? path : top));
  return { scopes, callerAccountId: caller.userAccount.id, topPath };
}

const typeList = (types: AccountType[]) => sql.join(types.map((type) => sql`${type}`), sql`, `);

/** A condition on the account aliased `alias`: true when the caller may see it. */
export function isVisibleSql(alias: string, visibility: Visibility, showTerminated: boolean): SQL {
  const a = sql.raw(alias);
  const inScope = visibility.scopes.map((scope) => sql`(${a}.path like ${`${escapeLike(scope.path)}%`} and ${a}.type in (${typeList(scope.types)}))`);
  const reachable = sql.join([...inScope, sql`${a}.id = ${visibility.callerAccountId}`], sql` or `);
  return showTerminated ? sql`(${reachable})` : sql`(${a}.state <> 'Terminated' and (${reachable}))`;
}

const isTopAccount = (account: AccountRow, visibility: Visibility) => account.path === visibility.topPath;

export const isVisible = (account: AccountRow, visibility: Visibility) =>
  isTopAccount(account, visibility) ||
  account.id === visibility.callerAccountId ||
  visibility.scopes.some((scope) => account.path.startsWith(scope.path) && scope.types.includes(account.type as AccountType));

/**
 * Loads an account the caller names as the root of a tree. The top of the caller's hierarchy is
 * always allowed (it is where the tree starts, even for a plain user who may not read companies);
 * missing, foreign and unreadable accounts answer the same 403, so nobody can probe for ids.
 */
export async function requireVisibleAccount(db: Queryable, accountId: number, visibility: Visibility): Promise<AccountRow> {
  const account = await loadAccount(db, accountId);
  if (!account || !account.path.startsWith(visibility.topPath) || !isVisible(account, visibility)) throw accessDenied();
  return account;
}

export async function loadTopAccount(db: Queryable, visibility: Visibility): Promise<AccountRow> {
  const topId = pathIds(visibility.topPath).at(-1)!;
  const account = await loadAccount(db, topId);
  if (!account) throw accessDenied();
  return account;
}

/** The accounts from the caller's top down to `account` (both included), for the breadcrumbs and the ancestors to expand. */
export async function visibleHierarchy(db: Queryable, account: AccountRow, visibility: Visibility): Promise<AccountRow[]> {
  const topId = pathIds(visibility.topPath).at(-1)!;
  const ids = pathIds(account.path);
  const below = ids.slice(Math.max(0, ids.indexOf(topId)));
  const rows = await db.select().from(accounts).where(inArray(accounts.id, below));
  return below.map((id) => rows.find((row) => row.id === id)).filter((row): row is AccountRow => row !== undefined);
}
