import { sql } from 'drizzle-orm';
import type { AccountType } from '@cmp/contracts/accounts';
import {
  getAccountTreeRequestSchema,
  getAccountTreeResponseSchema,
  getPossibleProductsForAccountRequestSchema,
  getPossibleProductsForAccountResponseSchema,
} from '@cmp/contracts/accountTree';
import { requirement } from '@cmp/contracts/capabilities';
import { defineOperation, type OperationDefinition } from '../../platform/operations';
import { requireAccountFor } from '../accountAccess';
import { loadTreeLevel, toTreeNode } from './accountTreeQuery';
import { callerVisibility, loadTopAccount, requireVisibleAccount, visibleHierarchy } from './visibleAccounts';

const getAccountTree = defineOperation({
  service: 'IAccountService',
  operation: 'GetAccountTree',
  readOnly: true,
  summary:
    "One level of the account tree (spec §7): the children of targetRoot (default: the caller's top visible account) that the caller may see, " +
    'by type then name, at most maxRows (≤ 500) from skip, with Total for "Load more results"; terminated accounts only with showTerminatedAccounts. ' +
    'Hierarchy lists the accounts from the top down to the root. A targetRoot outside the hierarchy, unreadable or missing answers 403.',
  request: getAccountTreeRequestSchema,
  response: getAccountTreeResponseSchema,
  async handler({ showTerminatedAccounts, targetRoot, maxRows, skip }, { db, caller }) {
    const visibility = await callerVisibility(db, caller);
    const root = targetRoot ? await requireVisibleAccount(db, targetRoot, visibility) : await loadTopAccount(db, visibility);
    const [level, hierarchy] = await Promise.all([
      loadTreeLevel(db, root.id, visibility, { showTerminated: showTerminatedAccounts, maxRows, skip }),
      visibleHierarchy(db, root, visibility),
    ]);
    return {
      Root: toTreeNode({ id: root.id, type: root.type, display_name: root.displayName, state: root.state }, level.total),
      Hierarchy: hierarchy.map((account) => ({ AccountId: account.id, AccountType: account.type as AccountType, DisplayName: account.displayName })),
      Children: level.children,
      Total: level.total,
    };
  },
});

// spec §6 "New menu needs Create on: product account (order service)": listing what may be ordered
// is the first step of ordering, so it needs the same capability; and the caller must be able to
// read the account the subscription would sit under.
const ORDER_PRODUCT = requirement('PRODUCT_ACCOUNT', ['Create']);

const getPossibleProductsForAccount = defineOperation({
  service: 'IAccountService',
  operation: 'GetPossibleProductsForAccount',
  readOnly: true,
  summary:
    'The products that may be subscribed under an account: active products whose parent types include its type, by display name ' +
    '(none under a terminated account). Needs PRODUCT_ACCOUNT Create and Read on the account; an account outside the hierarchy or missing answers 403.',
  request: getPossibleProductsForAccountRequestSchema,
  response: getPossibleProductsForAccountResponseSchema,
  rule: ORDER_PRODUCT,
  async handler({ accountId }, { db, caller }) {
    const account = await requireAccountFor(db, caller, accountId, 'Read');
    if (account.state === 'Terminated') return [];
    const result = (await db.execute(sql`
      select display_name as "DisplayName", name as "ProductName"
        from products
       where is_active and parent_types @> jsonb_build_array(${account.type}::text)
       order by lower(display_name), name`)) as unknown as { rows: { DisplayName: string; ProductName: string }[] };
    return result.rows;
  },
});

/** The account tree, the products an account may subscribe to (the integration form of Search lives with Search). */
export const accountTreeOperations: OperationDefinition[] = [getAccountTree, getPossibleProductsForAccount];
