import { ACCOUNT_CAPABILITY, type AccountType } from '@cmp/contracts/accounts';
import { isAllowed, requirement, type CapabilityFlag } from '@cmp/contracts/capabilities';
import { requireAccountInHierarchy } from '../platform/access';
import type { Queryable } from '../platform/db/database';
import { ApiError, accessDenied } from '../platform/errors';
import type { AccountRow, CallerSession } from '../platform/session';

/** The capability that governs an account of this type, with the flag an action needs. */
export const accountRequirement = (type: AccountType | string, flag: CapabilityFlag) => requirement(ACCOUNT_CAPABILITY[type as AccountType] ?? 'ADMINISTRATIVE', [flag]);

/**
 * Loads an account the caller names for an action on it: it must lie in the caller's hierarchy, be
 * readable by the caller (a user always reads their own account) and the caller needs the flag on
 * that account type's capability (COMPANY_ACCOUNT Create to change a company …). Missing, foreign
 * and forbidden all answer the same 403 (DESIGN.md), so nobody can probe for ids.
 */
export async function requireAccountFor(db: Queryable, caller: CallerSession, accountId: number, flag: CapabilityFlag): Promise<AccountRow> {
  const account = await requireAccountInHierarchy(db, caller, accountId);
  if (flag !== 'Read' && !isAllowed(caller.capabilities, accountRequirement(account.type, flag))) throw accessDenied();
  return account;
}

/** spec §4 "a terminated account and its subtree become read-only". */
export function assertAccountWritable(account: Pick<AccountRow, 'state' | 'displayName'>): void {
  if (account.state === 'Terminated') throw new ApiError(409, 'account_terminated', { name: account.displayName });
}
