import { insertAccount, insertUserCredentials } from '../accounts/accountStore';
import { writeAudit } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import type { AccountRow, CallerSession } from '../platform/session';
import { createStartingRoles } from '../users/organisationRoles';
import type { PlannedAccount } from './importPlan';

/**
 * Creates a group's planned accounts in the caller's transaction, the way CreateAccount does: the
 * account with its path, a new organisation's starting roles, a user's credentials row (no
 * password: the user sets one through "forgot password"), and an AccountCreated audit entry each.
 */
export async function createPlannedAccounts(tx: Queryable, caller: CallerSession, importId: number, planned: PlannedAccount[]): Promise<AccountRow[]> {
  const created: AccountRow[] = [];
  for (const account of planned) {
    const parent = account.parent.kind === 'existing' ? account.parent.account : created[account.parent.index]!;
    const row = await insertAccount(tx, { type: account.type, parent, displayName: account.displayName, views: account.views });
    await createStartingRoles(tx, row);
    const user = account.type === 'User' ? account.views.User!.Values : undefined;
    if (user) {
      await insertUserCredentials(tx, row.id, user);
    }
    await writeAudit(tx, caller, {
      action: 'AccountCreated',
      accountId: row.id,
      accountPath: row.path,
      details: { AccountType: account.type, DisplayName: account.displayName, ParentAccountId: parent.id, ImportId: importId, Row: account.row },
    });
    created.push(row);
  }
  return created;
}
