import { and, asc, eq, ilike, inArray, like, ne, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  getPossibleParentsRequestSchema,
  getPossibleParentsResponseSchema,
  moveAccountRequestSchema,
  moveAccountResponseSchema,
} from '@cmp/contracts/accountLifecycle';
import type { AccountState, AccountType } from '@cmp/contracts/accounts';
import { callerScopePath, requireAccountInHierarchy } from '../../platform/access';
import { requestMeta, writeAudit } from '../../platform/audit';
import { accounts } from '../../platform/db/schema';
import { defineOperation } from '../../platform/operations';
import { loadAccount } from '../../platform/session';
import { escapeLike } from '../../platform/db/likePattern';
import { MOVE_RULE, allowedParentTypes, assertValidMove, lockAccounts, rewriteSubtreePath } from './moveRules';

const moveAccount = defineOperation({
  service: 'IAccountService',
  operation: 'MoveAccount',
  summary:
    'Moves an account with its whole subtree under a new parent of an allowed type (ACCOUNT_MOVE Execute; both accounts in the caller\'s hierarchy; not under itself; not terminated). One transaction with its AccountMoved audit entry.',
  request: moveAccountRequestSchema,
  response: moveAccountResponseSchema,
  rule: MOVE_RULE,
  async handler(input, ctx) {
    const { caller } = ctx;
    return ctx.db.transaction(async (tx) => {
      await lockAccounts(tx, [input.sourceAccountId, input.newParentAccountId]);
      const source = await requireAccountInHierarchy(tx, caller, input.sourceAccountId, MOVE_RULE);
      const parent = await requireAccountInHierarchy(tx, caller, input.newParentAccountId, MOVE_RULE);
      await assertValidMove(tx, source, parent);
      const formerParent = source.parentId ? await loadAccount(tx, source.parentId) : undefined;
      const moved = await rewriteSubtreePath(tx, source, parent);
      await writeAudit(
        tx,
        caller,
        {
          action: 'AccountMoved',
          accountId: source.id,
          accountPath: moved.path,
          details: {
            FromParentAccountId: source.parentId,
            FromParentDisplayName: formerParent?.displayName ?? null,
            ToParentAccountId: parent.id,
            ToParentDisplayName: parent.displayName,
            MovedAccountCount: moved.count,
          },
        },
        requestMeta(ctx.request),
      );
      return { AccountId: source.id, ParentAccountId: parent.id, AccountPath: moved.path, MovedAccountCount: moved.count };
    });
  },
});

const getPossibleParentsForMove = defineOperation({
  service: 'IAccountService',
  operation: 'GetPossibleParentsForMove',
  readOnly: true,
  summary:
    "The parents an account may move under (spec §5): accounts of an allowed type in the caller's hierarchy, outside the account's own subtree, not terminated and not its current parent; searchable by name, paged.",
  request: getPossibleParentsRequestSchema,
  response: getPossibleParentsResponseSchema,
  rule: MOVE_RULE,
  async handler(input, { db, caller }) {
    const source = await requireAccountInHierarchy(db, caller, input.accountId, MOVE_RULE);
    const scopePath = await callerScopePath(db, caller, MOVE_RULE);
    const types = await allowedParentTypes(db, source);
    const formerParent = source.parentId ? await loadAccount(db, source.parentId) : undefined;
    const account = {
      AccountId: source.id,
      AccountType: source.type as AccountType,
      DisplayName: source.displayName,
      AccountState: source.state as AccountState,
      ParentAccountId: source.parentId,
      ParentDisplayName: formerParent && formerParent.path.startsWith(scopePath) ? formerParent.displayName : null,
    };
    if (!types.length || source.state === 'Terminated') return { Account: account, Items: [], TotalCount: 0 };

    const search = input.searchText.trim();
    const where = and(
      like(accounts.path, `${escapeLike(scopePath)}%`),
      inArray(accounts.type, types),
      ne(accounts.state, 'Terminated'),
      not(like(accounts.path, `${escapeLike(source.path)}%`)),
      source.parentId ? ne(accounts.id, source.parentId) : undefined,
      search ? ilike(accounts.displayName, `%${escapeLike(search)}%`) : undefined,
    );
    const parentOfCandidate = alias(accounts, 'candidate_parent');
    // A parent above the caller's hierarchy stays unnamed, as everywhere outside it.
    const visibleParentName = sql<string | null>`case when ${parentOfCandidate.path} like ${`${escapeLike(scopePath)}%`} then ${parentOfCandidate.displayName} end`;
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: accounts.id, type: accounts.type, displayName: accounts.displayName, parentName: visibleParentName })
        .from(accounts)
        .leftJoin(parentOfCandidate, eq(parentOfCandidate.id, accounts.parentId))
        .where(where)
        .orderBy(asc(sql`lower(${accounts.displayName})`), asc(accounts.id))
        .limit(input.pageSize)
        .offset(input.page * input.pageSize),
      db.select({ count: sql<number>`count(*)::int` }).from(accounts).where(where),
    ]);
    return {
      Account: account,
      Items: rows.map((r) => ({ AccountId: r.id, AccountType: r.type as AccountType, DisplayName: r.displayName, ParentDisplayName: r.parentName })),
      TotalCount: total?.count ?? 0,
    };
  },
});

export const moveOperations = [moveAccount, getPossibleParentsForMove];
