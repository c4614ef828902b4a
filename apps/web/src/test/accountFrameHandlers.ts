import { loadAccountByIdRequestSchema, loadedAccountSchema, type LoadedAccount } from '@cmp/contracts/accountViews';
import { listScheduledTerminationsRequestSchema, listScheduledTerminationsResponseSchema } from '@cmp/contracts/accountLifecycle';
import { getAccountTreeRequestSchema, getAccountTreeResponseSchema } from '@cmp/contracts/accountTree';
import { operation } from './apiHandlers';

/**
 * The handlers the account page frame (accounts' AccountPageFrame) calls around every account
 * screen: the account it shows, the tree beside it with that account alone in it, and no
 * terminations scheduled under it.
 */
export function accountFrameHandlers(account: Partial<LoadedAccount> = {}) {
  const loaded: LoadedAccount = {
    AccountId: 57,
    AccountType: 'Company',
    DisplayName: 'Contoso Ltd',
    ParentAccountId: 2,
    AccountState: 'Active',
    ProductName: null,
    Hierarchy: [],
    Views: {},
    ...account,
  };
  const node = { AccountId: loaded.AccountId, AccountType: loaded.AccountType, DisplayName: loaded.DisplayName };
  return [
    operation('IAccountService/LoadAccountById', { request: loadAccountByIdRequestSchema, response: loadedAccountSchema }, ({ accountId }) => ({ ...loaded, AccountId: accountId })),
    operation('IAccountService/GetAccountTree', { request: getAccountTreeRequestSchema, response: getAccountTreeResponseSchema }, () => ({
      Root: { ...node, AccountState: 'Active', Icon: 'company', HasChildren: false, ChildCount: 0 },
      Hierarchy: [node],
      Children: [],
      Total: 0,
    })),
    operation('IAccountService/ListScheduledTerminations', { request: listScheduledTerminationsRequestSchema, response: listScheduledTerminationsResponseSchema }, () => ({ Items: [], TotalCount: 0 })),
  ];
}
