import { ACCOUNT_CAPABILITY, ALLOWED_PARENT_TYPES, type AccountType } from '@cmp/contracts/accounts';
import type { LoadedAccount } from '@cmp/contracts/accountViews';
import { isAllowed, requirement, type Capability } from '@cmp/contracts/capabilities';

export interface AccountAction {
  id: 'move' | 'terminate' | 'new_user' | 'new_department' | 'new_company';
  to: string;
}

// The children an account page offers to create; which of them an account may hold is the
// hierarchy rules' answer (ALLOWED_PARENT_TYPES: a vendor or reseller holds users too, issue 10).
const NEW_CHILDREN: { id: AccountAction['id']; type: Exclude<AccountType, 'Product'> }[] = [
  { id: 'new_user', type: 'User' },
  { id: 'new_department', type: 'Department' },
  { id: 'new_company', type: 'Company' },
];
const newChildrenOf = (parentType: AccountType) => NEW_CHILDREN.filter((child) => ALLOWED_PARENT_TYPES[child.type].includes(parentType));

/**
 * The action buttons of the account view (preamble "Conventions"): Move with ACCOUNT_MOVE Execute,
 * Terminate with Delete on the type's capability, New user/department/company under this account
 * with Create on that type. A terminated account offers none (spec §4: read-only). The top of the
 * caller's tree (their own company) is neither moved nor terminated from here.
 */
export function accountActions(account: LoadedAccount, capabilities: Capability[], callerCompanyId: number | undefined): AccountAction[] {
  if (account.AccountState === 'Terminated') return [];
  const actions: AccountAction[] = [];
  for (const child of newChildrenOf(account.AccountType)) {
    if (isAllowed(capabilities, requirement(ACCOUNT_CAPABILITY[child.type], ['Create']))) actions.push({ id: child.id, to: `/Account/Create/${child.type}?parentAccountId=${account.AccountId}` });
  }
  const isOwnTop = account.AccountId === callerCompanyId || account.ParentAccountId === null;
  if (!isOwnTop && account.AccountType !== 'Product' && isAllowed(capabilities, requirement('ACCOUNT_MOVE', ['Execute']))) actions.push({ id: 'move', to: `/move?accountId=${account.AccountId}` });
  if (!isOwnTop && isAllowed(capabilities, requirement(ACCOUNT_CAPABILITY[account.AccountType], ['Delete']))) actions.push({ id: 'terminate', to: `/terminate?accountIds=${account.AccountId}` });
  return actions;
}
