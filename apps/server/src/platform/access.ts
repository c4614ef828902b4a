import { and, eq, inArray } from 'drizzle-orm';
import { matchingCapabilities, type CapabilityRequirement } from '@cmp/contracts/capabilities';
import type { Queryable } from './db/database';
import { accounts } from './db/schema';
import { accessDenied } from './errors';
import { pathIds, type AccountRow, type CallerSession } from './session';

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

/**
 * Loads an account the caller names and proves it lies in the caller's hierarchy. A missing and a
 * foreign account fail alike with 403, so the answer never tells whether a foreign id exists.
 */
export async function requireAccountInHierarchy(
  db: Queryable,
  caller: CallerSession,
  accountId: number,
  req?: CapabilityRequirement,
): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account || !isInScope(account, await callerScopePath(db, caller, req))) throw accessDenied();
  return account;
}
