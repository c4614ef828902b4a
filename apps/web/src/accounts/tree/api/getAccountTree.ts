import type { AccountTree, GetAccountTreeRequest } from '@cmp/contracts/accountTree';
import { callOperation } from '../../../platform/api/callOperation';

/** `IAccountService/GetAccountTree`: one level of the tree (spec §7 account tree). */
export function getAccountTree(request: GetAccountTreeRequest, signal?: AbortSignal): Promise<AccountTree> {
  return callOperation<AccountTree>('IAccountService', 'GetAccountTree', request, { signal });
}
