import type { AccountSummary } from '@cmp/contracts/accounts';

/** Reads `Views[view].Values[field]` as text (spec §3: accounts hold Values by view name). */
export function accountViewValue(account: Pick<AccountSummary, 'Views'> | null | undefined, view: string, field: string): string | undefined {
  const value = account?.Views[view]?.Values[field];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** "Ada Lovelace", or the username when the user view has no name. */
export function userDisplayName(user: { UserAccount: AccountSummary; Username: string }): string {
  const name = [accountViewValue(user.UserAccount, 'User', 'Firstname'), accountViewValue(user.UserAccount, 'User', 'Lastname')]
    .filter(Boolean)
    .join(' ');
  return name || user.UserAccount.DisplayName || user.Username;
}
