import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ServiceInfo, ServiceSearchRequest, ServiceSearchResponse } from '@cmp/contracts/marketplace';
import { callOperation } from '../../platform/api/callOperation';

/** One page of Explore (issue 13); the previous page stays on screen while the next one loads. */
export function useServiceSearch(request: ServiceSearchRequest) {
  return useQuery({
    queryKey: ['marketplace', 'explore', request],
    queryFn: ({ signal }) => callOperation<ServiceSearchResponse>('IMarketplaceService', 'SearchServices', request, { suppressErrorToast: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The service page's data: the service priced for the caller (or by a pricelist it manages). */
export function useServiceInfo(serviceId: string, pricelistId: number | undefined) {
  return useQuery({
    queryKey: ['marketplace', 'service', serviceId, pricelistId ?? null],
    queryFn: ({ signal }) =>
      callOperation<ServiceInfo>('IMarketplaceService', 'GetService', { serviceId, ...(pricelistId === undefined ? {} : { pricelistId }) }, { suppressErrorToast: true, signal }),
    retry: false,
  });
}
