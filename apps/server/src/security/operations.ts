import { and, eq, inArray, like } from 'drizzle-orm';
import { okResponseSchema } from '@cmp/contracts/auth';
import { requirement } from '@cmp/contracts/capabilities';
import {
  getIpRestrictionsRequestSchema,
  getIpRestrictionsResponseSchema,
  getMfaPolicyRequestSchema,
  getMfaPolicyResponseSchema,
  saveIpRestrictionsRequestSchema,
  saveMfaPolicyRequestSchema,
} from '@cmp/contracts/identity';
import { accounts, ipRestrictions, mfaPolicies, users } from '../platform/db/schema';
import { auditAccountChange } from '../platform/audit';
import { ApiError } from '../platform/errors';
import { requireAccountInHierarchy } from '../platform/access';
import { defineOperation } from '../platform/operations';
import { loadAccount, pathIds } from '../platform/session';
import { policiesAbove } from '../auth/mfaPolicy';
import { normalizeIpList, parseIpList } from './ipRanges';

const IP_READ = requirement('IP_RESTRICTIONS', ['Read']);
const IP_WRITE = requirement('IP_RESTRICTIONS', ['Create']);
const MFA_POLICY_READ = requirement('ENFORCE_MFA', ['Read']);
const MFA_POLICY_WRITE = requirement('ENFORCE_MFA', ['Execute']);

const getIpRestrictions = defineOperation({
  service: 'IIpRestrictionService',
  operation: 'GetIpRestrictions',
  readOnly: true,
  summary: "An account's IP allow and deny lists, with the lists of the accounts above it that apply too.",
  request: getIpRestrictionsRequestSchema,
  response: getIpRestrictionsResponseSchema,
  rule: IP_READ,
  async handler(input, { db, caller, request }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId, IP_READ);
    const ancestorIds = pathIds(account.path).filter((id) => id !== account.id);
    const rows = await db
      .select({ accountId: ipRestrictions.accountId, allow: ipRestrictions.allowList, deny: ipRestrictions.denyList, name: accounts.displayName })
      .from(ipRestrictions)
      .innerJoin(accounts, eq(accounts.id, ipRestrictions.accountId))
      .where(inArray(ipRestrictions.accountId, [...ancestorIds, account.id]));
    const own = rows.find((r) => r.accountId === account.id);
    return {
      AccountId: account.id,
      Restrictions: { Allow: own?.allow ?? '', Deny: own?.deny ?? '' },
      Inherited: rows
        .filter((r) => r.accountId !== account.id && (r.allow || r.deny))
        .sort((a, b) => ancestorIds.indexOf(a.accountId) - ancestorIds.indexOf(b.accountId))
        .map((r) => ({ AccountId: r.accountId, DisplayName: r.name, Allow: r.allow, Deny: r.deny })),
      YourAddress: request.ip,
    };
  },
});

const saveIpRestrictions = defineOperation({
  service: 'IIpRestrictionService',
  operation: 'SaveIpRestrictions',
  summary: 'Saves the IP allow and deny lists of an account (comma separated IPv4, IPv6, CIDR or hyphen ranges).',
  request: saveIpRestrictionsRequestSchema,
  response: okResponseSchema,
  rule: IP_WRITE,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const account = await requireAccountInHierarchy(db, caller, input.accountId, IP_WRITE);
    const allow = parseIpList(input.restrictions.Allow);
    const deny = parseIpList(input.restrictions.Deny);
    if ('invalid' in allow) throw new ApiError(400, 'invalid_ip_range', { entry: `restrictions.Allow: ${allow.invalid}` });
    if ('invalid' in deny) throw new ApiError(400, 'invalid_ip_range', { entry: `restrictions.Deny: ${deny.invalid}` });
    const values = { allowList: normalizeIpList(allow.entries), denyList: normalizeIpList(deny.entries), updatedAt: new Date() };
    await db.transaction(async (tx) => {
      await tx.insert(ipRestrictions).values({ accountId: account.id, ...values }).onConflictDoUpdate({ target: ipRestrictions.accountId, set: values });
      await auditAccountChange(tx, ctx, 'IpRestrictionsSaved', account, { Allow: values.allowList, Deny: values.denyList });
    });
    return { Success: true };
  },
});

