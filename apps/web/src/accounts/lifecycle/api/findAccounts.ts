import type { AccountSearchResult, PortalAccountSearchRequest } from '@cmp/contracts/search';
import { callOperation } from '../../../platform/api/callOperation';

/** `IAccountService/Search` (portal form) for the account pickers of /move and /terminate. */
export function findAccounts(searchString: string, signal?: AbortSignal): Promise<AccountSearchResult[]> {
  const body: PortalAccountSearchRequest = { searchString, includeDepartment: true };
  return callOperation<AccountSearchResult[]>('IAccountService', 'Search', body, { signal, suppressErrorToast: true });
}
