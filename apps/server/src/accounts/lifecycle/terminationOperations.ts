import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  cancelScheduledTerminationRequestSchema,
  getTerminationPreviewRequestSchema,
  getTerminationPreviewResponseSchema,
  listScheduledTerminationsRequestSchema,
  listScheduledTerminationsResponseSchema,
  terminateAccountRequestSchema,
  terminateAccountsRequestSchema,
  terminateAccountsResponseSchema,
} from '@cmp/contracts/accountLifecycle';
import { ACCOUNT_TYPES, type AccountState, type AccountType } from '@cmp/contracts/accounts';
import { okResponseSchema } from '@cmp/contracts/auth';
import { isAllowed } from '@cmp/contracts/capabilities';
import { callerScopePath, isInScope, requireAccountInHierarchy } from '../../platform/access';
import { auditAccountChange } from '../../platform/audit';
import { accountTerminations, accounts } from '../../platform/db/schema';
import { ApiError } from '../../platform/errors';
import { defineOperation } from '../../platform/operations';
import { loadAccount, pathIds } from '../../platform/session';
import { escapeLike } from '../../platform/db/likePattern';
import { accountRequirement, requireAccountFor } from '../accountAccess';
import { mayTerminate, requireTerminableAccount, terminateAccounts } from './terminateAccounts';
import { findScheduledTermination, subtreeFacts } from './terminationStore';

const terminateAccount = defineOperation({
  service: 'IAccountService',
  operation: 'TerminateAccount',
  summary:
    "Partners' integration call (a public contract): terminates an account and its subtree now (terminationDate null) or schedules it; terminatorId is the user recorded as requester and must lie in the caller's hierarchy. Prepaid subscriptions stop renewing; a lock period beyond the date refuses it.",
  request: terminateAccountRequestSchema,
  response: z.null(),
  async handler(input, ctx) {
    // The account first: a foreign id answers like a missing one whatever terminatorId says.
    await requireTerminableAccount(ctx.db, ctx.caller, input.accountId);
    const requester = input.terminatorId ?? ctx.caller.userAccount.id;
    const terminator = await loadAccount(ctx.db, requester);
    const scopePath = await callerScopePath(ctx.db, ctx.caller);
    if (!terminator || terminator.type !== 'User' || !isInScope(terminator, scopePath)) {
      throw new ApiError(400, 'field_invalid_value', { field: 'terminatorId', value: String(requester) });
    }
    await terminateAccounts(ctx, {
      accountIds: [input.accountId],
      terminateAt: input.terminationDate ? new Date(input.terminationDate) : null,
      reason: input.terminationReason?.trim() ?? '',
      sendToSdp: input.sendToSdp,
      requestedByAccountId: terminator.id,
      autoRenewAcknowledgement: 'not-asked',
    });
    return null;
  },
});

const terminateAccountsOperation = defineOperation({
  service: 'IAccountService',
  operation: 'TerminateAccounts',
  summary:
    "The portal's termination of one or many accounts in one transaction, now or at a future date-time (spec §4, §5): a reason, the irreversible acknowledgement and, when prepaid subscriptions are involved, the auto-renew acknowledgement are required.",
  request: terminateAccountsRequestSchema,
  response: terminateAccountsResponseSchema,
  async handler(input, ctx) {
    const reason = input.reason.trim();
    if (!reason) throw new ApiError(400, 'termination_reason_required');
    if (!input.isIrreversibleAcknowledged) throw new ApiError(400, 'termination_acknowledgement_required');
    const outcomes = await terminateAccounts(ctx, {
      accountIds: input.accountIds,
      terminateAt: input.terminationDate ? new Date(input.terminationDate) : null,
      reason,
      sendToSdp: input.sendToSdp,
      requestedByAccountId: ctx.caller.userAccount.id,
      autoRenewAcknowledgement: input.isAutoRenewAcknowledged,
    });
    return {
      Terminations: outcomes.map((o) => ({
        TerminationId: o.terminationId,
        AccountId: o.account.id,
        AccountType: o.account.type as AccountType,
        DisplayName: o.account.displayName,
        Status: o.status,
        TerminateAt: o.terminateAt.toISOString(),
      })),
    };
  },
});

