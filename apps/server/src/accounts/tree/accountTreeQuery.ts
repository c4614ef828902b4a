import { sql } from 'drizzle-orm';
import type { AccountState, AccountType } from '@cmp/contracts/accounts';
import type { AccountTreeNode } from '@cmp/contracts/accountTree';
import { ACCOUNT_ICON_BY_TYPE } from '@cmp/contracts/search';
import type { Queryable } from '../../platform/db/database';
import { isVisibleSql, type Visibility } from './visibleAccounts';

interface TreeRow {
  id: number;
  type: string;
  display_name: string;
  state: string;
  child_count: number;
}

export const toTreeNode = (row: Pick<TreeRow, 'id' | 'type' | 'display_name' | 'state'>, childCount: number): AccountTreeNode => ({
  AccountId: row.id,
  AccountType: row.type as AccountType,
  DisplayName: row.display_name,
  AccountState: row.state as AccountState,
  Icon: ACCOUNT_ICON_BY_TYPE[row.type as AccountType],
  HasChildren: childCount > 0,
  ChildCount: childCount,
});

const rowsOf = async <T>(db: Queryable, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Resellers and companies first, then departments, users and subscriptions: the order a tree reads top-down. */
const TYPE_ORDER = sql`case a.type when 'Reseller' then 0 when 'Company' then 1 when 'Vendor' then 2 when 'Department' then 3 when 'User' then 4 else 5 end`;

/**
 * One level of the tree: the visible children of `parentId`, each with the number of its own
 * visible children (so the portal knows what expands), and how many there are in all. Both walk
 * accounts_parent_idx; the count per child is an index lookup, never a subtree scan.
 */
export async function loadTreeLevel(
  db: Queryable,
  parentId: number,
  visibility: Visibility,
  options: { showTerminated: boolean; maxRows: number; skip: number },
): Promise<{ children: AccountTreeNode[]; total: number }> {
  const visibleChild = isVisibleSql('a', visibility, options.showTerminated);
  const visibleGrandchild = isVisibleSql('c', visibility, options.showTerminated);
  const [rows, [counted]] = await Promise.all([
    rowsOf<TreeRow>(
      db,
      sql`select a.id, a.type, a.display_name, a.state,
                 (select count(*) from accounts c where c.parent_id = a.id and ${visibleGrandchild})::int as child_count
            from accounts a
           where a.parent_id = ${parentId} and ${visibleChild}
           order by ${TYPE_ORDER}, lower(a.display_name), a.id
           limit ${options.maxRows} offset ${options.skip}`,
    ),
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total from accounts a where a.parent_id = ${parentId} and ${visibleChild}`),
  ]);
  return { children: rows.map((row) => toTreeNode(row, row.child_count)), total: counted?.total ?? 0 };
}
