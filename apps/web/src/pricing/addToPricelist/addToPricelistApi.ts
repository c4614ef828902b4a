import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GetMarketplaceServicesRequest, GetMarketplaceServicesResponse } from '@cmp/contracts/propagation';
import { callOperation } from '../../platform/api/callOperation';

// IMarketplaceService: the catalog services a pricelist does not offer yet, and adding them (issue 13, /add-to-pricelist).

export function useMarketplaceServices(request: GetMarketplaceServicesRequest) {
  return useQuery({
    queryKey: ['pricing', 'marketplace-services', request],
    queryFn: ({ signal }) => callOperation<GetMarketplaceServicesResponse>('IMarketplaceService', 'GetMarketplaceServices', request, { suppressErrorToast: true, signal }),
    placeholderData: keepPreviousData,
  });
}

export const addServicesToPricelist = (marketplaceId: number, serviceNames: string[]) =>
  callOperation<{ AddedServiceNames: string[]; ServicesCount: number }>('IMarketplaceService', 'AddServicesToMarketplace', { marketplaceId, serviceNames });
