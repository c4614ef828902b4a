import { and, asc, eq, inArray, like, ne, sql } from 'drizzle-orm';
import { ALLOWED_PARENT_TYPES, type AccountType } from '@cmp/contracts/accounts';
import { getDefaultParentForCreateRequestSchema, getDefaultParentForCreateResponseSchema, type HierarchyEntry } from '@cmp/contracts/accountViews';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { Queryable } from '../../platform/db/database';
import { accounts } from '../../platform/db/schema';
import { accessDenied } from '../../platform/errors';
import { defineOperation } from '../../platform/operations';
import { pathIds, type AccountRow, type CallerSession } from '../../platform/session';
import { accountRequirement } from '../accountAccess';

type Candidate = Pick<AccountRow, 'id' | 'type' | 'displayName'>;
const entry = (row: Candidate): HierarchyEntry => ({ AccountId: row.id, AccountType: row.type as AccountType, DisplayName: row.displayName });

/**
 * Where a new account of the type goes by default (issue 10 "the create screen must never open
 * with a parent the rules refuse"): the nearest account at or above `nearId` that may hold it (the
 * account the user came from), else the first one in the caller's hierarchy — their own company
 * when it may, else the shallowest, by name. Only active and suspended accounts of the caller's
 * hierarchy count (CreateAccount's own rules), so the answer always passes them. Organisations are
 * few next to users, so the second query stays small even for a platform owner.
 */
export async function defaultParentFor(db: Queryable, caller: CallerSession, type: keyof typeof ALLOWED_PARENT_TYPES, nearId: number | null): Promise<Candidate | null> {
  const scope = caller.companyAccount.path;
  const holds = and(inArray(accounts.type, ALLOWED_PARENT_TYPES[type]), ne(accounts.state, 'Terminated'), like(accounts.path, `${scope}%`));
  const columns = { id: accounts.id, type: accounts.type, displayName: accounts.displayName, path: accounts.path };
  if (nearId !== null) {
    // A foreign or missing account is no hint at all: the answer is then the same for both.
    const [near] = await db.select({ path: accounts.path }).from(accounts).where(eq(accounts.id, nearId)).limit(1);
    if (near?.path.startsWith(scope)) {
      const above = await db.select(columns).from(accounts).where(and(holds, inArray(accounts.id, pathIds(near.path))));
      const nearest = above.sort((a, b) => b.path.length - a.path.length)[0];
      if (nearest) return nearest;
    }
  }
  const [first] = await db
    .select(columns)
    .from(accounts)
    .where(holds)
    .orderBy(sql`length(${accounts.path}) - length(replace(${accounts.path}, '/', ''))`, asc(accounts.displayName), asc(accounts.id))
    .limit(1);
  return first ?? null;
}

const getDefaultParentForCreate = defineOperation({
  service: 'IAccountService',
  operation: 'GetDefaultParentForCreate',
  readOnly: true,
  summary: 'Where a new account of the type goes when none is chosen yet: the nearest account at or above nearAccountId (where the user came from) that the hierarchy rules allow as its parent, else the first one in the caller\'s hierarchy; null when none may hold it.',
  request: getDefaultParentForCreateRequestSchema,
  response: getDefaultParentForCreateResponseSchema,
  async handler(input, { db, caller }) {
    if (!isAllowed(caller.capabilities, accountRequirement(input.accountType, 'Create'))) throw accessDenied();
    const parent = await defaultParentFor(db, caller, input.accountType, input.nearAccountId ?? null);
    return { Parent: parent && entry(parent) };
  },
});

export const defaultParentOperations = [getDefaultParentForCreate];
