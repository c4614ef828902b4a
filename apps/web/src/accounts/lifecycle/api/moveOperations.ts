import type { GetPossibleParentsRequest, GetPossibleParentsResponse, MoveAccountRequest, MoveAccountResponse } from '@cmp/contracts/accountLifecycle';
import { callOperation } from '../../../platform/api/callOperation';

/** `IAccountService/GetPossibleParentsForMove`: the valid new parents of an account, searched and paged. */
export function getPossibleParents(request: GetPossibleParentsRequest, signal?: AbortSignal): Promise<GetPossibleParentsResponse> {
  return callOperation<GetPossibleParentsResponse>('IAccountService', 'GetPossibleParentsForMove', request, { signal, suppressErrorToast: true });
}

/** `IAccountService/MoveAccount`: the account and its subtree go under the new parent. The screen shows a refusal itself. */
export function moveAccount(request: MoveAccountRequest): Promise<MoveAccountResponse> {
  return callOperation<MoveAccountResponse>('IAccountService', 'MoveAccount', request, { suppressErrorToast: true });
}
