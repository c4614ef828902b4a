import type { ServiceSearchRequest, ServiceSearchResponse, ServiceSearchResult } from '@cmp/contracts/marketplace';
import { GLOBAL_SEARCH_SERVICES_SHOWN, SERVICE_SEARCH_PAGE_SIZE } from '@cmp/contracts/searchRules';
import { callLatestOperation } from '../../platform/api/supersedePrevious';
import { SERVICE_SEARCH_REQUEST_KEY } from '../constants/searchConstants';

/**
 * spec §7 "Search services: sends page size 100, filter and sort; the previous request is cancelled;
 * the response is a Services list, of which 3 are shown".
 */
export async function searchServices(displayName: string): Promise<ServiceSearchResult[]> {
  const body: ServiceSearchRequest = {
    filter: { DisplayName: displayName, OwnerAccountIds: [], ServiceCategories: [], ServiceTags: [], ShowNewOnly: false, Source: { Type: 'Root' } },
    sort: { Key: 'Ranking', Value: 'ASC' },
    pageSize: SERVICE_SEARCH_PAGE_SIZE,
  };
  const { Services } = await callLatestOperation<ServiceSearchResponse>(SERVICE_SEARCH_REQUEST_KEY, 'IMarketplaceService', 'SearchServices', body, { suppressErrorToast: true });
  return Services.slice(0, GLOBAL_SEARCH_SERVICES_SHOWN);
}
