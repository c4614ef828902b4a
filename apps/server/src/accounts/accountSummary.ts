import type { AccountState, AccountSummary, AccountType } from '@cmp/contracts/accounts';
import type { AccountRow } from '../platform/session';

export function toAccountSummary(row: AccountRow): AccountSummary {
  return {
    AccountId: row.id,
    AccountType: row.type as AccountType,
    DisplayName: row.displayName,
    AccountState: row.state as AccountState,
    Views: row.views,
  };
}
