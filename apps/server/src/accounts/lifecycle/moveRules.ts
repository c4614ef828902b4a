import { eq, inArray, sql } from 'drizzle-orm';
import { ALLOWED_PARENT_TYPES, type AccountType } from '@cmp/contracts/accounts';
import { requirement } from '@cmp/contracts/capabilities';
import type { Queryable } from '../../platform/db/database';
import { accounts, products } from '../../platform/db/schema';
import { ApiError } from '../../platform/errors';
import type { AccountRow } from '../../platform/session';
import { assertAccountWritable } from '../accountAccess';

/** spec §3 ACCOUNT_MOVE: moving needs its Execute flag; both ends must lie in the caller's hierarchy. */
export const MOVE_RULE = requirement('ACCOUNT_MOVE', ['Execute']);

/**
 * The types a parent of this account may have (issue 6 hierarchy rules): ALLOWED_PARENT_TYPES, and
 * for a Product account (a subscription) the parent types its product allows.
 */
export async function allowedParentTypes(db: Queryable, account: Pick<AccountRow, 'type' | 'productName'>): Promise<AccountType[]> {
  if (account.type !== 'Product') return ALLOWED_PARENT_TYPES[account.type as Exclude<AccountType, 'Product'>] ?? [];
  if (!account.productName) return [];
  const [product] = await db.select({ parentTypes: products.parentTypes }).from(products).where(eq(products.name, account.productName)).limit(1);
  return (product?.parentTypes ?? []) as AccountType[];
}

/**
 * Takes row locks on both ends of a move before any check, so two moves at once cannot read stale
 * paths and build a cycle (A under B while B goes under A) on PostgreSQL.
 */
export async function lockAccounts(tx: Queryable, ids: number[]): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, ids)).orderBy(accounts.id).for('update');
}

/** Every refusal of spec §5 "only possible where the hierarchy offers a valid parent", in the order a user would fix them. */
export async function assertValidMove(db: Queryable, source: AccountRow, parent: AccountRow): Promise<void> {
  assertAccountWritable(source);
  assertAccountWritable(parent);
  if (parent.path.startsWith(source.path)) throw new ApiError(400, 'move_into_own_subtree', { name: source.displayName });
  if (parent.id === source.parentId) throw new ApiError(400, 'move_same_parent', { name: source.displayName, parent: parent.displayName });
  if (!(await allowedParentTypes(db, source)).includes(parent.type as AccountType)) {
    throw new ApiError(400, 'invalid_parent', { parent: parent.displayName, type: source.type });
  }
}

/**
 * Rewrites the path of the account and of its whole subtree in one statement (a 10,000-account
 * subtree is one index range scan and one update), and hangs the account under its new parent.
 * Answers how many accounts moved.
 */
export async function rewriteSubtreePath(tx: Queryable, source: AccountRow, parent: AccountRow): Promise<{ path: string; count: number }> {
  const path = `${parent.path}${source.id}/`;
  const result = (await tx.execute(sql`
    with moved as (
      update accounts
         set path = ${path} || substr(path, ${source.path.length + 1}),
             parent_id = case when id = ${source.id} then ${parent.id} else parent_id end,
             updated_at = now()
       where path like ${`${source.path}%`}
      returning 1
    )
    select count(*)::int as count from moved`)) as unknown as { rows: { count: number }[] };
  return { path, count: result.rows[0]?.count ?? 0 };
}
