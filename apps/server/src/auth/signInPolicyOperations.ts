import { okResponseSchema } from '@cmp/contracts/auth';
import { requirement } from '@cmp/contracts/capabilities';
import { getSignInPolicyRequestSchema, getSignInPolicyResponseSchema, saveSignInPolicyRequestSchema } from '@cmp/contracts/identity';
import { passwordPolicies } from '../platform/db/schema';
import { auditAccountChange } from '../platform/audit';
import { accessDenied } from '../platform/errors';
import { requireAccountInHierarchy } from '../platform/access';
import { defineOperation } from '../platform/operations';
import { loadAccount } from '../platform/session';
import { lockoutForAccountPath, nearestSignInPolicy, policyForAccountPath, type StoredSignInPolicy } from './passwordService';

const POLICY_READ = requirement('PASSWORD_POLICY', ['Read']);
const POLICY_WRITE = requirement('PASSWORD_POLICY', ['Execute']);
// Owners are the accounts that own users and roles: companies, resellers and vendors.
const OWNER_TYPES = ['Company', 'Reseller', 'Vendor'];

const getSignInPolicy = defineOperation({
  service: 'IAccountService',
  operation: 'GetSignInPolicy',
  summary: "An owner's password rules and lockout settings, its own or inherited from the nearest owner above.",
  request: getSignInPolicyRequestSchema,
  response: getSignInPolicyResponseSchema,
  rule: POLICY_READ,
  readOnly: true,
  async handler(input, { db, caller }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId, POLICY_READ);
    const nearest = await nearestSignInPolicy(db, account.path);
    const inherited = nearest && nearest.ownerAccountId !== account.id ? await loadAccount(db, nearest.ownerAccountId) : undefined;
    return {
      AccountId: account.id,
      IsOwnPolicy: nearest?.ownerAccountId === account.id,
      InheritedFrom: inherited ? { AccountId: inherited.id, DisplayName: inherited.displayName } : null,
      PasswordPolicy: await policyForAccountPath(db, account.path),
      Lockout: await lockoutForAccountPath(db, account.path).then(({ maxFailures, waitIncrementSeconds, maxWaitSeconds, failureResetHours }) => ({ maxFailures, waitIncrementSeconds, maxWaitSeconds, failureResetHours })),
    };
  },
});

const saveSignInPolicy = defineOperation({
  service: 'IAccountService',
  operation: 'SaveSignInPolicy',
  summary: "Saves an owner's password rules and lockout settings; they apply to every user below it that has no nearer owner policy.",
  request: saveSignInPolicyRequestSchema,
  response: okResponseSchema,
  rule: POLICY_WRITE,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const account = await requireAccountInHierarchy(db, caller, input.accountId, POLICY_WRITE);
    if (!OWNER_TYPES.includes(account.type)) throw accessDenied();
    const policy: StoredSignInPolicy = { password: input.passwordPolicy, lockout: input.lockout };
    await db.transaction(async (tx) => {
      await tx
        .insert(passwordPolicies)
        .values({ ownerAccountId: account.id, policy: policy as Record<string, unknown> })
        .onConflictDoUpdate({ target: passwordPolicies.ownerAccountId, set: { policy: policy as Record<string, unknown>, updatedAt: new Date() } });
      await auditAccountChange(tx, ctx, 'SignInPolicySaved', account, { ...policy });
    });
    return { Success: true };
  },
});

export const signInPolicyOperations = [getSignInPolicy, saveSignInPolicy];
