import { and, eq, inArray } from 'drizzle-orm';
import { mayReadAccount } from '@cmp/contracts/accountAccess';
import type { AccountType } from '@cmp/contracts/accounts';
import { matchingCapabilities, type CapabilityRequirement } from '@cmp/contracts/capabilities';
import type { Queryable } from './db/database';
import { accounts } from './db/schema';
import { accessDenied } from './errors';
import { loadAccount, pathIds, type AccountRow, type CallerSession } from './session';

/**
 * The path every account the caller may touch starts with (DESIGN.md "Access control"): the
 * caller's company, or its reseller's when the capability in use carries the HIERARCHY value.
 */
export async function callerScopePath(db: Queryable, caller: CallerSession, req?: CapabilityRequirement): Promise<string> {
  const usesHierarchy = req ? matchingCapabilities(caller.capabilities, req).some((c) => c.Value === 'HIERARCHY') : false;
  if (!usesHierarchy || caller.companyAccount.type === 'Reseller') return caller.companyAccount.path;
  const ids = pathIds(caller.companyAccount.path);
  const resellers = await db
    .select({ path: accounts.path })
    .from(accounts)
    .where(and(inArray(accounts.id, ids), eq(accounts.type, 'Reseller')));
  const nearest = resellers.sort((a, b) => b.path.length - a.path.length)[0];
  return nearest?.path ?? caller.companyAccount.path;
}

export const isInScope = (account: Pick<AccountRow, 'path'>, scopePath: string) => account.path.startsWith(scopePath);

/** Read on the account's type capability, or the caller's own user account (contracts `mayReadAccount`). */
export const isReadableBy = (caller: CallerSession, account: Pick<AccountRow, 'id' | 'type'>) =>
  mayReadAccount(caller.capabilities, { id: account.id, type: account.type as AccountType }, caller.userAccount.id);

/**
 * Loads an account the caller names and proves the caller may see it: it lies in the caller's
 * hierarchy and the caller may read it (issue 10: whatever an operation does with an account — its
 * audit log, its MFA methods, its termination — it never shows more than the caller could read of
 * it). A missing, a foreign and an unreadable account fail alike with 403, so the answer never
 * tells whether a foreign id exists.
 */
export async function requireAccountInHierarchy(
  db: Queryable,
  caller: CallerSession,
  accountId: number,
  req?: CapabilityRequirement,
): Promise<AccountRow> {
  const account = await loadAccount(db, accountId);
  if (!account || !isInScope(account, await callerScopePath(db, caller, req)) || !isReadableBy(caller, account)) throw accessDenied();
  return account;
}
