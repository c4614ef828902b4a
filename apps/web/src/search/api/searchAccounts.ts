import type { AccountSearchResult, PortalAccountSearchRequest } from '@cmp/contracts/search';
import { callLatestOperation } from '../../platform/api/supersedePrevious';
import { ACCOUNT_SEARCH_REQUEST_KEY } from '../constants/searchConstants';

/**
 * `IAccountService/Search` in the portal form. A newer search cancels this one (spec §7); errors
 * show in the results popup, where the user looks, rather than as a toast.
 */
export function searchAccounts(searchString: string): Promise<AccountSearchResult[]> {
  const body: PortalAccountSearchRequest = { searchString, includeDepartment: true };
  return callLatestOperation<AccountSearchResult[]>(ACCOUNT_SEARCH_REQUEST_KEY, 'IAccountService', 'Search', body, { suppressErrorToast: true });
}
