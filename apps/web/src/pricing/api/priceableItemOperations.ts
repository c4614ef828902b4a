import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GetPriceableItemsRequest, PricedItem } from '@cmp/contracts/pricing';
import { callOperation } from '../../platform/api/callOperation';

export interface PricedItemPage {
  Items: PricedItem[];
  Total: number;
}

/** Everything the grid shows of one pricelist; a rule change invalidates it. */
export const priceableItemsQueryKey = (marketplaceId: number) => ['pricing', 'items', marketplaceId] as const;

export const getPriceableItems = (request: GetPriceableItemsRequest, signal?: AbortSignal) =>
  callOperation<PricedItemPage>('IMarketplaceService', 'GetPriceableItems', request, { suppressErrorToast: true, signal });

/** One page of the grid; the previous page stays on screen while the next one loads. */
export function usePriceableItems(request: GetPriceableItemsRequest, isEnabled = true) {
  return useQuery({
    queryKey: [...priceableItemsQueryKey(request.marketplaceId), 'page', request],
    queryFn: ({ signal }) => getPriceableItems(request, signal),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}