const getMfaPolicy = defineOperation({
  service: 'IAccountService',
  operation: 'GetMfaPolicy',
  readOnly: true,
  summary: "An account's MFA enforcement policy, the ancestor policy that applies to it, and its users (for exclusions).",
  request: getMfaPolicyRequestSchema,
  response: getMfaPolicyResponseSchema,
  rule: MFA_POLICY_READ,
  async handler(input, { db, caller }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId, MFA_POLICY_READ);
    const policies = await policiesAbove(db, account);
    const own = policies.find((p) => p.accountId === account.id);
    const inherited = policies.find((p) => p.accountId !== account.id && p.isEnforced && p.appliesToHierarchy);
    const inheritedAccount = inherited ? await loadAccount(db, inherited.accountId) : undefined;
    const people = await db
      .select({ id: accounts.id, name: accounts.displayName, username: users.username })
      .from(accounts)
      .innerJoin(users, eq(users.accountId, accounts.id))
      .where(and(like(accounts.path, `${account.path}%`), eq(accounts.type, 'User')))
      .orderBy(accounts.displayName)
      .limit(1000);
    return {
      Policy: {
        AccountId: account.id,
        IsEnforced: own?.isEnforced ?? false,
        AppliesToHierarchy: own?.appliesToHierarchy ?? true,
        ExcludedUserIds: own?.excludedUserIds ?? [],
        RestrictChildAccounts: own?.restrictChildAccounts ?? false,
      },
      InheritedFrom: inherited && inheritedAccount ? { AccountId: inheritedAccount.id, DisplayName: inheritedAccount.displayName, RestrictChildAccounts: inherited.restrictChildAccounts } : null,
      Users: people.map((p) => ({ AccountId: p.id, DisplayName: p.name, Username: p.username })),
    };
  },
});

const saveMfaPolicy = defineOperation({
  service: 'IAccountService',
  operation: 'SaveMfaPolicy',
  summary: 'Saves the MFA enforcement policy of an account (ENFORCE_MFA Execute); an ancestor that restricts child accounts cannot be loosened.',
  request: saveMfaPolicyRequestSchema,
  response: okResponseSchema,
  rule: MFA_POLICY_WRITE,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const policy = input.companyMFAPolicy;
    const account = await requireAccountInHierarchy(db, caller, policy.AccountId, MFA_POLICY_WRITE);
    const restricting = (await policiesAbove(db, account)).find((p) => p.accountId !== account.id && p.isEnforced && p.appliesToHierarchy && p.restrictChildAccounts);
    if (restricting && policy.ExcludedUserIds.length > 0) {
      const [owner] = await db.select({ name: accounts.displayName }).from(accounts).where(eq(accounts.id, restricting.accountId));
      throw new ApiError(400, 'mfa_policy_restricted', { account: owner?.name ?? String(restricting.accountId) });
    }
    const excluded = policy.ExcludedUserIds.length
      ? (await db.select({ id: accounts.id }).from(accounts).where(and(inArray(accounts.id, policy.ExcludedUserIds), like(accounts.path, `${account.path}%`), eq(accounts.type, 'User')))).map((r) => r.id)
      : [];
    if (excluded.length !== new Set(policy.ExcludedUserIds).size) throw new ApiError(400, 'invalid_request', { detail: 'companyMFAPolicy.ExcludedUserIds: only users of this account can be excluded' });
    const values = { isEnforced: policy.IsEnforced, appliesToHierarchy: policy.AppliesToHierarchy, excludedUserIds: excluded, restrictChildAccounts: policy.RestrictChildAccounts, updatedAt: new Date() };
    await db.transaction(async (tx) => {
      await tx.insert(mfaPolicies).values({ accountId: account.id, ...values }).onConflictDoUpdate({ target: mfaPolicies.accountId, set: values });
      await auditAccountChange(tx, ctx, 'MfaPolicySaved', account, { ...policy });
    });
    return { Success: true };
  },
});

export const securityOperations = [getIpRestrictions, saveIpRestrictions, getMfaPolicy, saveMfaPolicy];