const getTerminationPreview = defineOperation({
  service: 'IAccountService',
  operation: 'GetTerminationPreview',
  readOnly: true,
  summary:
    'What terminating these accounts would touch: the subtree size, prepaid subscriptions (auto-renew goes to Terminate), subscriptions locked beyond the date, a termination already scheduled, and whether the caller may terminate (Read and Delete).',
  request: getTerminationPreviewRequestSchema,
  response: getTerminationPreviewResponseSchema,
  async handler(input, { db, caller }) {
    const terminateAt = input.terminationDate ? new Date(input.terminationDate) : new Date();
    const previews = [];
    for (const accountId of new Set(input.accountIds)) {
      const account = await requireAccountInHierarchy(db, caller, accountId);
      const isPermitted = mayTerminate(caller, account.type);
      // An account the caller may read but not delete shows its name only (spec §5: the form is disabled).
      const facts = isPermitted ? await subtreeFacts(db, account, terminateAt) : { subtreeSize: 0, prepaid: [], locked: [] };
      const scheduled = isPermitted ? await findScheduledTermination(db, account.id) : undefined;
      previews.push({
        AccountId: account.id,
        AccountType: account.type as AccountType,
        DisplayName: account.displayName,
        AccountState: account.state as AccountState,
        SubtreeSize: facts.subtreeSize,
        MayTerminate: isPermitted,
        PrepaidSubscriptions: facts.prepaid.map((s) => ({ AccountId: s.accountId, DisplayName: s.displayName, ProductName: s.productName, AutoRenew: s.autoRenew })),
        LockedSubscriptions: facts.locked.map((s) => ({
          AccountId: s.accountId,
          DisplayName: s.displayName,
          ProductName: s.productName,
          LockPeriodEndDate: s.lockPeriodEndDate!.toISOString(),
        })),
        ScheduledTermination: scheduled ? { TerminationId: scheduled.id, TerminateAt: scheduled.terminateAt.toISOString(), Reason: scheduled.reason } : null,
      });
    }
    return { Accounts: previews };
  },
});

const cancelScheduledTermination = defineOperation({
  service: 'IAccountService',
  operation: 'CancelScheduledTermination',
  summary: "Cancels an account's scheduled termination (spec §4); needs the same Read and Delete permission as terminating it.",
  request: cancelScheduledTerminationRequestSchema,
  response: okResponseSchema,
  async handler(input, ctx) {
    const { caller } = ctx;
    await ctx.db.transaction(async (tx) => {
      const account = await requireTerminableAccount(tx, caller, input.accountId);
      const [cancelled] = await tx
        .update(accountTerminations)
        .set({ status: 'Cancelled', cancelledByAccountId: caller.userAccount.id, cancelledAt: new Date() })
        .where(and(eq(accountTerminations.accountId, account.id), eq(accountTerminations.status, 'Scheduled')))
        .returning();
      if (!cancelled) throw new ApiError(409, 'termination_not_scheduled', { name: account.displayName });
      await auditAccountChange(tx, ctx, 'TerminationCancelled', account, { TerminateAt: cancelled.terminateAt.toISOString(), Reason: cancelled.reason });
    });
    return { Success: true };
  },
});

const listScheduledTerminations = defineOperation({
  service: 'IAccountService',
  operation: 'ListScheduledTerminations',
  readOnly: true,
  summary:
    "Scheduled terminations in the caller's hierarchy, soonest first, of accounts the caller may read. With accountId, those that concern that " +
    'account (its own and those of the accounts above it, which take it along), as the account page shows them; an account the caller may not read answers 403.',
  request: listScheduledTerminationsRequestSchema,
  response: listScheduledTerminationsResponseSchema,
  async handler(input, { db, caller }) {
    const concerned = input.accountId ? await requireAccountFor(db, caller, input.accountId, 'Read') : undefined;
    const readableTypes = ACCOUNT_TYPES.filter((type) => isAllowed(caller.capabilities, accountRequirement(type, 'Read')));
    const isOwnAccount = eq(accounts.id, caller.userAccount.id);
    const scopePath = await callerScopePath(db, caller);
    const requester = alias(accounts, 'requester');
    const where = and(
      eq(accountTerminations.status, 'Scheduled'),
      like(accounts.path, `${escapeLike(scopePath)}%`),
      readableTypes.length ? or(inArray(accounts.type, readableTypes), isOwnAccount) : isOwnAccount,
      concerned ? inArray(accounts.id, pathIds(concerned.path)) : undefined,
    );
    const rows = await db
      .select({ termination: accountTerminations, account: accounts, requesterName: requester.displayName })
      .from(accountTerminations)
      .innerJoin(accounts, eq(accounts.id, accountTerminations.accountId))
      .leftJoin(requester, eq(requester.id, accountTerminations.requestedByAccountId))
      .where(where)
      .orderBy(asc(accountTerminations.terminateAt), asc(accountTerminations.id))
      .limit(input.pageSize)
      .offset(input.page * input.pageSize);
    const [total] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(accountTerminations)
      .innerJoin(accounts, eq(accounts.id, accountTerminations.accountId))
      .where(where);
    return {
      Items: rows.map(({ termination, account, requesterName }) => ({
        TerminationId: termination.id,
        AccountId: account.id,
        AccountType: account.type as AccountType,
        DisplayName: account.displayName,
        TerminateAt: termination.terminateAt.toISOString(),
        Reason: termination.reason,
        RequestedByDisplayName: requesterName,
        RequestedAt: termination.requestedAt.toISOString(),
      })),
      TotalCount: total?.count ?? 0,
    };
  },
});

export const terminationOperations = [terminateAccount, terminateAccountsOperation, getTerminationPreview, cancelScheduledTermination, listScheduledTerminations];
