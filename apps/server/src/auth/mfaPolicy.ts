import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { mfaMethods, mfaPolicies } from '../platform/db/schema';
import { pathIds, type AccountRow } from '../platform/session';

export type MfaPolicyRow = typeof mfaPolicies.$inferSelect;

/** Policies of the account itself and of its ancestors, nearest first. */
export async function policiesAbove(db: Queryable, account: Pick<AccountRow, 'path'>): Promise<MfaPolicyRow[]> {
  const ids = pathIds(account.path);
  if (!ids.length) return [];
  const rows = await db.select().from(mfaPolicies).where(inArray(mfaPolicies.accountId, ids));
  return rows.sort((a, b) => ids.indexOf(b.accountId) - ids.indexOf(a.accountId));
}

/**
 * spec §6 MFA enforcement: a policy applies to the users of its own account and, when it covers the
 * hierarchy, to every user below; excluded users are exempt from that policy.
 */
export async function isMfaEnforcedFor(db: Queryable, user: AccountRow, company: AccountRow): Promise<boolean> {
  const policies = await policiesAbove(db, user);
  return policies.some(
    (p) => p.isEnforced && !p.excludedUserIds.includes(user.id) && (p.appliesToHierarchy || p.accountId === company.id || p.accountId === user.parentId),
  );
}

/** Enforced for the user while no method is enabled yet. */
export async function mustSetupMfa(db: Queryable, user: AccountRow, company: AccountRow): Promise<boolean> {
  const [enabled] = await db
    .select({ id: mfaMethods.id })
    .from(mfaMethods)
    .where(and(eq(mfaMethods.userAccountId, user.id), eq(mfaMethods.isEnabled, true), eq(mfaMethods.isPending, false)))
    .limit(1);
  return !enabled && (await isMfaEnforcedFor(db, user, company));
}
