import { desc, eq, inArray } from 'drizzle-orm';
import type { PasswordRule } from '@cmp/contracts/identity';
import type { Queryable } from '../platform/db/database';
import { passwordHistory, passwordPolicies, users } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { translateMessage } from '../platform/i18n/messages';
import type { Locale } from '@cmp/contracts/locales';
import { findCompanyAccount, loadAccount, pathIds, type UserRow } from '../platform/session';
import { DEFAULT_PASSWORD_POLICY, unmetPasswordRules, type PasswordPolicy } from './passwordPolicy';
import { DEFAULT_BRUTE_FORCE, type BruteForceSettings } from './bruteForce';
import { hashPassword, verifyPassword } from './passwords';

/** What an owner stores in password_policies.policy: its password rules and its lockout settings. */
export interface StoredSignInPolicy {
  password?: Partial<PasswordPolicy>;
  lockout?: Partial<BruteForceSettings>;
}

/** The nearest owner above (or at) the path that has its own sign-in policy, if any. */
export async function nearestSignInPolicy(db: Queryable, path: string): Promise<{ ownerAccountId: number; policy: StoredSignInPolicy } | undefined> {
  const ids = pathIds(path);
  if (!ids.length) return undefined;
  const rows = await db.select().from(passwordPolicies).where(inArray(passwordPolicies.ownerAccountId, ids));
  const nearest = rows.sort((a, b) => ids.indexOf(b.ownerAccountId) - ids.indexOf(a.ownerAccountId))[0];
  return nearest ? { ownerAccountId: nearest.ownerAccountId, policy: nearest.policy as StoredSignInPolicy } : undefined;
}

/** The nearest owner's password rules above the user, merged over the defaults of spec §5. */
export async function policyForAccountPath(db: Queryable, path: string): Promise<PasswordPolicy> {
  return { ...DEFAULT_PASSWORD_POLICY, ...(await nearestSignInPolicy(db, path))?.policy.password };
}

/** The nearest owner's lockout settings, merged over Keycloak-like defaults (identity issue). */
export async function lockoutForAccountPath(db: Queryable, path: string): Promise<BruteForceSettings> {
  return { ...DEFAULT_BRUTE_FORCE, ...(await nearestSignInPolicy(db, path))?.policy.lockout };
}

/** The rules a new password of this user breaks: spec §5 with the user's names and history. */
export async function unmetRulesForUser(db: Queryable, user: UserRow, password: string): Promise<{ unmet: PasswordRule[]; policy: PasswordPolicy }> {
  const account = await loadAccount(db, user.accountId);
  const company = account ? await findCompanyAccount(db, account) : undefined;
  const policy = await policyForAccountPath(db, account?.path ?? '');
  const unmet = await unmetPasswordRules(password, {
    policy,
    personalNames: [company?.displayName, user.firstName, user.lastName],
    isInHistory: async (candidate) => {
      const history = await db
        .select({ hash: passwordHistory.passwordHash })
        .from(passwordHistory)
        .where(eq(passwordHistory.userAccountId, user.accountId))
        .orderBy(desc(passwordHistory.id))
        .limit(Math.max(policy.historyCount - 1, 0));
      const hashes = [user.passwordHash, ...history.map((h) => h.hash)].filter((h): h is string => !!h);
      for (const hash of new Set(hashes)) if (await verifyPassword(hash, candidate)) return true;
      return false;
    },
  });
  return { unmet, policy };
}

export function passwordRulesError(locale: Locale, unmet: PasswordRule[], policy: PasswordPolicy): ApiError {
  const rules = unmet.map((rule) => translateMessage(locale, `rule_${rule}`, { count: String(policy.minLength), history: String(policy.historyCount) })).join('; ');
  return new ApiError(400, 'password_rules', { rules });
}

/** Stores a new password; the one it replaces goes into the history for the "last 10" rule. */
export async function setPassword(db: Queryable, userAccountId: number, password: string): Promise<void> {
  const [current] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.accountId, userAccountId)).limit(1);
  if (current?.hash) await db.insert(passwordHistory).values({ userAccountId, passwordHash: current.hash });
  await db.update(users).set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date() }).where(eq(users.accountId, userAccountId));
}
